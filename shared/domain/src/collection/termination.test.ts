import { type AccountLedger, instalmentPositions } from '../loan/repayment-ledger';
import { addMonths } from '../time/calendar-date';
import {
  acceleratedSchedule,
  earliestTerminationDate,
  terminationBalance,
  terminationRefusal,
} from './termination';

// RM10,000 at 16.8% for 12 months: 11 x RM973.33 and RM973.37; RM140 interest a month.
const instalments = Array.from({ length: 12 }, (_, i) => {
  const last = i === 11;
  const interestSen = 14_000;
  const instalmentSen = last ? 97_337 : 97_333;
  return {
    instalmentNo: i + 1,
    dueDate: addMonths('2025-02-15', i),
    instalmentSen,
    principalSen: instalmentSen - interestSen,
    interestSen,
  };
});

describe('when staff may terminate', () => {
  const notice = { issuedOn: '2025-04-20', remedyBy: '2025-05-04' };
  const base = { accountStatus: 'ACTIVE', daysPastDue: 50, notice, asOf: '2025-05-05' };

  it('allows it after more than 28 days in default and the notice’s day to pay has passed', () => {
    expect(terminationRefusal(base)).toBeNull();
    expect(earliestTerminationDate(notice)).toBe('2025-05-05');
  });

  it('refuses at 28 days in default, without a notice, or while the notice runs', () => {
    expect(terminationRefusal({ ...base, daysPastDue: 28 })).toBe('notLongEnoughInDefault');
    expect(terminationRefusal({ ...base, notice: null })).toBe('noDefaultNotice');
    expect(terminationRefusal({ ...base, asOf: '2025-05-04' })).toBe('noticeStillRunning');
    expect(terminationRefusal({ ...base, accountStatus: 'TERMINATED' })).toBe('notActive');
  });

  it('waits 14 days after the notice even across a month end, leap day included', () => {
    const leap = { issuedOn: '2028-02-20', remedyBy: '2028-03-05' };
    expect(earliestTerminationDate(leap)).toBe('2028-03-06');
    expect(terminationRefusal({ ...base, notice: leap, asOf: '2028-03-05' })).toBe(
      'noticeStillRunning',
    );
    expect(terminationRefusal({ ...base, notice: leap, asOf: '2028-03-06' })).toBeNull();
  });
});

describe('the balance that falls due on termination', () => {
  // Two instalments missed (15 Feb, 15 Mar), a late charge of RM12.34 outstanding, terminated
  // on 20 May: instalments 1-4 are due, 5-12 are not.
  const ledger: AccountLedger = {
    instalments,
    allocations: [
      { instalmentNo: 3, kind: 'INTEREST', amountSen: 14_000, businessDate: '2025-04-15' },
      { instalmentNo: 3, kind: 'PRINCIPAL', amountSen: 83_333, businessDate: '2025-04-15' },
    ],
    accruals: [
      {
        instalmentNo: 1,
        day: '2025-02-16',
        daysInDefault: 1,
        overdueSen: 97_333,
        amountSen: 1_234,
      },
    ],
    creditSen: 0,
  };
  const on = '2025-05-20';
  const figures = terminationBalance(instalmentPositions(ledger, on), on);

  it('is principal unpaid + interest of instalments already due + late charges', () => {
    expect(figures.unpaidPrincipalSen).toBe(1_000_000 - 83_333);
    expect(figures.earnedInterestSen).toBe(3 * 14_000); // instalments 1, 2 and 4
    expect(figures.lateChargesSen).toBe(1_234);
    expect(figures.balanceSen).toBe(1_000_000 - 83_333 + 42_000 + 1_234);
  });

  it('charges no interest for months not reached, the month in progress included', () => {
    expect(figures.interestForgoneSen).toBe(8 * 14_000);
    expect(figures.rebates.map((r) => r.instalmentNo)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    expect(figures.rebates.every((r) => r.amountSen === 14_000)).toBe(true);
    // Everything the schedule asked for, less the forgone interest, less what was paid.
    const scheduled = instalments.reduce((sum, row) => sum + row.instalmentSen, 0);
    expect(figures.balanceSen - figures.lateChargesSen).toBe(
      scheduled - 97_333 - figures.interestForgoneSen,
    );
  });

  it('makes every instalment not yet due fall due on the termination date', () => {
    const accelerated = acceleratedSchedule(instalments, on);
    expect(accelerated.slice(0, 4).map((row) => row.dueDate)).toEqual(
      instalments.slice(0, 4).map((row) => row.dueDate),
    );
    expect(accelerated.slice(4).every((row) => row.dueDate === on)).toBe(true);
    expect(accelerated.map((row) => row.instalmentSen)).toEqual(
      instalments.map((row) => row.instalmentSen),
    );
  });
});
