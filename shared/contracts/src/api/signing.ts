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
  /** GET: a document the borrower signs or accepts, as the signing screen shows it; recorded
   *  as opened by them. */
  readDocument: (agreementId: string, kind: SigningDocumentKind | ':kind') =>
    `/api/agreement/${agreementId}/signing/documents/${kind}`,
  /** GET (the guarantor's link as bearer): a document the guarantor signs or accepts; recorded
   *  as opened by them. */
  guarantorReadDocument: (guarantorId: string, kind: SigningDocumentKind | ':kind') =>
    `/api/agreement/guarantor/${guarantorId}/documents/${kind}`,
} as const;

/**
 * What a signer reads before a signing code is sent: the document they sign (the agreement, or a
 * guarantor's own deed of guarantee) and the notices they accept with it (the personal data
 * protection notice; the borrower, the loan terms too), each in the version frozen with the
 * agreement. The server records when each signer first opened each one.
 */
export const SIGNING_DOCUMENT_KINDS = [
  'AGREEMENT',
  'GUARANTEE',
  'PDP_NOTICE',
  'LOAN_TERMS',
] as const;
export type SigningDocumentKind = (typeof SIGNING_DOCUMENT_KINDS)[number];

export const BORROWER_SIGNING_DOCUMENTS: readonly SigningDocumentKind[] = [
  'AGREEMENT',
  'PDP_NOTICE',
  'LOAN_TERMS',
];
export const GUARANTOR_SIGNING_DOCUMENTS: readonly SigningDocumentKind[] = [
  'GUARANTEE',
  'PDP_NOTICE',
];

export interface SigningDocument {
  kind: SigningDocumentKind;
  /** The SHA-256 of the bytes the signer reads. */
  sha256: string;
  /** When this signer first opened these bytes; null until they have. */
  openedAt: string | null;
}

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
  /** What the borrower reads before the code is sent (in that order), and whether they have. */
  documents: SigningDocument[];
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
  /** What the guarantor reads before the code is sent, once their identity is verified (none
   *  before). */
  documents: SigningDocument[];
  expiresAt: string;
}

export interface GuarantorEkycStarted {
  captureUrl: string;
  expiresAt: string;
}
