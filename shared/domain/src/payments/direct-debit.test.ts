import {
  type CollectionAttempt,
  type CollectionPlanInput,
  DEFAULT_DIRECT_DEBIT_SETTINGS,
  isValidDirectDebitSettings,
  planCollection,
} from './direct-debit';

const instalments = [
  { instalmentNo: 1, dueDate: '2026-01-15', unpaidSen: 0 },
  { instalmentNo: 2, dueDate: '2026-02-15', unpaidSen: 51_667 },
  { instalmentNo: 3, dueDate: '2026-03-15', unpaidSen: 51_667 },
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
    ...more,
  });
}

describe('planCollection', () => {
  it('collects nothing before the due date', () => {
    expect(plan('2026-02-14')).toEqual({ collect: false, reason: 'nothingDue' });
  });

  it('collects the instalment on its due date, as attempt 1', () => {
    expect(plan('2026-02-15')).toEqual({
      collect: true,
      instalmentNo: 2,
      attemptNo: 1,
      amountSen: 51_667,
    });
  });

  it('adds late charges, takes credit off and stays within the mandate limit', () => {
    expect(plan('2026-02-15', [], { lateChargesOutstandingSen: 213, creditSen: 1_000 })).toEqual(
      expect.objectContaining({ amountSen: 51_667 + 213 - 1_000 }),
    );
    // A month later two instalments are owed; the mandate's limit caps the collection.
    expect(plan('2026-03-15')).toEqual(
      expect.objectContaining({ instalmentNo: 3, attemptNo: 1, amountSen: 60_000 }),
    );
  });

  it('waits for the bank while a collection is out', () => {
    const out: CollectionAttempt = {
      instalmentNo: 2,
      attemptNo: 1,
      collectionDate: '2026-02-15',
      status: 'SUBMITTED',
    };
    expect(plan('2026-02-16', [out])).toEqual({ collect: false, reason: 'awaitingResult' });
  });

  it('retries a failed collection after the days between, as many times as set', () => {
    const failed = (attemptNo: number, collectionDate: string): CollectionAttempt => ({
      instalmentNo: 2,
      attemptNo,
      collectionDate,
      status: 'FAILED',
    });
    expect(plan('2026-02-17', [failed(1, '2026-02-15')])).toEqual({
      collect: false,
      reason: 'notYet',
    });
    expect(plan('2026-02-18', [failed(1, '2026-02-15')])).toEqual(
      expect.objectContaining({ collect: true, attemptNo: 2 }),
    );
    expect(plan('2026-02-21', [failed(1, '2026-02-15'), failed(2, '2026-02-18')])).toEqual(
      expect.objectContaining({ collect: true, attemptNo: 3 }),
    );
    expect(
      plan('2026-02-28', [
        failed(1, '2026-02-15'),
        failed(2, '2026-02-18'),
        failed(3, '2026-02-21'),
      ]),
    ).toEqual({ collect: false, reason: 'retriesUsed' });
    // No retries set: one attempt only.
    expect(
      plan('2026-02-20', [failed(1, '2026-02-15')], { settings: { retryCount: 0, retryDays: 1 } }),
    ).toEqual({
      collect: false,
      reason: 'retriesUsed',
    });
  });

  it('does not collect again once collected, and not when nothing is owed', () => {
    const done: CollectionAttempt = {
      instalmentNo: 2,
      attemptNo: 1,
      collectionDate: '2026-02-15',
      status: 'SUCCEEDED',
    };
    expect(plan('2026-02-20', [done])).toEqual({ collect: false, reason: 'collected' });
    expect(plan('2026-02-15', [], { creditSen: 51_667 })).toEqual({
      collect: false,
      reason: 'nothingDue',
    });
  });

  it('knows sensible retry settings', () => {
    expect(isValidDirectDebitSettings(DEFAULT_DIRECT_DEBIT_SETTINGS)).toBe(true);
    expect(isValidDirectDebitSettings({ retryCount: 6, retryDays: 3 })).toBe(false);
    expect(isValidDirectDebitSettings({ retryCount: 1, retryDays: 0 })).toBe(false);
    expect(isValidDirectDebitSettings({ retryCount: 1.5, retryDays: 2 })).toBe(false);
  });
});
