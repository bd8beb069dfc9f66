// The public check of a signed agreement that the QR code on each of its pages leads to: no
// sign-in, the code in the address is the only key.

export const AGREEMENT_VERIFICATION_PATHS = {
  verification: (code: string) => `/api/agreement-verification/${encodeURIComponent(code)}`,
} as const;

export interface AgreementVerification {
  agreementNo: string;
  /** FROZEN (not yet signed), SIGNED (some signatures) or COMPLETED (sealed by the lender). */
  stage: string;
  version: number;
  sha256: string;
  updatedAt: string;
  /** The kept file matches its SHA-256 and every signature in it verifies. */
  intact: boolean;
  versions: { version: number; stage: string; sha256: string }[];
  signers: { role: string; name: string; signedAt: string }[];
  signatures: { signer: string; intact: boolean }[];
}
