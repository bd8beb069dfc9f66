import { daysInDefault, lateCharge, lateChargeToAccrue } from './late-charge';

describe('late charge', () => {
  it('charges RM2.13 on RM973.33 overdue for 10 days', () => {
    expect(lateCharge({ overdueSen: 97_333, daysOverdue: 10 })).toBe(213);
  });

  it('charges 8% a year per day over 365, simple', () => {
    expect(lateCharge({ overdueSen: 1_000_000, daysOverdue: 365 })).toBe(80_000);
    expect(lateCharge({ overdueSen: 1_000_000, daysOverdue: 730 })).toBe(160_000);
  });

  it('charges nothing before the first day in default', () => {
    expect(lateCharge({ overdueSen: 97_333, daysOverdue: 0 })).toBe(0);
  });

  it('follows the late charge rate in the settings', () => {
    expect(lateCharge({ overdueSen: 1_000_000, daysOverdue: 365, annualRateBp: 500 })).toBe(50_000);
  });

  it('refuses negative days or a fractional amount', () => {
    expect(() => lateCharge({ overdueSen: 97_333, daysOverdue: -1 })).toThrow(RangeError);
    expect(() => lateCharge({ overdueSen: 973.33, daysOverdue: 1 })).toThrow(RangeError);
  });

  it('counts days in default from the day after the due date', () => {
    expect(daysInDefault('2025-03-01', '2025-03-01')).toBe(0);
    expect(daysInDefault('2025-03-01', '2025-02-20')).toBe(0);
    expect(daysInDefault('2025-03-01', '2025-03-11')).toBe(10);
  });
});

describe('daily late charge accrual', () => {
  const instalment = { overdueSen: 97_333, dueDate: '2025-03-01' };

  it('adds the charge due to date less what was already charged', () => {
    expect(lateChargeToAccrue({ ...instalment, asOf: '2025-03-11', alreadyChargedSen: 0 })).toBe(
      213,
    );
    expect(lateChargeToAccrue({ ...instalment, asOf: '2025-03-12', alreadyChargedSen: 213 })).toBe(
      22,
    );
  });

  it('adds nothing when run twice for the same day', () => {
    expect(lateChargeToAccrue({ ...instalment, asOf: '2025-03-11', alreadyChargedSen: 213 })).toBe(
      0,
    );
  });

  it('catches up a missed day on the next run', () => {
    const dayByDay = [1, 2, 3].reduce(
      (charged, day) =>
        charged +
        lateChargeToAccrue({
          ...instalment,
          asOf: `2025-03-0${day + 1}`,
          alreadyChargedSen: charged,
        }),
      0,
    );
    const skipped = lateChargeToAccrue({ ...instalment, asOf: '2025-03-04', alreadyChargedSen: 0 });
    expect(skipped).toBe(dayByDay);
  });
});
