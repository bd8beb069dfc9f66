import {
  approvedLoanSummary,
  attestationFee,
  checkInterestCaps,
  DEFAULT_FEE_SETTINGS,
  effectiveAnnualRate,
  loanProtectionPremium,
  loanProtectionRateFor,
  needsComplianceReview,
  netReceived,
  stampDuty,
} from './fees';

describe('stamp duty', () => {
  it('charges RM5 for every RM1,000 or part: RM12,345.67 pays RM65', () => {
    expect(stampDuty(1_234_567)).toBe(6_500);
  });

  it('charges exactly RM5 per RM1,000 on a round amount and RM5 on a part', () => {
    expect(stampDuty(1_000_000)).toBe(5_000);
    expect(stampDuty(1_000_001)).toBe(5_500);
    expect(stampDuty(1)).toBe(500);
    expect(stampDuty(0)).toBe(0);
  });

  it('follows the stamp duty setting when it changes', () => {
    expect(stampDuty(1_000_000, { ...DEFAULT_FEE_SETTINGS, stampDutySenPerThousand: 1_000 })).toBe(
      10_000,
    );
  });

  it('refuses a negative or fractional principal', () => {
    expect(() => stampDuty(-1)).toThrow(RangeError);
    expect(() => stampDuty(10.5)).toThrow(RangeError);
  });
});

describe('attestation fee', () => {
  it('is 12% of the approved amount when secured', () => {
    expect(attestationFee(1_000_000, 'SECURED')).toBe(120_000);
  });

  it('is 7% of the approved amount when unsecured', () => {
    expect(attestationFee(1_000_000, 'UNSECURED')).toBe(70_000);
    expect(attestationFee(1_234_567, 'UNSECURED')).toBe(86_420);
  });

  it('follows the rates in the settings', () => {
    expect(
      attestationFee(1_000_000, 'UNSECURED', {
        ...DEFAULT_FEE_SETTINGS,
        attestationFeeUnsecuredBp: 500,
      }),
    ).toBe(50_000);
  });
});

describe('loan protection premium', () => {
  it('adds 8% service tax to the gross premium and pays the agent 25% of the gross', () => {
    expect(loanProtectionPremium({ sumCoveredSen: 1_000_000, rateBp: 150 })).toEqual({
      grossPremiumSen: 15_000,
      serviceTaxSen: 1_200,
      totalPremiumSen: 16_200,
      agentCommissionSen: 3_750,
    });
  });

  it('rounds each part half up to the sen', () => {
    const premium = loanProtectionPremium({ sumCoveredSen: 1_234_567, rateBp: 123 });
    expect(premium.grossPremiumSen).toBe(15_185); // 15,185.17 sen
    expect(premium.serviceTaxSen).toBe(1_215); // 1,214.8 sen
    expect(premium.totalPremiumSen).toBe(16_400);
    expect(premium.agentCommissionSen).toBe(3_796); // 3,796.25 sen
  });

  it('reads the rate for the tenure from the rate table', () => {
    const table = [
      { minTenureMonths: 6, maxTenureMonths: 12, rateBp: 100 },
      { minTenureMonths: 13, maxTenureMonths: 24, rateBp: 180 },
    ];
    expect(loanProtectionRateFor(table, 12)).toBe(100);
    expect(loanProtectionRateFor(table, 13)).toBe(180);
    expect(loanProtectionRateFor(table, 36)).toBeUndefined();
  });
});

describe('net amount received', () => {
  it('is approved less stamp duty and attestation fee, plus referral waiver, less deducted protection', () => {
    expect(
      netReceived({
        approvedSen: 1_000_000,
        stampDutySen: 5_000,
        attestationFeeSen: 70_000,
        referralWaiverSen: 10_000,
        loanProtectionDeductedSen: 16_200,
      }),
    ).toBe(918_800);
  });

  it('deducts only the fees when there is no waiver and no deducted protection', () => {
    expect(
      netReceived({ approvedSen: 1_000_000, stampDutySen: 5_000, attestationFeeSen: 70_000 }),
    ).toBe(925_000);
  });

  it('refuses a waiver larger than the fees it reduces', () => {
    expect(() =>
      netReceived({
        approvedSen: 1_000_000,
        stampDutySen: 5_000,
        attestationFeeSen: 70_000,
        referralWaiverSen: 75_001,
      }),
    ).toThrow(RangeError);
  });
});

describe('interest caps (Moneylenders Act s.17A)', () => {
  it('accepts 16.8% unsecured and 12% secured over 12 months', () => {
    expect(
      checkInterestCaps({
        principalSen: 1_000_000,
        tenureMonths: 12,
        annualRateBp: 1680,
        security: 'UNSECURED',
      }),
    ).toEqual([]);
    expect(
      checkInterestCaps({
        principalSen: 1_000_000,
        tenureMonths: 12,
        annualRateBp: 1200,
        security: 'SECURED',
      }),
    ).toEqual([]);
  });

  it('refuses more than 12% p.a. on a secured loan', () => {
    expect(
      checkInterestCaps({
        principalSen: 1_000_000,
        tenureMonths: 12,
        annualRateBp: 1201,
        security: 'SECURED',
      }),
    ).toEqual([{ code: 'rateAboveCap', annualRateBp: 1201, capBp: 1200 }]);
  });

  it('refuses more than 18% p.a. on an unsecured loan', () => {
    expect(
      checkInterestCaps({
        principalSen: 1_000_000,
        tenureMonths: 12,
        annualRateBp: 1801,
        security: 'UNSECURED',
      }),
    ).toEqual([{ code: 'rateAboveCap', annualRateBp: 1801, capBp: 1800 }]);
  });

  it('refuses total interest above the principal', () => {
    // 18% p.a. for 80 months is 120% of the principal.
    expect(
      checkInterestCaps({
        principalSen: 1_000_000,
        tenureMonths: 80,
        annualRateBp: 1800,
        security: 'UNSECURED',
      }),
    ).toEqual([
      { code: 'interestAbovePrincipal', totalInterestSen: 1_200_000, principalSen: 1_000_000 },
    ]);
  });
});

