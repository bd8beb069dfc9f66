import {
  type CollectionAttempt,
  collectionDayFor,
  type CollectionPlanInput,
  DEFAULT_DIRECT_DEBIT_SETTINGS,
  isBusinessDay,
  isValidDirectDebitSettings,
  planCollection,
} from './direct-debit';

const instalments = [
  { instalmentNo: 1, dueDate: '2027-01-15', unpaidSen: 0 },
  { instalmentNo: 2, dueDate: '2027-02-15', unpaidSen: 51_667 },
  { instalmentNo: 3, dueDate: '2027-03-15', unpaidSen: 51_667 },
];

function plan(
  today: string,
  attempts: CollectionAttempt[] = [],
  more: Partial<CollectionPlanInput> = {},
) {
  return planCollection({
    today,
    instalments,
    lateChargesOutstandingSen: 0,
    creditSen: 0,
    maxAmountSen: 60_000,
    attempts,
    settings: { retryCount: 2, retryDays: 3 },
    publicHolidays: [],
    ...more,
  });
}

describe('planCollection', () => {
  it('collects nothing before the due date', () => {
    expect(plan('2027-02-14')).toEqual({ collect: false, reason: 'nothingDue' });
  });

  it('collects the instalment on its due date, as attempt 1', () => {
    expect(plan('2027-02-15')).toEqual({
      collect: true,
      instalmentNo: 2,
      attemptNo: 1,
      amountSen: 51_667,
    });
  });

  it('adds late charges, takes credit off and stays within the mandate limit', () => {
    expect(plan('2027-02-15', [], { lateChargesOutstandingSen: 213, creditSen: 1_000 })).toEqual(
      expect.objectContaining({ amountSen: 51_667 + 213 - 1_000 }),
    );
    // A month later two instalments are owed; the mandate's limit caps the collection.
    expect(plan('2027-03-15')).toEqual(
      expect.objectContaining({ instalmentNo: 3, attemptNo: 1, amountSen: 60_000 }),
    );
  });

  it('waits for the bank while a collection is out', () => {
    const out: CollectionAttempt = {
      instalmentNo: 2,
      attemptNo: 1,
      collectionDate: '2027-02-15',
      status: 'SUBMITTED',
    };
    expect(plan('2027-02-16', [out])).toEqual({ collect: false, reason: 'awaitingResult' });
  });

  it('retries a failed collection after the days between, as many times as set', () => {
    const failed = (attemptNo: number, collectionDate: string): CollectionAttempt => ({
      instalmentNo: 2,
      attemptNo,
      collectionDate,
      status: 'FAILED',
    });
    expect(plan('2027-02-17', [failed(1, '2027-02-15')])).toEqual({
      collect: false,
      reason: 'notYet',
    });
    expect(plan('2027-02-18', [failed(1, '2027-02-15')])).toEqual(
      expect.objectContaining({ collect: true, attemptNo: 2 }),
    );
    // Three days after the Thursday is a Sunday: the retry goes on the Monday.
    const twoFailed = [failed(1, '2027-02-15'), failed(2, '2027-02-18')];
    expect(plan('2027-02-21', twoFailed)).toEqual({ collect: false, reason: 'notBusinessDay' });
    expect(plan('2027-02-22', twoFailed)).toEqual(
      expect.objectContaining({ collect: true, attemptNo: 3 }),
    );
    expect(
      plan('2027-03-01', [
        failed(1, '2027-02-15'),
        failed(2, '2027-02-18'),
        failed(3, '2027-02-22'),
      ]),
    ).toEqual({ collect: false, reason: 'retriesUsed' });
    // No retries set: one attempt only.
    expect(
      plan('2027-02-20', [failed(1, '2027-02-15')], { settings: { retryCount: 0, retryDays: 1 } }),
    ).toEqual({
      collect: false,
      reason: 'retriesUsed',
    });
  });

  it('does not collect again once collected, and not when nothing is owed', () => {
    const done: CollectionAttempt = {
      instalmentNo: 2,
      attemptNo: 1,
      collectionDate: '2027-02-15',
      status: 'SUCCEEDED',
    };
    expect(plan('2027-02-20', [done])).toEqual({ collect: false, reason: 'collected' });
    expect(plan('2027-02-15', [], { creditSen: 51_667 })).toEqual({
      collect: false,
      reason: 'nothingDue',
    });
  });

  it('collects an instalment due on a weekend or a public holiday on the business day before', () => {
    // 15 May 2027 is a Saturday; 14 May, the Friday, is a public holiday in this calendar.
    const onSaturday = [{ instalmentNo: 1, dueDate: '2027-05-15', unpaidSen: 51_667 }];
    const more = { instalments: onSaturday, publicHolidays: ['2027-05-14'] };
    expect(collectionDayFor('2027-05-15', ['2027-05-14'])).toBe('2027-05-13');
    expect(plan('2027-05-12', [], more)).toEqual({ collect: false, reason: 'nothingDue' });
    expect(plan('2027-05-13', [], more)).toEqual({
      collect: true,
      instalmentNo: 1,
      attemptNo: 1,
      amountSen: 51_667,
    });
    // Missed on the Thursday (the job did not run): the bank is closed until Monday.
    expect(plan('2027-05-15', [], more)).toEqual({ collect: false, reason: 'notBusinessDay' });
    expect(plan('2027-05-17', [], more)).toEqual(expect.objectContaining({ collect: true }));
    expect(isBusinessDay('2027-05-17', ['2027-05-14'])).toBe(true);
    expect(isBusinessDay('2027-05-14', ['2027-05-14'])).toBe(false);
    expect(collectionDayFor('2027-05-17', [])).toBe('2027-05-17');
  });

  it('knows sensible retry settings', () => {
    expect(isValidDirectDebitSettings(DEFAULT_DIRECT_DEBIT_SETTINGS)).toBe(true);
    expect(isValidDirectDebitSettings({ retryCount: 6, retryDays: 3 })).toBe(false);
    expect(isValidDirectDebitSettings({ retryCount: 1, retryDays: 0 })).toBe(false);
    expect(isValidDirectDebitSettings({ retryCount: 1.5, retryDays: 2 })).toBe(false);
  });
});
