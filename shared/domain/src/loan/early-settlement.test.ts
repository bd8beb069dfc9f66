import { earlySettlement, interestAccruedTo, interestPerInstalment } from './early-settlement';

// RM10,000 at 16.8% p.a. for 12 months: RM1,680 interest, RM140 a month.
const loan = {
  principalSen: 1_000_000,
  totalInterestSen: 168_000,
  tenureMonths: 12,
  disbursementDate: '2025-01-01',
  firstDueDate: '2025-02-01',
};

describe('interest accrued to a date', () => {
  it('splits the flat interest into equal monthly shares, the last absorbing the rounding', () => {
    expect(interestPerInstalment(168_000, 12)).toEqual(Array(12).fill(14_000));
    expect(interestPerInstalment(100, 3)).toEqual([33, 33, 34]);
  });

  it('accrues nothing on the disbursement date', () => {
    expect(interestAccruedTo(loan, '2025-01-01')).toBe(0);
  });

  it('accrues a full share for every due date reached', () => {
    expect(interestAccruedTo(loan, '2025-02-01')).toBe(14_000);
    expect(interestAccruedTo(loan, '2025-04-01')).toBe(42_000);
  });

  it('accrues the period in progress day by day', () => {
    // 1 March to 1 April is 31 days; 16 March is 15 days in: 140 x 15/31 = RM67.74
    expect(interestAccruedTo(loan, '2025-03-16')).toBe(28_000 + 6_774);
  });

  it('never accrues more than the total interest', () => {
    expect(interestAccruedTo(loan, '2026-06-01')).toBe(168_000);
  });

  it('refuses a date before disbursement', () => {
    expect(() => interestAccruedTo(loan, '2024-12-31')).toThrow(RangeError);
  });
});

describe('early settlement amount', () => {
  it('is unpaid principal plus interest accrued to date plus late charges, never Rule of 78', () => {
    // Two instalments of RM973.33 paid; settling on 16 March.
    const result = earlySettlement({
      ...loan,
      settlementDate: '2025-03-16',
      paidSen: 2 * 97_333,
      lateChargesOutstandingSen: 213,
    });
    // Accrued 280.00 + 67.74 = 347.74; paid 1,946.66 covers it, 1,598.92 reduces the principal.
    expect(result).toEqual({
      accruedInterestSen: 34_774,
      unpaidInterestSen: 0,
      unpaidPrincipalSen: 1_000_000 - (194_666 - 34_774),
      lateChargesSen: 213,
      interestForgoneSen: 168_000 - 34_774,
      settlementSen: 1_000_000 - (194_666 - 34_774) + 213,
    });
  });

  it('charges the accrued interest still unpaid when instalments are behind', () => {
    const result = earlySettlement({
      ...loan,
      settlementDate: '2025-03-01',
      paidSen: 0,
      lateChargesOutstandingSen: 0,
    });
    expect(result.unpaidInterestSen).toBe(28_000);
    expect(result.settlementSen).toBe(1_028_000);
  });

  it('is the full schedule less payments at maturity', () => {
    const result = earlySettlement({
      ...loan,
      settlementDate: '2026-01-01',
      paidSen: 11 * 97_333,
      lateChargesOutstandingSen: 0,
    });
    expect(result.settlementSen).toBe(97_337);
    expect(result.interestForgoneSen).toBe(0);
  });

  it('is nothing once everything is paid', () => {
    const result = earlySettlement({
      ...loan,
      settlementDate: '2026-01-02',
      paidSen: 1_168_000,
      lateChargesOutstandingSen: 0,
    });
    expect(result.settlementSen).toBe(0);
  });

  it('refuses negative or fractional amounts', () => {
    expect(() =>
      earlySettlement({
        ...loan,
        settlementDate: '2025-03-01',
        paidSen: -1,
        lateChargesOutstandingSen: 0,
      }),
    ).toThrow(RangeError);
    expect(() =>
      earlySettlement({
        ...loan,
        settlementDate: '2025-03-01',
        paidSen: 0,
        lateChargesOutstandingSen: 0.5,
      }),
    ).toThrow(RangeError);
  });
});
