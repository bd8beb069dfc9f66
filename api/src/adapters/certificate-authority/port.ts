// Certificate authority for digital signatures (Digital Signature Act 1997): each signer is
// enrolled after eKYC and gets a certificate bound to them (name, identity number as the
// subject's serial number, country MY). The authority keeps the private keys and signs on the
// holder's behalf (remote signing), so no key ever leaves it.
import type { OrmExecutor } from '../../kernel/transaction';

export interface CertificateHolder {
  name: string;
  /** NRIC (12 digits) or passport number. */
  idNo: string;
  email?: string;
}

export interface IssuedCertificate {
  serial: string;
  subjectName: string;
  /** PEM of the holder's certificate. */
  certificatePem: string;
  /** PEM of the issuing chain, the holder's issuer first, up to the root. */
  chainPem: string[];
  issuedAt: Date;
  expiresAt: Date;
}

/** `on`: the transaction to work in when the caller holds one (the sandbox keeps its records in
 *  the platform's database); a hosted authority ignores it. */
export interface CertificateAuthority {
  readonly provider: string;
  /** Issues a certificate to the holder, or answers the one already valid. */
  enrol(holder: CertificateHolder, on?: OrmExecutor): Promise<IssuedCertificate>;
  /** The holder's valid certificate; null when not enrolled. */
  certificate(idNo: string, on?: OrmExecutor): Promise<IssuedCertificate | null>;
  /**
   * A detached CMS signature (ETSI.CAdES.detached) over `content` with the holder's key, the
   * chain embedded. Throws when the holder is not enrolled.
   */
  signDetached(idNo: string, content: Buffer, signingTime: Date, on?: OrmExecutor): Promise<Buffer>;
  /** The root certificate, PEM: what a verifier trusts. */
  rootPem(on?: OrmExecutor): Promise<string>;
}
