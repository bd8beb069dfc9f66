import { loanBookFigures, payoutFigures, serviceTaxIncluded } from './book-figures';
import type { AccountLedger } from './repayment-ledger';

// RM10,000 over 3 months: instalments of RM100.00 interest + RM3,333.33 principal (the last
// RM3,333.34), worked by hand.
const LEDGER: AccountLedger = {
  instalments: [
    {
      instalmentNo: 1,
      dueDate: '2026-02-05',
      instalmentSen: 343_333,
      principalSen: 333_333,
      interestSen: 10_000,
    },
    {
      instalmentNo: 2,
      dueDate: '2026-03-05',
      instalmentSen: 343_333,
      principalSen: 333_333,
      interestSen: 10_000,
    },
    {
      instalmentNo: 3,
      dueDate: '2026-04-05',
      instalmentSen: 343_334,
      principalSen: 333_334,
      interestSen: 10_000,
    },
  ],
  allocations: [],
  accruals: [],
  creditSen: 0,
};

describe('serviceTaxIncluded', () => {
  it('takes 8% service tax out of a fee that includes it, net + tax = fee', () => {
    // RM1,200.00 / 1.08 = RM1,111.111... -> RM1,111.11, tax RM88.89.
    expect(serviceTaxIncluded(120_000)).toEqual({ netSen: 111_111, taxSen: 8_889 });
    expect(serviceTaxIncluded(0)).toEqual({ netSen: 0, taxSen: 0 });
    // RM0.01 / 1.08 rounds to RM0.01: no tax on a sen.
    expect(serviceTaxIncluded(1)).toEqual({ netSen: 1, taxSen: 0 });
  });

  it('refuses a negative fee', () => {
    expect(() => serviceTaxIncluded(-1)).toThrow(RangeError);
  });
});

describe('payoutFigures', () => {
  it('splits what the borrower does not receive into fee, tax, stamp duty, premium and commission', () => {
    // RM10,000 secured: stamp duty RM50, attestation RM1,200 (incl. SST), a RM20 referral waiver,
    // loan protection deducted: gross RM100, tax RM8, total RM108, commission RM25.
    const figures = payoutFigures({
      approvedSen: 1_000_000,
      stampDutySen: 5_000,
      attestationFeeSen: 120_000,
      referralWaiverSen: 2_000,
      loanProtection: {
        grossPremiumSen: 10_000,
        serviceTaxSen: 800,
        totalPremiumSen: 10_800,
        agentCommissionSen: 2_500,
        deducted: true,
      },
      netReceivedSen: 1_000_000 - 5_000 - 120_000 + 2_000 - 10_800,
    });
    expect(figures).toEqual({
      principalSen: 1_000_000,
      netPaidSen: 866_200,
      attestationFeeNetSen: 111_111,
      attestationServiceTaxSen: 8_889,
      referralWaiverSen: 2_000,
      stampDutySen: 5_000,
      premiumPayableSen: 8_300,
      commissionSen: 2_500,
    });
  });

  it('books no premium when the borrower pays it apart, and refuses figures that do not add up', () => {
    const offer = {
      approvedSen: 500_000,
      stampDutySen: 2_500,
      attestationFeeSen: 35_000,
      referralWaiverSen: 0,
      loanProtection: {
        grossPremiumSen: 5_000,
        serviceTaxSen: 400,
        totalPremiumSen: 5_400,
        agentCommissionSen: 1_250,
        deducted: false,
      },
      netReceivedSen: 462_500,
    };
    expect(payoutFigures(offer)).toMatchObject({ premiumPayableSen: 0, commissionSen: 0 });
    expect(() => payoutFigures({ ...offer, netReceivedSen: 462_499 })).toThrow(RangeError);
  });
});

describe('loanBookFigures', () => {
  const base = { principalSen: 1_000_000, closed: false, writtenOffOn: null };

  it('charges interest only as instalments fall due', () => {
    expect(
      loanBookFigures({ ...base, ledger: LEDGER, asOf: '2026-02-04' }).interestChargedSen,
    ).toBe(0);
    expect(
      loanBookFigures({ ...base, ledger: LEDGER, asOf: '2026-02-05' }).interestChargedSen,
    ).toBe(10_000);
    expect(
      loanBookFigures({ ...base, ledger: LEDGER, asOf: '2026-04-05' }).interestChargedSen,
    ).toBe(30_000);
  });

  it('adds up what was paid, charged late and waived, and keeps credit apart', () => {
    const ledger: AccountLedger = {
      ...LEDGER,
      allocations: [
        { instalmentNo: 1, kind: 'LATE_CHARGE', amountSen: 50, businessDate: '2026-02-10' },
        { instalmentNo: 1, kind: 'INTEREST', amountSen: 10_000, businessDate: '2026-02-10' },
        { instalmentNo: 1, kind: 'PRINCIPAL', amountSen: 100_000, businessDate: '2026-02-10' },
      ],
      accruals: [
        {
          instalmentNo: 1,
          day: '2026-02-06',
          daysInDefault: 1,
          overdueSen: 343_333,
          amountSen: 75,
        },
        {
          instalmentNo: 1,
          day: '2026-02-07',
          daysInDefault: 2,
          overdueSen: 343_333,
          amountSen: 75,
        },
      ],
      waivers: [{ instalmentNo: 1, amountSen: 30 }],
      creditSen: 1_234,
    };
    expect(loanBookFigures({ ...base, ledger, asOf: '2026-02-10' })).toEqual({
      principalLentSen: 1_000_000,
      interestChargedSen: 10_000,
      lateChargedSen: 150,
      lateWaivedSen: 30,
      principalPaidSen: 100_000,
      interestPaidSen: 10_000,
      latePaidSen: 50,
      creditSen: 1_234,
      writtenOffPrincipalSen: 0,
      writtenOffInterestSen: 0,
      writtenOffLateSen: 0,
    });
  });

  it('writes off what is owed on the day and charges no interest after it', () => {
    const ledger: AccountLedger = {
      ...LEDGER,
      allocations: [
        { instalmentNo: 1, kind: 'INTEREST', amountSen: 4_000, businessDate: '2026-02-05' },
      ],
      accruals: [
        {
          instalmentNo: 1,
          day: '2026-02-06',
          daysInDefault: 1,
          overdueSen: 339_333,
          amountSen: 74,
        },
      ],
    };
    const figures = loanBookFigures({
      ...base,
      ledger,
      asOf: '2026-04-30',
      writtenOffOn: '2026-02-20',
    });
    expect(figures).toMatchObject({
      interestChargedSen: 10_000,
      writtenOffPrincipalSen: 1_000_000,
      writtenOffInterestSen: 6_000,
      writtenOffLateSen: 74,
    });
  });

  it('earns the charged interest of instalments rebated or paid ahead once settled', () => {
    const ledger: AccountLedger = { ...LEDGER, rebates: [{ instalmentNo: 3, amountSen: 7_000 }] };
    // Settled on 2026-03-20: instalment 3 not yet due, 3,000 of its interest charged.
    expect(loanBookFigures({ ...base, ledger, asOf: '2026-03-20' }).interestChargedSen).toBe(
      23_000,
    );
    expect(
      loanBookFigures({ ...base, ledger: LEDGER, asOf: '2026-01-20', closed: true })
        .interestChargedSen,
    ).toBe(30_000);
  });
});
