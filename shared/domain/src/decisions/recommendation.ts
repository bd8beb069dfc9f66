import type { FeeSettings, InterestCaps, LoanSecurity } from '../loan/fees';
import {
  approvedLoanSummary,
  checkInterestCaps,
  DEFAULT_FEE_SETTINGS,
  DEFAULT_INTEREST_CAPS,
} from '../loan/fees';
import type { LimitCheck, LoanLimits } from '../loan/limits';
import { checkLoanAmount, checkTenure, DEFAULT_LOAN_LIMITS } from '../loan/limits';
import type { BasisPoints, Sen } from '../money/money';
import { isSen } from '../money/money';

/** What the security is and what it is worth: Schedule K names both. */
export interface SecurityParticulars {
  description: string;
  valueSen: Sen;
}

/** The terms a credit officer recommends for approval. */
export interface Recommendation {
  amountSen: Sen;
  tenureMonths: number;
  annualRateBp: BasisPoints;
  security: LoanSecurity;
  /** Required when secured. */
  securityParticulars?: SecurityParticulars | null;
}

export type RecommendationFailure =
  | { code: 'amountNotWhole' | 'tenureNotWhole' }
  | { code: 'amountBelowMinimum' | 'amountAboveMaximum'; limitSen: Sen }
  | { code: 'tenureBelowMinimum' | 'tenureAboveMaximum'; limitMonths: number }
  | { code: 'rateInvalid' }
  | { code: 'rateAboveCap'; annualRateBp: BasisPoints; capBp: BasisPoints }
  | { code: 'interestAbovePrincipal'; totalInterestSen: Sen; principalSen: Sen }
  | { code: 'securityParticularsMissing' | 'securityValueMissing' };

export interface RecommendationCheck {
  /** True when there is no failure: the terms may go to approval. */
  ok: boolean;
  failures: RecommendationFailure[];
  /**
   * The all-in rate with the lender's own fees passes the cap: the file goes to compliance
   * review instead of being approved silently. Only priced when amount, tenure and rate are valid
   * (an amount below the minimum may not even cover its stamp duty).
   */
  needsComplianceReview: boolean;
}

/** The product settings (`ProductSettings` fits) and the s.17A caps, which default to the law's. */
export interface RecommendationSettings {
  limits: LoanLimits;
  fees: FeeSettings;
  caps?: InterestCaps;
}

const DEFAULT_RECOMMENDATION_SETTINGS: RecommendationSettings = {
  limits: DEFAULT_LOAN_LIMITS,
  fees: DEFAULT_FEE_SETTINGS,
  caps: DEFAULT_INTEREST_CAPS,
};

function amountFailure(check: LimitCheck): RecommendationFailure | undefined {
  if (check.ok) return undefined;
  if (check.reason === 'notWhole') return { code: 'amountNotWhole' };
  return {
    code: check.reason === 'belowMinimum' ? 'amountBelowMinimum' : 'amountAboveMaximum',
    limitSen: check.limit,
  };
}

function tenureFailure(check: LimitCheck): RecommendationFailure | undefined {
  if (check.ok) return undefined;
  if (check.reason === 'notWhole') return { code: 'tenureNotWhole' };
  return {
    code: check.reason === 'belowMinimum' ? 'tenureBelowMinimum' : 'tenureAboveMaximum',
    limitMonths: check.limit,
  };
}

function securityFailures(recommendation: Recommendation): RecommendationFailure[] {
  if (recommendation.security !== 'SECURED') return [];
  const particulars = recommendation.securityParticulars;
  const failures: RecommendationFailure[] = [];
  if (!particulars || particulars.description.trim() === '') {
    failures.push({ code: 'securityParticularsMissing' });
  }
  if (!particulars || !isSen(particulars.valueSen) || particulars.valueSen <= 0) {
    failures.push({ code: 'securityValueMissing' });
  }
  return failures;
}

/**
 * Every reason a recommendation cannot go to approval: amount and tenure within the product
 * limits, the rate a whole number of basis points within the s.17A cap, total interest no more
 * than the principal, and, when secured, the security's particulars and value (Schedule K).
 */
export function checkRecommendation(
  recommendation: Recommendation,
  settings: RecommendationSettings = DEFAULT_RECOMMENDATION_SETTINGS,
): RecommendationCheck {
  const caps = settings.caps ?? DEFAULT_INTEREST_CAPS;
  const { amountSen, tenureMonths, annualRateBp, security } = recommendation;
  const failures: RecommendationFailure[] = [];
  const amount = amountFailure(checkLoanAmount(amountSen, settings.limits));
  const tenure = tenureFailure(checkTenure(tenureMonths, settings.limits));
  if (amount) failures.push(amount);
  if (tenure) failures.push(tenure);
  const rateValid = Number.isSafeInteger(annualRateBp) && annualRateBp > 0;
  if (!rateValid) failures.push({ code: 'rateInvalid' });
  const termsComputable =
    rateValid &&
    isSen(amountSen) &&
    amountSen > 0 &&
    Number.isSafeInteger(tenureMonths) &&
    tenureMonths > 0;
  if (termsComputable) {
    failures.push(
      ...checkInterestCaps({ principalSen: amountSen, tenureMonths, annualRateBp, security }, caps),
    );
  }
  failures.push(...securityFailures(recommendation));
  const needsReview =
    termsComputable &&
    !amount &&
    !tenure &&
    approvedLoanSummary(
      { approvedSen: amountSen, tenureMonths, annualRateBp, security },
      settings.fees,
      caps,
    ).needsComplianceReview;
  return { ok: failures.length === 0, failures, needsComplianceReview: needsReview };
}
