import type { BasisPoints, Sen } from '../money/money';
import {
  applyRate,
  assertBasisPoints,
  assertSen,
  divideRoundHalfUp,
  divideRoundUp,
  senFromBigInt,
} from '../money/money';
import { instalmentSchedule } from './flat-rate';

export type LoanSecurity = 'SECURED' | 'UNSECURED';

/** Fee and cap figures held in product settings; these are the defaults. */
export interface FeeSettings {
  /** Stamp duty per RM1,000 of principal or part of RM1,000. */
  stampDutySenPerThousand: Sen;
  /** Attestation fee, inclusive of SST, as a share of the approved amount. */
  attestationFeeSecuredBp: BasisPoints;
  attestationFeeUnsecuredBp: BasisPoints;
  /**
   * Whether the lender keeps the attestation fee (its own officer attests). A kept fee counts
   * in the all-in rate; a fee passed on to an outside attesting officer does not.
   */
  attestationFeeKeptByLender: boolean;
  /** Service tax on the loan protection gross premium. */
  loanProtectionServiceTaxBp: BasisPoints;
  /** Agent commission on the loan protection gross premium (back office only). */
  loanProtectionAgentCommissionBp: BasisPoints;
}

export const DEFAULT_FEE_SETTINGS: Readonly<FeeSettings> = {
  stampDutySenPerThousand: 500,
  attestationFeeSecuredBp: 1200,
  attestationFeeUnsecuredBp: 700,
  attestationFeeKeptByLender: true,
  loanProtectionServiceTaxBp: 800,
  loanProtectionAgentCommissionBp: 2500,
};

/** Interest caps of the Moneylenders Act s.17A. */
export interface InterestCaps {
  securedMaxAnnualRateBp: BasisPoints;
  unsecuredMaxAnnualRateBp: BasisPoints;
}

export const DEFAULT_INTEREST_CAPS: Readonly<InterestCaps> = {
  securedMaxAnnualRateBp: 1200,
  unsecuredMaxAnnualRateBp: 1800,
};

/** RM5 for every RM1,000 of principal or part of RM1,000: RM12,345.67 pays RM65. */
export function stampDuty(principalSen: Sen, settings: FeeSettings = DEFAULT_FEE_SETTINGS): Sen {
  assertSen(principalSen, 'principal');
  if (principalSen < 0) throw new RangeError('principal must not be negative');
  const thousands = divideRoundUp(BigInt(principalSen), 100_000n);
  return senFromBigInt(thousands * BigInt(settings.stampDutySenPerThousand));
}

/** Attestation fee (inclusive of SST) on the approved amount, rounded half up to the sen. */
export function attestationFee(
  approvedSen: Sen,
  security: LoanSecurity,
  settings: FeeSettings = DEFAULT_FEE_SETTINGS,
): Sen {
  const rate =
    security === 'SECURED' ? settings.attestationFeeSecuredBp : settings.attestationFeeUnsecuredBp;
  return applyRate(approvedSen, rate);
}

/** One row of the loan protection rate table in product settings. */
export interface LoanProtectionRate {
  minTenureMonths: number;
  maxTenureMonths: number;
  rateBp: BasisPoints;
}

/** The rate for a tenure from the settings' table, or undefined when no row covers it. */
export function loanProtectionRateFor(
  table: readonly LoanProtectionRate[],
  tenureMonths: number,
): BasisPoints | undefined {
  return table.find(
    (row) => tenureMonths >= row.minTenureMonths && tenureMonths <= row.maxTenureMonths,
  )?.rateBp;
}

export interface LoanProtectionPremium {
  grossPremiumSen: Sen;
  serviceTaxSen: Sen;
  totalPremiumSen: Sen;
  /** Paid to the agent out of the gross premium; shown in the back office only. */
  agentCommissionSen: Sen;
}

/**
 * Loan protection insurance: gross premium = sum covered x rate; service tax 8% of the gross;
 * total = gross + tax; agent commission 25% of the gross. Each rounded half up to the sen.
 */
export function loanProtectionPremium(
  { sumCoveredSen, rateBp }: { sumCoveredSen: Sen; rateBp: BasisPoints },
  settings: FeeSettings = DEFAULT_FEE_SETTINGS,
): LoanProtectionPremium {
  const grossPremiumSen = applyRate(sumCoveredSen, rateBp);
  const serviceTaxSen = applyRate(grossPremiumSen, settings.loanProtectionServiceTaxBp);
  return {
    grossPremiumSen,
    serviceTaxSen,
    totalPremiumSen: grossPremiumSen + serviceTaxSen,
    agentCommissionSen: applyRate(grossPremiumSen, settings.loanProtectionAgentCommissionBp),
  };
}

