// What the documents engine needs of e-stamping (stamp duty self-assessed through the tax
// authority's e-stamping system within 30 days of signing): a stamp certificate for the signed
// agreement. The adapter behind it lives with the other outside services.

export interface EStampParty {
  role: 'BORROWER' | 'GUARANTOR' | 'LENDER';
  name: string;
  idNo: string;
  /** As the certificate prints it (a person's number masked). */
  shownIdNo: string;
}

export interface EStampInput {
  agreementNo: string;
  /** SHA-256 of the completed (sealed) agreement the stamp is for. */
  documentSha256: string;
  stampDutySen: number;
  parties: EStampParty[];
}

export interface EStampCertificate {
  certificateNo: string;
  /** The stamp certificate file, kept with the agreement. */
  pdf: Buffer;
  issuedAt: Date;
}

export interface EStamp {
  stamp(input: EStampInput): Promise<EStampCertificate>;
}
