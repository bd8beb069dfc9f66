/**
 * The figures the public pages quote (landing, FAQ, the application's estimate), as the tenant's
 * current product settings set them: the same settings an offer is made with. Rates and fees in
 * basis points, money in sen. Nothing personal; the same for every visitor of a tenant.
 */
export const PUBLISHED_FIGURES_PATHS = {
  /** GET (public): the current published figures; cacheable for `PUBLISHED_FIGURES_MAX_AGE_S`. */
  current: '/api/published-figures',
} as const;

/** How long a browser or the edge may keep the answer: a saved change shows within a minute. */
export const PUBLISHED_FIGURES_MAX_AGE_S = 60;

export interface PublishedFigures {
  rates: {
    /** Flat interest per annum: 1200 = 12% p.a. */
    securedAnnualRateBp: number;
    unsecuredAnnualRateBp: number;
    /** The public simulator's flat rate per month: 150 = 1.5% a month. */
    simulatorMonthlyRateBp: number;
    /** Late charge per annum on an overdue instalment. */
    lateChargeAnnualRateBp: number;
  };
  fees: {
    /** Attestation fee (inclusive of SST) as a share of the approved amount. */
    attestationFeeSecuredBp: number;
    attestationFeeUnsecuredBp: number;
    /** Stamp duty for every RM1,000 of principal or part of it: 500 = RM5. */
    stampDutySenPerThousand: number;
    /** Service tax on the loan protection premium. */
    loanProtectionServiceTaxBp: number;
  };
}
