import { DEFAULT_PRODUCT_SETTINGS } from '../settings/product-settings';
import { allInRateBreakdown, allInRateWarnings } from './all-in-rate';
import { approvedLoanSummary } from './fees';

describe('the all-in rate, split into interest and the fee the lender keeps', () => {
  it('shows the 12% attestation fee is what takes a secured 12-month offer to 27.27%', () => {
    const offer = approvedLoanSummary({
      approvedSen: 1_000_000,
      tenureMonths: 12,
      annualRateBp: 1200,
      security: 'SECURED',
    });
    expect(offer.effectiveAnnualRateBp).toBe(2727);
    expect(allInRateBreakdown(offer)).toEqual({
      interestBp: 1200,
      lenderFeeSen: 120_000,
      lenderFeeBp: 1527,
    });
  });

  it('counts a referral waiver off the kept fee, and no fee when it is passed on', () => {
    const waived = approvedLoanSummary({
      approvedSen: 1_000_000,
      tenureMonths: 24,
      annualRateBp: 1680,
      security: 'UNSECURED',
      referralWaiverSen: 20_000,
    });
    const split = allInRateBreakdown(waived);
    expect(split.lenderFeeSen).toBe(50_000);
    expect(split.interestBp + split.lenderFeeBp).toBe(waived.effectiveAnnualRateBp);
    const passedOn = approvedLoanSummary(
      { approvedSen: 1_000_000, tenureMonths: 24, annualRateBp: 1680, security: 'UNSECURED' },
      { ...DEFAULT_PRODUCT_SETTINGS.fees, attestationFeeKeptByLender: false },
    );
    expect(allInRateBreakdown(passedOn)).toEqual({
      interestBp: 1680,
      lenderFeeSen: 0,
      lenderFeeBp: 0,
    });
  });
});

describe('settings that put every offer of a kind above its cap', () => {
  it('warns for both kinds with the shipped fees, with the lowest all-in rate', () => {
    const warnings = allInRateWarnings(DEFAULT_PRODUCT_SETTINGS);
    // Secured: 12% a year and a 12% fee over 24 months: (12% + 6%) / 0.88 = 20.45%.
    expect(warnings).toEqual([
      expect.objectContaining({ security: 'SECURED', lowestAllInRateBp: 2045, capBp: 1200 }),
      expect.objectContaining({ security: 'UNSECURED', lowestAllInRateBp: 2183, capBp: 1800 }),
    ]);
    expect(warnings[0]!.breakdown).toMatchObject({ interestBp: 1200, lenderFeeBp: 845 });
  });

  it('says nothing when an offer of the kind can stay within its cap', () => {
    const fees = {
      ...DEFAULT_PRODUCT_SETTINGS.fees,
      attestationFeeSecuredBp: 0,
      attestationFeeUnsecuredBp: 100,
    };
    expect(allInRateWarnings({ ...DEFAULT_PRODUCT_SETTINGS, fees })).toEqual([]);
    expect(
      allInRateWarnings({
        ...DEFAULT_PRODUCT_SETTINGS,
        fees: { ...DEFAULT_PRODUCT_SETTINGS.fees, attestationFeeKeptByLender: false },
      }),
    ).toEqual([]);
  });
});
