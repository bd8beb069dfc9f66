// Signing the agreement: the borrower by a one-time SMS code, then each guarantor through their
// own link, until the agreement waits for disbursement.

export const SIGNING_PATHS = {
  /** GET: where signing stands (the borrower's view, with each guarantor's progress). */
  state: (agreementId: string) => `/api/agreement/${agreementId}/signing`,
  /** GET: the exact PDF the borrower signs (or, afterwards, the signed agreement). */
  document: (agreementId: string) => `/api/agreement/${agreementId}/signing/document`,
  /** POST: send the signing code by SMS. */
  requestCode: (agreementId: string) => `/api/agreement/${agreementId}/request-tac`,
  /** POST { code, documentSha256 }: sign. */
  sign: (agreementId: string) => `/api/agreement/${agreementId}/sign`,
  /** GET with `Authorization: Bearer <guarantor link token>`: who the link is for. */
  guarantorToken: '/api/guarantor/token',
  /** POST: start identity verification; GET: its outcome. */
  guarantorEkyc: (guarantorId: string) => `/api/agreement/guarantor/${guarantorId}/ekyc`,
  guarantorPreview: (guarantorId: string) =>
    `/api/agreement/guarantor/${guarantorId}/preview/download`,
  guarantorRequestCode: (guarantorId: string) =>
    `/api/agreement/guarantor/${guarantorId}/request-tac`,
  guarantorSign: (guarantorId: string) => `/api/agreement/guarantor/${guarantorId}/sign`,
} as const;

/** Where a guarantor's link is opened (the first screen of their journey). */
export const GUARANTOR_LINK_PATH = '/guarantor-signing/identity-verification';

export const SIGNING_CODE_DIGITS = 6;
export const SIGNING_CODE_LIFETIME_MS = 5 * 60 * 1000;
export const SIGNING_CODE_MAX_ATTEMPTS = 3;
export const SIGNING_RESEND_AFTER_MS = 60 * 1000;
/** Codes one signer may be sent for one agreement in a day. */
export const SIGNING_CODES_PER_DAY = 5;

export type GuarantorStatus = 'INVITED' | 'VERIFIED' | 'SIGNED';

export interface GuarantorProgress {
  id: string;
  position: number;
  role: 'PARTNER' | 'DIRECTOR';
  name: string;
  required: boolean;
  status: GuarantorStatus;
  signedAt: string | null;
}

export interface SigningState {
  agreementId: string;
  agreementNo: string;
  status: string;
  signedAt: string | null;
  /** The SHA-256 of the document the signer reads; sent back when signing. */
  documentSha256: string;
  guarantors: GuarantorProgress[];
}

export interface SigningCodeSent {
  sentTo: string;
  expiresAt: string;
  resendAvailableAt: string;
}

export interface SignRequest {
  code: string;
  documentSha256: string;
}

export interface GuarantorLinkState {
  guarantorId: string;
  agreementNo: string;
  name: string;
  language: 'EN' | 'MS';
  status: GuarantorStatus;
  /** The eKYC outcome: null before a try, else PASSED or FAILED (with the reason). */
  identity: { state: 'PENDING' | 'PASSED' | 'FAILED'; message: string | null } | null;
  documentSha256: string | null;
  expiresAt: string;
}

export interface GuarantorEkycStarted {
  captureUrl: string;
  expiresAt: string;
}
