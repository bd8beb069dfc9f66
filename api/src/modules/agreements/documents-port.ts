// What the signing journey (borrower and guarantors) needs of the agreement's documents: the
// frozen bytes a signer reads, a signature on exactly those bytes, and the closing of the file
// once every required signer has signed. Implemented by the agreement documents module.
import type { OrmTransaction } from '../../kernel/transaction';

export type SignerRole = 'BORROWER' | 'GUARANTOR' | 'LENDER';

export interface Signer {
  role: SignerRole;
  /** `user:<id>` or `guarantor:<id>`: whose certificate signs, and who is named in the audit. */
  signerRef: string;
  name: string;
  /** NRIC (12 digits) or passport number: the certificate's serial number. */
  idNo: string;
  email?: string;
  phoneNo?: string;
}

export interface SigningEvidence {
  signedAt: Date;
  ip: string;
  userAgent?: string;
  /** When the one-time code this signature rests on was verified, and to which number. */
  otpVerifiedAt: Date;
  otpSentTo: string;
}

export interface FrozenDocument {
  documentId: string;
  version: number;
  sha256: string;
  bytes: Buffer;
}

/** A guarantor of the agreement, as their deed of guarantee names them. */
export interface GuarantorParty {
  guarantorId: string;
  agreementId: string;
  name: string;
  /** NRIC or passport number. */
  idNo: string;
  role: 'PARTNER' | 'DIRECTOR';
}

export interface AgreementDocuments {
  /**
   * The agreement PDF as the signer will sign it: made and frozen (bytes and SHA-256 stored) on
   * first request for the agreement's current terms; the newest signed version afterwards.
   */
  current(agreementId: string): Promise<FrozenDocument>;
  /**
   * Signs exactly the bytes of `expectedSha256` for this signer (a PAdES incremental update,
   * enrolling the signer at the certificate authority first if needed); a document that moved on
   * since the signer read it is refused. Returns the new frozen version.
   */
  sign(
    tx: OrmTransaction,
    agreementId: string,
    expectedSha256: string,
    signer: Signer,
    evidence: SigningEvidence,
  ): Promise<FrozenDocument>;
  /** After every required signer: the audit certificate page, the lender's seal, e-stamping. */
  complete(tx: OrmTransaction, agreementId: string): Promise<FrozenDocument>;
  /**
   * The guarantor's own deed of guarantee (naming them, the borrower, the agreement number and
   * the sums guaranteed): made and frozen on first request; the signed version afterwards.
   */
  guarantee(guarantor: GuarantorParty): Promise<FrozenDocument>;
  /** A notice the signers accept (the personal data protection notice, the loan terms) in the
   *  template version frozen with the agreement, with the SHA-256 of its bytes. */
  signingNotice(
    agreementId: string,
    kind: 'pdpNotice' | 'loanTnc',
  ): Promise<{ bytes: Buffer; sha256: string }>;
  /** The guarantor signs exactly the deed bytes of `expectedSha256`, as `sign` does. */
  signGuarantee(
    tx: OrmTransaction,
    guarantor: GuarantorParty,
    expectedSha256: string,
    signer: Signer,
    evidence: SigningEvidence,
  ): Promise<FrozenDocument>;
}
