// The tax authority's taxpayer check (LHDN MyInvois "Validate Taxpayer's TIN"): a TIN with the
// kind and value of the identity it was issued against; the answer is only valid or not. Buyers'
// TINs on e-invoices must pass it, so the platform keeps a borrower's TIN only once it has.

/** The identities MyInvois validates a TIN against. */
export const TAX_ID_TYPES = ['NRIC', 'PASSPORT', 'BRN', 'ARMY'] as const;
export type TaxIdType = (typeof TAX_ID_TYPES)[number];

export interface TinCheck {
  /** Upper-case, without spaces: `IG12345678901`, `C2584563200`. */
  tin: string;
  idType: TaxIdType;
  /** NRIC or business registration digits, a passport or army number, without separators. */
  idValue: string;
}

/** The service could not answer (down, timed out): neither valid nor invalid. */
export class TaxAuthorityUnavailable extends Error {
  constructor(message = 'The tax authority could not be reached') {
    super(message);
    this.name = 'TaxAuthorityUnavailable';
  }
}

export interface TaxAuthority {
  readonly name: string;
  /** Whether the authority knows `tin` as issued against that identity. Throws
   *  `TaxAuthorityUnavailable` when it cannot tell. */
  validateTin(check: TinCheck): Promise<boolean>;
}
