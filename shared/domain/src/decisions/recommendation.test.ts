import { DEFAULT_FEE_SETTINGS } from '../loan/fees';
import { DEFAULT_LOAN_LIMITS } from '../loan/limits';
import { DEFAULT_PRODUCT_SETTINGS } from '../settings/product-settings';
import type { Recommendation } from './recommendation';
import { checkRecommendation } from './recommendation';

const unsecured: Recommendation = {
  amountSen: 1_000_000,
  tenureMonths: 12,
  annualRateBp: 1680,
  security: 'UNSECURED',
};
const secured: Recommendation = {
  amountSen: 3_000_000,
  tenureMonths: 24,
  annualRateBp: 1200,
  security: 'SECURED',
  securityParticulars: { description: 'Fixed deposit certificate 0012345', valueSen: 4_000_000 },
};

describe('checking a recommendation', () => {
  it('accepts unsecured terms within the limits and the cap', () => {
    expect(checkRecommendation(unsecured)).toEqual({
      ok: true,
      failures: [],
      needsComplianceReview: true,
    });
  });

  it('accepts secured terms with the particulars of the security', () => {
    expect(checkRecommendation(secured)).toMatchObject({ ok: true, failures: [] });
  });

  it('refuses an amount or tenure outside the product limits, naming the limit', () => {
    expect(
      checkRecommendation({ ...unsecured, amountSen: 499_999, tenureMonths: 25 }).failures,
    ).toEqual([
      { code: 'amountBelowMinimum', limitSen: 500_000 },
      { code: 'tenureAboveMaximum', limitMonths: 24 },
    ]);
    expect(
      checkRecommendation({ ...unsecured, amountSen: 5_000_001, tenureMonths: 5 }).failures,
    ).toEqual([
      { code: 'amountAboveMaximum', limitSen: 5_000_000 },
      { code: 'tenureBelowMinimum', limitMonths: 6 },
    ]);
  });

  it('refuses fractions of a sen or of a month', () => {
    expect(
      checkRecommendation({ ...unsecured, amountSen: 1_000_000.5, tenureMonths: 6.5 }).failures,
    ).toEqual([{ code: 'amountNotWhole' }, { code: 'tenureNotWhole' }]);
  });

  it('refuses a rate above the cap of its security type', () => {
    expect(checkRecommendation({ ...unsecured, annualRateBp: 1801 }).failures).toEqual([
      { code: 'rateAboveCap', annualRateBp: 1801, capBp: 1800 },
    ]);
    expect(checkRecommendation({ ...secured, annualRateBp: 1201 }).failures).toEqual([
      { code: 'rateAboveCap', annualRateBp: 1201, capBp: 1200 },
    ]);
    expect(checkRecommendation({ ...unsecured, annualRateBp: 1800 }).ok).toBe(true);
  });

  it('refuses a rate that is not a positive whole number of basis points', () => {
    expect(checkRecommendation({ ...unsecured, annualRateBp: 0 }).failures).toEqual([
      { code: 'rateInvalid' },
    ]);
    expect(checkRecommendation({ ...unsecured, annualRateBp: 16.8 }).failures).toEqual([
      { code: 'rateInvalid' },
    ]);
  });

  it('refuses total interest above the principal under a widened cap', () => {
    const caps = { securedMaxAnnualRateBp: 1200, unsecuredMaxAnnualRateBp: 9000 };
    const result = checkRecommendation(
      { ...unsecured, annualRateBp: 6000, tenureMonths: 24 },
      {
        limits: DEFAULT_LOAN_LIMITS,
        fees: DEFAULT_FEE_SETTINGS,
        caps,
      },
    );
    expect(result.failures).toEqual([
      { code: 'interestAbovePrincipal', totalInterestSen: 1_200_000, principalSen: 1_000_000 },
    ]);
  });

  it('refuses a secured recommendation without the particulars or value of the security', () => {
    expect(checkRecommendation({ ...secured, securityParticulars: null }).failures).toEqual([
      { code: 'securityParticularsMissing' },
      { code: 'securityValueMissing' },
    ]);
    expect(
      checkRecommendation({
        ...secured,
        securityParticulars: { description: '  ', valueSen: 0 },
      }).failures,
    ).toEqual([{ code: 'securityParticularsMissing' }, { code: 'securityValueMissing' }]);
  });

  it('returns every failure at once', () => {
    const result = checkRecommendation({
      amountSen: 100,
      tenureMonths: 48,
      annualRateBp: 1500,
      security: 'SECURED',
    });
    expect(result.ok).toBe(false);
    expect(result.failures.map((failure) => failure.code)).toEqual([
      'amountBelowMinimum',
      'tenureAboveMaximum',
      'rateAboveCap',
      'securityParticularsMissing',
      'securityValueMissing',
    ]);
  });

  it('flags for compliance review when the all-in rate with fees passes the cap', () => {
    // 16.8% plus a 7% attestation fee kept by the lender is above 18% all in.
    expect(checkRecommendation(unsecured).needsComplianceReview).toBe(true);
    // 10% with the 7% fee spread over 24 months stays under 18% all in.
    const lowRate = checkRecommendation({ ...unsecured, annualRateBp: 1000, tenureMonths: 24 });
    expect(lowRate.needsComplianceReview).toBe(false);
  });

  it('takes its limits from the product settings', () => {
    const settings = {
      ...DEFAULT_PRODUCT_SETTINGS,
      limits: { ...DEFAULT_PRODUCT_SETTINGS.limits, maxAmountSen: 800_000 },
    };
    expect(checkRecommendation(unsecured, settings).failures).toEqual([
      { code: 'amountAboveMaximum', limitSen: 800_000 },
    ]);
  });
});
