import { COLLECTION_STAGE_MACHINE as machine } from '../status/collection-stage';
import { transition } from '../status/state-machine';
import {
  arrearsNoticeDue,
  arrearsOf,
  collectionStageFor,
  defaultNoticeRemedyDate,
  isValidReminderDaysBefore,
  remindersDue,
} from './collections';
import { type AccountLedger, instalmentPositions } from './repayment-ledger';

const instalments = [1, 2, 3].map((n) => ({
  instalmentNo: n,
  dueDate: `2026-0${n + 1}-10`,
  instalmentSen: 51_667,
  principalSen: 41_667,
  interestSen: 10_000,
}));
const ledger = (over: Partial<AccountLedger> = {}): AccountLedger => ({
  instalments,
  allocations: [],
  accruals: [],
  creditSen: 0,
  ...over,
});

describe('reminders', () => {
  it('reminds of unpaid instalments falling due within the days set, catching up a missed day', () => {
    const positions = (asOf: string) => instalmentPositions(ledger(), asOf);
    expect(remindersDue(positions('2026-02-06'), '2026-02-06', 3)).toEqual([]);
    expect(remindersDue(positions('2026-02-07'), '2026-02-07', 3)).toEqual([
      { instalmentNo: 1, dueDate: '2026-02-10', amountSen: 51_667 },
    ]);
    // The job did not run for two days: the reminder still goes, up to the due date itself.
    expect(remindersDue(positions('2026-02-10'), '2026-02-10', 3)).toHaveLength(1);
    expect(remindersDue(positions('2026-02-11'), '2026-02-11', 3)).toEqual([]);
  });

  it('does not remind of an instalment already paid', () => {
    const paid = ledger({
      allocations: [
        { instalmentNo: 1, kind: 'INTEREST', amountSen: 10_000, businessDate: '2026-02-01' },
        { instalmentNo: 1, kind: 'PRINCIPAL', amountSen: 41_667, businessDate: '2026-02-01' },
      ],
    });
    expect(remindersDue(instalmentPositions(paid, '2026-02-08'), '2026-02-08', 3)).toEqual([]);
  });

  it('accepts 1 to 14 days before as a setting', () => {
    expect([0, 1, 14, 15, 2.5].map(isValidReminderDaysBefore)).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('arrears and default', () => {
  it('counts days past due from the oldest unpaid instalment, ready for default after more than 28', () => {
    const on28 = arrearsOf(instalmentPositions(ledger(), '2026-03-10'));
    expect(on28).toMatchObject({ daysPastDue: 28, overdueSen: 51_667, readyForDefault: false });
    const on29 = arrearsOf(instalmentPositions(ledger(), '2026-03-11'));
    expect(on29).toMatchObject({ daysPastDue: 29, overdueSen: 103_334, readyForDefault: true });
    expect(on29.overdue.map((row) => row.instalmentNo)).toEqual([1, 2]);
  });

  it('moves the stage with the arrears, keeping a notice a person issued until they are cleared', () => {
    const behind = arrearsOf(instalmentPositions(ledger(), '2026-03-11'));
    const fresh = arrearsOf(instalmentPositions(ledger(), '2026-02-11'));
    const clear = arrearsOf(instalmentPositions(ledger(), '2026-02-01'));
    expect(collectionStageFor('CURRENT', fresh)).toBe('IN_ARREARS');
    expect(collectionStageFor('CURRENT', behind)).toBe('READY_FOR_DEFAULT');
    expect(collectionStageFor('READY_FOR_DEFAULT', fresh)).toBe('IN_ARREARS');
    expect(collectionStageFor('DEFAULT_NOTICE_ISSUED', fresh)).toBe('DEFAULT_NOTICE_ISSUED');
    expect(collectionStageFor('DEFAULT_NOTICE_ISSUED', clear)).toBe('CURRENT');
    // Only late charges left: still in arrears, but never pushed there from current.
    const chargesOnly = { ...clear, lateChargesSen: 120 };
    expect(collectionStageFor('IN_ARREARS', chargesOnly)).toBe('IN_ARREARS');
    expect(collectionStageFor('CURRENT', chargesOnly)).toBe('CURRENT');
  });

  it('lets only staff issue a default notice, and only once the account is ready', () => {
    expect(
      transition(machine, 'READY_FOR_DEFAULT', 'DEFAULT_NOTICE_ISSUED', { actor: 'staff' }),
    ).toEqual({ ok: true });
    expect(
      transition(machine, 'READY_FOR_DEFAULT', 'DEFAULT_NOTICE_ISSUED', { actor: 'system' }),
    ).toEqual({ ok: false, reason: 'actorNotAllowed' });
    expect(transition(machine, 'IN_ARREARS', 'DEFAULT_NOTICE_ISSUED', { actor: 'staff' })).toEqual({
      ok: false,
      reason: 'notAllowed',
    });
  });

  it('gives an arrears notice once per newly missed due date', () => {
    const first = arrearsOf(instalmentPositions(ledger(), '2026-02-11'));
    expect(arrearsNoticeDue(first, 0)).toBe(true);
    expect(arrearsNoticeDue(first, 1)).toBe(false);
    const second = arrearsOf(instalmentPositions(ledger(), '2026-03-11'));
    expect(arrearsNoticeDue(second, 1)).toBe(true);
  });

  it('gives at least 14 days to pay in a default notice', () => {
    expect(defaultNoticeRemedyDate('2026-03-20', 14)).toBe('2026-04-03');
    expect(() => defaultNoticeRemedyDate('2026-03-20', 13)).toThrow(RangeError);
    expect(() => defaultNoticeRemedyDate('2026-03-20', 91)).toThrow(RangeError);
  });
});