describe('effective annual rate (all-in)', () => {
  it('equals the flat rate when the lender keeps no fee', () => {
    expect(
      effectiveAnnualRate({
        principalSen: 1_000_000,
        tenureMonths: 12,
        totalInterestSen: 168_000,
        lenderFeesSen: 0,
      }),
    ).toBe(1680);
  });

  it('counts the kept fees as a charge on the credit actually provided', () => {
    // (1,680 + 700) / (10,000 - 700) per year = 25.59%
    expect(
      effectiveAnnualRate({
        principalSen: 1_000_000,
        tenureMonths: 12,
        totalInterestSen: 168_000,
        lenderFeesSen: 70_000,
      }),
    ).toBe(2559);
  });

  it('flags for compliance review a loan whose all-in rate passes the cap', () => {
    expect(needsComplianceReview(2559, 'UNSECURED')).toBe(true);
    expect(needsComplianceReview(1800, 'UNSECURED')).toBe(false);
    expect(needsComplianceReview(1201, 'SECURED')).toBe(true);
  });
});

describe('approved-loan summary', () => {
  it('shows every term for RM10,000 unsecured at 16.8% for 12 months', () => {
    const summary = approvedLoanSummary({
      approvedSen: 1_000_000,
      tenureMonths: 12,
      annualRateBp: 1680,
      security: 'UNSECURED',
      referralWaiverSen: 5_000,
      loanProtection: { sumCoveredSen: 1_000_000, rateBp: 150, deducted: true },
    });
    expect(summary).toMatchObject({
      stampDutySen: 5_000,
      attestationFeeSen: 70_000,
      referralWaiverSen: 5_000,
      loanProtection: {
        grossPremiumSen: 15_000,
        serviceTaxSen: 1_200,
        totalPremiumSen: 16_200,
        deducted: true,
      },
      netReceivedSen: 913_800,
      totalInterestSen: 168_000,
      totalRepayableSen: 1_168_000,
      monthlyInstalmentSen: 97_333,
      lastInstalmentSen: 97_337,
      effectiveAnnualRateBp: 2492, // (1,680 + 650) / 9,350 = 24.92%
      capViolations: [],
      needsComplianceReview: true,
    });
  });

  it("takes a campaign's waiver as its share of the attestation fee, following the amount", () => {
    const terms = {
      tenureMonths: 12,
      annualRateBp: 1680,
      security: 'UNSECURED' as const,
      attestationFeeWaiverBp: 1000,
    };
    // 10% of a 7% fee: RM70.00 on RM10,000, RM35.00 on RM5,000, half up on an odd amount.
    expect(approvedLoanSummary({ ...terms, approvedSen: 1_000_000 })).toMatchObject({
      attestationFeeSen: 70_000,
      referralWaiverSen: 7_000,
      netReceivedSen: 1_000_000 - 5_000 - 70_000 + 7_000,
    });
    expect(approvedLoanSummary({ ...terms, approvedSen: 500_000 }).referralWaiverSen).toBe(3_500);
    expect(approvedLoanSummary({ ...terms, approvedSen: 500_050 })).toMatchObject({
      attestationFeeSen: 35_004,
      referralWaiverSen: 3_500,
    });
    // A waiver amount given outright wins; no campaign, no waiver.
    expect(
      approvedLoanSummary({ ...terms, approvedSen: 1_000_000, referralWaiverSen: 100 })
        .referralWaiverSen,
    ).toBe(100);
    const { attestationFeeWaiverBp: _none, ...plain } = terms;
    expect(approvedLoanSummary({ ...plain, approvedSen: 1_000_000 }).referralWaiverSen).toBe(0);
  });

  it('leaves the attestation fee out of the all-in rate when the lender does not keep it', () => {
    const summary = approvedLoanSummary(
      { approvedSen: 1_000_000, tenureMonths: 12, annualRateBp: 1680, security: 'UNSECURED' },
      { ...DEFAULT_FEE_SETTINGS, attestationFeeKeptByLender: false },
    );
    expect(summary.attestationFeeSen).toBe(70_000);
    expect(summary.netReceivedSen).toBe(925_000);
    expect(summary.effectiveAnnualRateBp).toBe(1680);
    expect(summary.needsComplianceReview).toBe(false);
  });

  it('does not deduct a loan protection premium the borrower pays separately', () => {
    const summary = approvedLoanSummary({
      approvedSen: 1_000_000,
      tenureMonths: 12,
      annualRateBp: 1200,
      security: 'SECURED',
      loanProtection: { sumCoveredSen: 1_000_000, rateBp: 150, deducted: false },
    });
    expect(summary.netReceivedSen).toBe(1_000_000 - 5_000 - 120_000);
    expect(summary.loanProtection?.totalPremiumSen).toBe(16_200);
  });
});
