import { instalmentSchedule } from './flat-rate';
import {
  canonicalScheduleText,
  firstDueDateAfterDisbursement,
  repaymentScheduleRows,
} from './repayment-schedule';

describe('repayment schedule', () => {
  it('is due one month after disbursement unless the settings say otherwise', () => {
    expect(firstDueDateAfterDisbursement('2026-01-31')).toBe('2026-02-28');
    expect(
      firstDueDateAfterDisbursement('2026-01-15', { firstDueMonthsAfterDisbursement: 2 }),
    ).toBe('2026-03-15');
    expect(() =>
      firstDueDateAfterDisbursement('2026-01-15', { firstDueMonthsAfterDisbursement: 0 }),
    ).toThrow(RangeError);
  });

  it('splits the worked example (RM10,000, 16.8%, 12 months) to the sen', () => {
    const rows = repaymentScheduleRows(
      { principalSen: 1_000_000, tenureMonths: 12, annualRateBp: 1680 },
      '2026-02-28',
    );
    expect(rows.map((row) => row.instalmentSen)).toEqual([
      ...Array.from({ length: 11 }, () => 97_333),
      97_337,
    ]);
    // RM1,680 interest over 12 months: RM140 each.
    expect(rows.every((row) => row.interestSen === 14_000)).toBe(true);
    expect(rows[0]).toEqual({
      instalmentNo: 1,
      dueDate: '2026-02-28',
      instalmentSen: 97_333,
      interestSen: 14_000,
      principalSen: 83_333,
    });
    expect(rows[11]!.principalSen).toBe(83_337);
    expect(rows[1]!.dueDate).toBe('2026-03-28');
    expect(rows.reduce((sum, row) => sum + row.principalSen, 0)).toBe(1_000_000);
  });

  it('matches the instalment table for terms whose interest does not divide evenly', () => {
    const terms = { principalSen: 1_234_567, tenureMonths: 7, annualRateBp: 1200 };
    const rows = repaymentScheduleRows(terms, '2026-05-01');
    const schedule = instalmentSchedule(terms);
    expect(rows.map((row) => row.instalmentSen)).toEqual(schedule.instalmentsSen);
    expect(rows.reduce((sum, row) => sum + row.interestSen, 0)).toBe(schedule.totalInterestSen);
    expect(rows.reduce((sum, row) => sum + row.principalSen, 0)).toBe(terms.principalSen);
  });

  it('writes one canonical line per row', () => {
    const rows = repaymentScheduleRows(
      { principalSen: 600_000, tenureMonths: 6, annualRateBp: 1200 },
      '2026-01-10',
    );
    expect(canonicalScheduleText(rows).split('\n')[0]).toBe('1|2026-01-10|106000|100000|6000');
  });
});
