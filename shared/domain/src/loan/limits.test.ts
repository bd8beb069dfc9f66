import { checkLoanAmount, checkTenure, DEFAULT_LOAN_LIMITS, tenureChoices } from './limits';

describe('loan amount limits', () => {
  it('accepts RM5,000 to RM50,000 inclusive', () => {
    expect(checkLoanAmount(500_000)).toEqual({ ok: true });
    expect(checkLoanAmount(5_000_000)).toEqual({ ok: true });
  });

  it('rejects an amount below RM5,000', () => {
    expect(checkLoanAmount(499_999)).toEqual({ ok: false, reason: 'belowMinimum', limit: 500_000 });
  });

  it('rejects an amount above RM50,000', () => {
    expect(checkLoanAmount(5_000_001)).toEqual({
      ok: false,
      reason: 'aboveMaximum',
      limit: 5_000_000,
    });
  });

  it('rejects an amount that is not whole sen', () => {
    expect(checkLoanAmount(600_000.5)).toEqual({ ok: false, reason: 'notWhole' });
  });

  it('follows the limits in the product settings', () => {
    const limits = { ...DEFAULT_LOAN_LIMITS, maxAmountSen: 1_000_000 };
    expect(checkLoanAmount(1_000_001, limits)).toEqual({
      ok: false,
      reason: 'aboveMaximum',
      limit: 1_000_000,
    });
  });
});

describe('tenure limits', () => {
  it('accepts 6 to 24 months inclusive', () => {
    expect(checkTenure(6)).toEqual({ ok: true });
    expect(checkTenure(24)).toEqual({ ok: true });
  });

  it('rejects a tenure shorter than 6 or longer than 24 months', () => {
    expect(checkTenure(5)).toEqual({ ok: false, reason: 'belowMinimum', limit: 6 });
    expect(checkTenure(25)).toEqual({ ok: false, reason: 'aboveMaximum', limit: 24 });
  });

  it('rejects a tenure that is not a whole number of months', () => {
    expect(checkTenure(12.5)).toEqual({ ok: false, reason: 'notWhole' });
  });

  it('lists every tenure a borrower may choose', () => {
    expect(tenureChoices()).toHaveLength(19);
    expect(
      tenureChoices({ ...DEFAULT_LOAN_LIMITS, minTenureMonths: 6, maxTenureMonths: 8 }),
    ).toEqual([6, 7, 8]);
  });
});