export interface NetReceivedTerms {
  approvedSen: Sen;
  stampDutySen: Sen;
  attestationFeeSen: Sen;
  referralWaiverSen?: Sen;
  /** Only when the borrower opts in to loan protection and chooses to have it deducted. */
  loanProtectionDeductedSen?: Sen;
}

/**
 * `net received = approved - stamp duty - attestation fee + referral waiver - loan protection
 * total premium (when opted in and deducted)`. A waiver larger than the fees it reduces is refused.
 */
export function netReceived({
  approvedSen,
  stampDutySen,
  attestationFeeSen,
  referralWaiverSen = 0,
  loanProtectionDeductedSen = 0,
}: NetReceivedTerms): Sen {
  for (const [label, value] of Object.entries({
    approvedSen,
    stampDutySen,
    attestationFeeSen,
    referralWaiverSen,
    loanProtectionDeductedSen,
  })) {
    assertSen(value, label);
    if (value < 0) throw new RangeError(`${label} must not be negative`);
  }
  if (referralWaiverSen > stampDutySen + attestationFeeSen) {
    throw new RangeError('referral waiver exceeds the fees it reduces');
  }
  const net =
    approvedSen - stampDutySen - attestationFeeSen + referralWaiverSen - loanProtectionDeductedSen;
  if (net < 0) throw new RangeError('deductions exceed the approved amount');
  return net;
}

export interface EffectiveRateTerms {
  principalSen: Sen;
  tenureMonths: number;
  totalInterestSen: Sen;
  /** Fees the lender keeps (the attestation fee less any referral waiver). */
  lenderFeesSen: Sen;
}

/**
 * The all-in annual rate, in basis points, on the same flat basis as the s.17A caps:
 *
 *   (interest + fees the lender keeps) x 12 / (credit actually provided x tenure in months)
 *
 * where the credit actually provided is the principal less those fees, because they are deducted
 * at disbursement and never reach the borrower. Stamp duty (payable by law) and the loan
 * protection premium (an optional third-party insurance) are left out, as the Act leaves them
 * out of "interest". Rounded half up to the basis point.
 */
export function effectiveAnnualRate({
  principalSen,
  tenureMonths,
  totalInterestSen,
  lenderFeesSen,
}: EffectiveRateTerms): BasisPoints {
  assertSen(totalInterestSen, 'interest');
  assertSen(lenderFeesSen, 'fees');
  const creditSen = principalSen - lenderFeesSen;
  if (creditSen <= 0 || tenureMonths <= 0) {
    throw new RangeError('fees leave no credit to charge a rate on');
  }
  return Number(
    divideRoundHalfUp(
      BigInt(totalInterestSen + lenderFeesSen) * 12n * 10_000n,
      BigInt(creditSen) * BigInt(tenureMonths),
    ),
  );
}

export type InterestCapViolation =
  | { code: 'rateAboveCap'; annualRateBp: BasisPoints; capBp: BasisPoints }
  | { code: 'interestAbovePrincipal'; totalInterestSen: Sen; principalSen: Sen };

export interface InterestCapTerms {
  principalSen: Sen;
  tenureMonths: number;
  annualRateBp: BasisPoints;
  security: LoanSecurity;
}

export function interestCapFor(
  security: LoanSecurity,
  caps: InterestCaps = DEFAULT_INTEREST_CAPS,
): BasisPoints {
  return security === 'SECURED' ? caps.securedMaxAnnualRateBp : caps.unsecuredMaxAnnualRateBp;
}

/**
 * The Moneylenders Act s.17A limits: at most 12% p.a. secured and 18% p.a. unsecured, and total
 * interest no more than the principal. Returns every violation; an empty list means the terms
 * may be approved. (Flat interest is simple by construction, so it is never compounded.)
 */
export function checkInterestCaps(
  { principalSen, tenureMonths, annualRateBp, security }: InterestCapTerms,
  caps: InterestCaps = DEFAULT_INTEREST_CAPS,
): InterestCapViolation[] {
  assertBasisPoints(annualRateBp);
  const violations: InterestCapViolation[] = [];
  const capBp = interestCapFor(security, caps);
  if (annualRateBp > capBp) violations.push({ code: 'rateAboveCap', annualRateBp, capBp });
  const { totalInterestSen } = instalmentSchedule({ principalSen, tenureMonths, annualRateBp });
  if (totalInterestSen > principalSen) {
    violations.push({ code: 'interestAbovePrincipal', totalInterestSen, principalSen });
  }
  return violations;
}

