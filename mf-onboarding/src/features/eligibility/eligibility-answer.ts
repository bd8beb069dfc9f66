import type { EligibilityCheckRequest, EligibilityCheckResponse } from '@lending/contracts';

/** Where the result page finds the last check (this tab only; nothing is kept on the server). */
export const ELIGIBILITY_STORAGE_KEY = 'onboarding.eligibility';

export interface StoredEligibility {
  request: EligibilityCheckRequest;
  response: EligibilityCheckResponse;
}

export function storeEligibility(answer: StoredEligibility): void {
  try {
    window.sessionStorage.setItem(ELIGIBILITY_STORAGE_KEY, JSON.stringify(answer));
  } catch {
    // Storage can be full or refused (private browsing); the result page then asks again.
  }
}

export function readEligibility(): StoredEligibility | null {
  try {
    const text = window.sessionStorage.getItem(ELIGIBILITY_STORAGE_KEY);
    if (!text) return null;
    const parsed = JSON.parse(text) as StoredEligibility;
    return Array.isArray(parsed?.response?.rules) ? parsed : null;
  } catch {
    return null;
  }
}
