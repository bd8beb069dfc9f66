import type { EligibilityCheckResponse } from '@lending/contracts';

/** Where the result page finds the last check's outcome, in this tab only. The answers given
 *  (NRIC, dates, amounts) are never kept: the page promises that nothing is saved, and the
 *  outcome (which rules passed, the product's limits) is all the result page shows. */
export const ELIGIBILITY_STORAGE_KEY = 'onboarding.eligibility';

export interface StoredEligibility {
  response: EligibilityCheckResponse;
}

export function storeEligibility(answer: StoredEligibility): void {
  try {
    window.sessionStorage.setItem(
      ELIGIBILITY_STORAGE_KEY,
      JSON.stringify({ response: answer.response }),
    );
  } catch {
    // Storage can be full or refused (private browsing); the result page then asks again.
  }
}

export function readEligibility(): StoredEligibility | null {
  try {
    const text = window.sessionStorage.getItem(ELIGIBILITY_STORAGE_KEY);
    if (!text) return null;
    const parsed = JSON.parse(text) as StoredEligibility & { request?: unknown };
    if (!Array.isArray(parsed?.response?.rules)) return null;
    // A check stored by an earlier release kept the answers too: they go now.
    if (parsed.request !== undefined) storeEligibility(parsed);
    return { response: parsed.response };
  } catch {
    return null;
  }
}
