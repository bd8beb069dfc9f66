// E-stamping: stamp duty on the agreement is self-assessed through the tax authority's e-stamping
// system within 30 days of signing. The platform submits the signed document's hash, the duty and
// the parties; the stamp office answers with a stamp certificate, kept with the agreement.

export interface StampParty {
  role: 'LENDER' | 'BORROWER' | 'GUARANTOR';
  name: string;
  /** NRIC, passport or company registration number, as the stamp office registers it. */
  idNo: string;
  /** The same number as the certificate prints it: a person's masked by the lender's one rule
   *  (the certificate travels with the agreement to whoever reads it). */
  shownIdNo: string;
}

export interface StampInput {
  agreementNo: string;
  /** SHA-256 (hex) of the signed agreement's bytes. */
  documentSha256: string;
  /** From the domain engine (`stampDuty`). */
  stampDutySen: number;
  parties: StampParty[];
}

export interface StampCertificate {
  certificateNo: string;
  /** The stamp certificate as the stamp office issues it (PDF). */
  pdf: Buffer;
  issuedAt: Date;
}

export interface EstampProvider {
  readonly name: string;
  stamp(input: StampInput): Promise<StampCertificate>;
}
