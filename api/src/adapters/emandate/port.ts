// Direct debit by e-Mandate (the shape of PayNet's FPX e-Mandate): the lender registers a mandate
// request with the payer's details and limits; the payer authorises it on their bank's page; the
// bank answers authorised (then active, once registered for collection) or rejected.

export interface EmandateBank {
  /** The bank's code in the e-Mandate scheme. */
  code: string;
  name: string;
}

export type PayerIdType = 'NRIC' | 'PASSPORT';

export interface MandateRequest {
  /** The lender's reference for this mandate, quoted on the bank's page and statements. */
  referenceNo: string;
  payerName: string;
  payerIdType: PayerIdType;
  payerIdNo: string;
  bankCode: string;
  accountNo: string;
  /** The most one collection may take: the largest instalment. */
  maxAmountSen: number;
  frequency: 'MONTHLY';
  /** ISO dates (YYYY-MM-DD), Malaysia time. */
  firstCollectionDate: string;
  lastCollectionDate: string;
  language: 'EN' | 'MS';
  /** Where the bank's page sends the payer back to. */
  returnUrl: string;
}

export interface RegisteredMandate {
  providerRef: string;
  /** The bank's page where the payer authorises or rejects; single use. */
  authorisationUrl: string;
  expiresAt: Date;
}

export type ProviderMandateState =
  'PENDING' | 'AUTHORISED' | 'ACTIVE' | 'REJECTED' | 'EXPIRED' | 'TERMINATED';

export interface ProviderMandateStatus {
  state: ProviderMandateState;
  /** The bank's words for a rejection. */
  message: string | null;
  authorisedAt: Date | null;
  activatedAt: Date | null;
}

/** One debit on an active mandate, sent in the day's batch. */
export interface CollectionItem {
  /** The lender's reference for this collection, unique; the bank quotes it back. */
  collectionRef: string;
  /** The mandate's reference at the bank. */
  providerRef: string;
  amountSen: number;
  /** ISO date (Malaysia) the payer's account is debited. */
  collectionDate: string;
}

export interface CollectionBatch {
  batchRef: string;
  items: readonly CollectionItem[];
}

/** The bank's answer to one collection: given from the business day after the debit. */
export type CollectionResult =
  | { collectionRef: string; state: 'PENDING' }
  | { collectionRef: string; state: 'SUCCESS'; settledOn: string }
  | { collectionRef: string; state: 'FAILED'; reasonCode: string; reason: string }
  /** The bank has no such collection (never received): it may be sent again. */
  | { collectionRef: string; state: 'UNKNOWN' };

export interface EmandateProvider {
  readonly name: string;
  banks(): readonly EmandateBank[];
  register(request: MandateRequest): Promise<RegisteredMandate>;
  status(providerRef: string): Promise<ProviderMandateStatus>;
  /** Ends the mandate at the bank: no collection after this. */
  terminate(providerRef: string): Promise<void>;
  /** Sends the day's collections. A collection reference sent before is not taken twice. */
  submitCollections(batch: CollectionBatch): Promise<void>;
  /** The bank's answers so far for these collections. */
  collectionResults(collectionRefs: readonly string[]): Promise<CollectionResult[]>;
}

/** Banks taking part in the scheme, as the sandbox offers them. */
export const SANDBOX_BANKS: readonly EmandateBank[] = [
  { code: 'ABB0233', name: 'Affin Bank' },
  { code: 'ABMB0212', name: 'Alliance Bank' },
  { code: 'AMBB0209', name: 'AmBank' },
  { code: 'BIMB0340', name: 'Bank Islam' },
  { code: 'BKRM0602', name: 'Bank Rakyat' },
  { code: 'BSN0601', name: 'BSN' },
  { code: 'BCBB0235', name: 'CIMB Bank' },
  { code: 'HLB0224', name: 'Hong Leong Bank' },
  { code: 'MB2U0227', name: 'Maybank' },
  { code: 'PBB0233', name: 'Public Bank' },
  { code: 'RHB0218', name: 'RHB Bank' },
  { code: 'UOB0226', name: 'UOB Bank' },
];
