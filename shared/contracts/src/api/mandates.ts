/**
 * Direct debit (spec sections 2 and 3): the e-Mandate the borrower authorises at their bank before
 * signing, and "update direct debit", which replaces it. Money in sen; dates ISO (YYYY-MM-DD for
 * collection dates, instants otherwise).
 */
export const MANDATE_PATHS = {
  /** GET: the agreement's mandate, its terms and the banks; POST: register (or replace) one. */
  directDebit: (agreementId: string) => `/api/agreement/${agreementId}/direct-debit`,
  /** The sandbox bank's page (GET shows it, POST takes `decision=approve|reject`). */
  sandboxBank: (token: string) => `/api/sandbox/emandate/${token}`,
} as const;

export type MandateStatus = 'PENDING_AUTH' | 'AUTHORISED' | 'ACTIVE' | 'REJECTED' | 'TERMINATED';
export type MandatePayerIdType = 'NRIC' | 'PASSPORT';

export interface MandateBank {
  code: string;
  name: string;
}

/** What every mandate of the agreement is set up with, from the agreement's own figures. */
export interface MandateTerms {
  /** The largest instalment: the most one collection may take. */
  maxAmountSen: number;
  frequency: 'MONTHLY';
  firstCollectionDate: string;
  lastCollectionDate: string;
}

export interface MandateView {
  id: string;
  referenceNo: string;
  status: MandateStatus;
  bankCode: string;
  bankName: string;
  /** The account number's last four digits. */
  accountLast4: string;
  maxAmountSen: number;
  frequency: 'MONTHLY';
  firstCollectionDate: string;
  lastCollectionDate: string;
  /** The bank's reason for a rejection, or why the mandate ended. */
  bankMessage: string | null;
  createdAt: string;
  authorisedAt: string | null;
  activatedAt: string | null;
  endedAt: string | null;
}

export interface DirectDebitView {
  agreementId: string;
  agreementNo: string;
  agreementStatus: string;
  terms: MandateTerms;
  banks: MandateBank[];
  /** The newest mandate (live or not); null before the first. */
  mandate: MandateView | null;
  /** Whether a mandate may be registered (or replaced) now. */
  canRegister: boolean;
  /** Whether the mandate is active, so signing may go ahead. */
  active: boolean;
}

export interface MandateRegisterRequest {
  payerName: string;
  payerIdType: MandatePayerIdType;
  payerIdNo: string;
  bankCode: string;
  accountNo: string;
  language?: 'EN' | 'MS';
}

export interface MandateRegistered {
  mandate: MandateView;
  /** The bank's page to send the borrower to. */
  authorisationUrl: string;
}
