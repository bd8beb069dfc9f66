import type { BasisPoints, Sen } from '../money/money';
import type { ProductSettings } from '../settings/product-settings';
import { productAnnualRate } from '../settings/product-settings';
import type { LoanSecurity } from './fees';
import {
  type ApprovedLoanSummary,
  approvedLoanSummary,
  effectiveAnnualRate,
  interestCapFor,
} from './fees';

/** What the all-in rate is made of: the loan's interest, and the fee the lender keeps. */
export interface AllInRateBreakdown {
  /** The all-in rate were no fee kept: the interest alone, on the same basis. */
  interestBp: BasisPoints;
  /** The attestation fee the lender keeps (after any referral waiver); 0 when passed on. */
  lenderFeeSen: Sen;
  /** How much the kept fee adds to the all-in rate. */
  lenderFeeBp: BasisPoints;
}

/**
 * Splits an offer's all-in rate into the interest and the attestation fee kept by the lender, so
 * an approver sees which drives a rate past the cap and by how much (DOMAIN.md, all-in rate).
 * The interest part is the all-in formula with no fee; the fee's part is the rest.
 */
export function allInRateBreakdown(
  offer: Pick<
    ApprovedLoanSummary,
    | 'approvedSen'
    | 'tenureMonths'
    | 'totalInterestSen'
    | 'attestationFeeSen'
    | 'referralWaiverSen'
    | 'effectiveAnnualRateBp'
  >,
): AllInRateBreakdown {
  const interestBp = effectiveAnnualRate({
    principalSen: offer.approvedSen,
    tenureMonths: offer.tenureMonths,
    totalInterestSen: offer.totalInterestSen,
    lenderFeesSen: 0,
  });
  const lenderFeeBp = Math.max(0, offer.effectiveAnnualRateBp - interestBp);
  return {
    interestBp,
    lenderFeeSen:
      lenderFeeBp > 0 ? Math.max(0, offer.attestationFeeSen - offer.referralWaiverSen) : 0,
    lenderFeeBp,
  };
}

/** A kind of loan whose every offer at the product's rate would pass its cap. */
export interface AllInRateWarning {
  security: LoanSecurity;
  /** The lowest all-in rate an offer of the kind can have: the longest tenure, no waiver. */
  lowestAllInRateBp: BasisPoints;
  capBp: BasisPoints;
  /** The same offer's split: how much the kept fee adds. */
  breakdown: AllInRateBreakdown;
}

/**
 * The kinds of loan (secured, unsecured) for which settings would put every offer made at the
 * product's rate above the s.17A cap, with the lowest all-in rate such an offer can have. A
 * flat rate's fee weighs least over the longest tenure, and a fee that is a share of the amount
 * weighs the same at every amount (the smallest and largest are both tried, for rounding).
 */
export function allInRateWarnings(
  settings: Pick<ProductSettings, 'rates' | 'fees' | 'limits'>,
): AllInRateWarning[] {
  const warnings: AllInRateWarning[] = [];
  for (const security of ['SECURED', 'UNSECURED'] as const) {
    const offers = [settings.limits.minAmountSen, settings.limits.maxAmountSen].flatMap(
      (approvedSen) => {
        try {
          return [
            approvedLoanSummary(
              {
                approvedSen,
                tenureMonths: settings.limits.maxTenureMonths,
                annualRateBp: productAnnualRate(settings.rates, security),
                security,
              },
              settings.fees,
            ),
          ];
        } catch {
          // Fees that leave nothing to lend are refused by the settings' own checks.
          return [];
        }
      },
    );
    const lowest = offers.reduce<ApprovedLoanSummary | null>(
      (best, offer) =>
        best === null || offer.effectiveAnnualRateBp < best.effectiveAnnualRateBp ? offer : best,
      null,
    );
    const capBp = interestCapFor(security);
    if (lowest && lowest.effectiveAnnualRateBp > capBp) {
      warnings.push({
        security,
        lowestAllInRateBp: lowest.effectiveAnnualRateBp,
        capBp,
        breakdown: allInRateBreakdown(lowest),
      });
    }
  }
  return warnings;
}
