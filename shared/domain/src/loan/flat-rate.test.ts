import {
  flatRateInterest,
  instalmentDueDates,
  instalmentSchedule,
  simulateInstalments,
} from './flat-rate';

describe('flat-rate instalments', () => {
  it('RM10,000 unsecured at 16.8% p.a. for 12 months: interest RM1,680, 11 x RM973.33 and a last RM973.37', () => {
    const schedule = instalmentSchedule({
      principalSen: 1_000_000,
      tenureMonths: 12,
      annualRateBp: 1680,
    });
    expect(schedule.totalInterestSen).toBe(168_000);
    expect(schedule.totalRepayableSen).toBe(1_168_000);
    expect(schedule.monthlyInstalmentSen).toBe(97_333);
    expect(schedule.lastInstalmentSen).toBe(97_337);
    expect(schedule.instalmentsSen).toEqual([...Array(11).fill(97_333), 97_337]);
  });

  it('adds the instalments up to exactly principal plus interest', () => {
    for (const [principalSen, tenureMonths, annualRateBp] of [
      [500_000, 6, 1200],
      [1_234_567, 7, 1680],
      [5_000_000, 24, 1680],
      [777_777, 13, 1111],
    ] as const) {
      const s = instalmentSchedule({ principalSen, tenureMonths, annualRateBp });
      expect(s.instalmentsSen.reduce((a, b) => a + b, 0)).toBe(principalSen + s.totalInterestSen);
      expect(s.instalmentsSen).toHaveLength(tenureMonths);
    }
  });

  it('rounds the interest half up to the sen', () => {
    // 1% a year for one month: RM1,000.05 -> 83.3375 sen; RM6.00 -> exactly half a sen
    expect(flatRateInterest({ principalSen: 100_005, tenureMonths: 1, annualRateBp: 100 })).toBe(
      83,
    );
    expect(flatRateInterest({ principalSen: 600, tenureMonths: 1, annualRateBp: 100 })).toBe(1);
    expect(flatRateInterest({ principalSen: 599, tenureMonths: 1, annualRateBp: 100 })).toBe(0);
  });

  it('lets the last instalment be smaller when the others round up', () => {
    // RM2.00 over 3 months without interest: 0.67, 0.67 and a last 0.66
    const s = instalmentSchedule({ principalSen: 200, tenureMonths: 3, annualRateBp: 0 });
    expect(s.instalmentsSen).toEqual([67, 67, 66]);
  });

  it('refuses a fractional principal, a non-positive tenure or a negative rate', () => {
    expect(() =>
      instalmentSchedule({ principalSen: 100.5, tenureMonths: 12, annualRateBp: 1200 }),
    ).toThrow(RangeError);
    expect(() =>
      instalmentSchedule({ principalSen: 100_000, tenureMonths: 0, annualRateBp: 1200 }),
    ).toThrow(RangeError);
    expect(() =>
      instalmentSchedule({ principalSen: 100_000, tenureMonths: 12, annualRateBp: -1 }),
    ).toThrow(RangeError);
  });

  it('simulates at 1.5% a month by default', () => {
    const s = simulateInstalments({ principalSen: 1_000_000, tenureMonths: 12 });
    expect(s.totalInterestSen).toBe(180_000);
    expect(s.monthlyInstalmentSen).toBe(98_333);
    expect(s.lastInstalmentSen).toBe(98_337);
  });

  it('simulates at another monthly rate from the settings', () => {
    const s = simulateInstalments({
      principalSen: 1_000_000,
      tenureMonths: 10,
      monthlyRateBp: 100,
    });
    expect(s.totalInterestSen).toBe(100_000);
    expect(s.instalmentsSen).toEqual(Array(10).fill(110_000));
  });

  it('falls each due date a month after the last, clamped to the end of the month', () => {
    expect(instalmentDueDates('2025-01-31', 4)).toEqual([
      '2025-01-31',
      '2025-02-28',
      '2025-03-31',
      '2025-04-30',
    ]);
  });
});
