// Electronic identity verification (eKYC): a hosted capture page the applicant opens on a phone
// (QR code), where they consent, photograph their identity card front and back and take a
// selfie; the provider compares the card with the application and reports a verdict.

/** The images a verification yields. */
export type EkycDocumentKind = 'ID_FRONT' | 'ID_BACK' | 'SELFIE';

/** Who verifies: the applicant (their page shows the QR code on a computer) or a guarantor
 *  (who follows their signing link, usually on a phone). The capture page says where to go back. */
export type EkycAudience = 'APPLICANT' | 'GUARANTOR';

export interface EkycSubject {
  applicationId: string;
  audience: EkycAudience;
  /**
   * Keyed hash (sealer.fingerprint) of the identity card number on the application form,
   * normalised by `normaliseIdentityCardNo`; null when the form holds none.
   */
  identityCardFingerprint: string | null;
  language: 'EN' | 'MS';
}

export interface EkycStartedSession {
  /** The provider's reference for the session. */
  providerRef: string;
  /** The page to open on the phone; single use. */
  captureUrl: string;
  expiresAt: Date;
}

export type EkycProviderState = 'PENDING' | 'PASSED' | 'FAILED' | 'EXPIRED';

export interface EkycProviderStatus {
  state: EkycProviderState;
  message: string | null;
}

export interface EkycCapturedImage {
  kind: EkycDocumentKind;
  contentType: string;
  content: Buffer;
}

export interface EkycResult {
  state: 'PASSED' | 'FAILED';
  message: string | null;
  completedAt: Date;
  consent: { textVersion: string; at: Date; ip: string | null };
  images: EkycCapturedImage[];
}

export interface EkycProvider {
  readonly name: string;
  startSession(subject: EkycSubject): Promise<EkycStartedSession>;
  status(providerRef: string): Promise<EkycProviderStatus>;
  /** The finished verification, once: the provider hands over the images and forgets them. */
  collectResult(providerRef: string): Promise<EkycResult | null>;
}

/** The message of spec section 8 for a card that is not the one on the application. */
export const IDENTITY_CARD_MISMATCH =
  'Identity card does not match the application form, please register again and retry';

/** MyKad numbers are compared by their digits, passports by their letters and digits. */
export function normaliseIdentityCardNo(value: string): string {
  return value.replace(/[^0-9a-z]/gi, '').toUpperCase();
}
