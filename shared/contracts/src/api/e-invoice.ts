/** The e-invoice TIN page's calls (spec section 2, "TIN page"). Storing keeps the spec's path,
 *  `AUTH_PATHS.userTinNumber`; both check the TIN with the tax authority first. */
export const E_INVOICE_PATHS = {
  /** Checks the signed-in user's TIN and keeps it when the tax authority knows it. */
  validateTin: '/arkcash/api/v1.0/e-invoice/tin/validate',
} as const;

/** What the TIN is checked against: taken from the user's own registration, never typed. */
export type TinIdType = 'NRIC' | 'PASSPORT' | 'BRN' | 'ARMY';

export interface ValidateTinRequest {
  /** Letters and digits; the server upper-cases it, e.g. `IG12345678901`. */
  tinNumber: string;
}

export interface ValidateTinResponse {
  /** As checked (upper-case). */
  tinNumber: string;
  /** Whether the tax authority knows this TIN for the user's identity (spec section 5). */
  valid: boolean;
  /** Whether the TIN is now kept on the account (only ever a valid one). */
  stored: boolean;
}