/**
 * Whether the all-in rate passes the cap, so the back office must send the loan to compliance
 * review instead of approving it silently.
 */
export function needsComplianceReview(
  effectiveAnnualRateBp: BasisPoints,
  security: LoanSecurity,
  caps: InterestCaps = DEFAULT_INTEREST_CAPS,
): boolean {
  return effectiveAnnualRateBp > interestCapFor(security, caps);
}

export interface ApprovedLoanTerms {
  approvedSen: Sen;
  tenureMonths: number;
  annualRateBp: BasisPoints;
  security: LoanSecurity;
  referralWaiverSen?: Sen;
  /**
   * A referral campaign's share of the attestation fee waived, used when no waiver amount is
   * given: the waiver then follows the fee, so it shrinks with a smaller amount.
   */
  attestationFeeWaiverBp?: BasisPoints;
  /** The borrower's loan protection choice, when they opt in. */
  loanProtection?: { sumCoveredSen: Sen; rateBp: BasisPoints; deducted: boolean };
}

export interface ApprovedLoanSummary {
  approvedSen: Sen;
  tenureMonths: number;
  annualRateBp: BasisPoints;
  security: LoanSecurity;
  stampDutySen: Sen;
  attestationFeeSen: Sen;
  referralWaiverSen: Sen;
  loanProtection?: LoanProtectionPremium & { deducted: boolean };
  netReceivedSen: Sen;
  totalInterestSen: Sen;
  totalRepayableSen: Sen;
  monthlyInstalmentSen: Sen;
  lastInstalmentSen: Sen;
  effectiveAnnualRateBp: BasisPoints;
  capViolations: InterestCapViolation[];
  needsComplianceReview: boolean;
}

/** Every term the approved-loan summary and the agreement show, from one set of inputs. */
export function approvedLoanSummary(
  terms: ApprovedLoanTerms,
  settings: FeeSettings = DEFAULT_FEE_SETTINGS,
  caps: InterestCaps = DEFAULT_INTEREST_CAPS,
): ApprovedLoanSummary {
  const { approvedSen, tenureMonths, annualRateBp, security } = terms;
  assertBasisPoints(annualRateBp);
  const schedule = instalmentSchedule({ principalSen: approvedSen, tenureMonths, annualRateBp });
  const stampDutySen = stampDuty(approvedSen, settings);
  const attestationFeeSen = attestationFee(approvedSen, security, settings);
  const referralWaiverSen =
    terms.referralWaiverSen ?? applyRate(attestationFeeSen, terms.attestationFeeWaiverBp ?? 0);
  const loanProtection = terms.loanProtection && {
    ...loanProtectionPremium(terms.loanProtection, settings),
    deducted: terms.loanProtection.deducted,
  };
  const netReceivedSen = netReceived({
    approvedSen,
    stampDutySen,
    attestationFeeSen,
    referralWaiverSen,
    loanProtectionDeductedSen: loanProtection?.deducted ? loanProtection.totalPremiumSen : 0,
  });
  const effectiveAnnualRateBp = effectiveAnnualRate({
    principalSen: approvedSen,
    tenureMonths,
    totalInterestSen: schedule.totalInterestSen,
    // Stamp duty goes to the government in full, so a waiver comes out of what the lender keeps.
    lenderFeesSen: settings.attestationFeeKeptByLender
      ? Math.max(0, attestationFeeSen - referralWaiverSen)
      : 0,
  });
  return {
    approvedSen,
    tenureMonths,
    annualRateBp,
    security,
    stampDutySen,
    attestationFeeSen,
    referralWaiverSen,
    ...(loanProtection ? { loanProtection } : {}),
    netReceivedSen,
    totalInterestSen: schedule.totalInterestSen,
    totalRepayableSen: schedule.totalRepayableSen,
    monthlyInstalmentSen: schedule.monthlyInstalmentSen,
    lastInstalmentSen: schedule.lastInstalmentSen,
    effectiveAnnualRateBp,
    capViolations: checkInterestCaps(
      { principalSen: approvedSen, tenureMonths, annualRateBp, security },
      caps,
    ),
    needsComplianceReview: needsComplianceReview(effectiveAnnualRateBp, security, caps),
  };
}
