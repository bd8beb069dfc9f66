/**
 * Repayments (spec sections 2 and 7, DOMAIN.md "Money after signing"): the loan account after
 * payout as its borrower and the back office read it. Every figure in integer sen; calendar dates
 * `YYYY-MM-DD` (the Malaysian business date), instants ISO. The borrower's calls answer 404 for
 * an agreement that is not theirs, as for one that does not exist.
 */
export const REPAYMENT_PATHS = {
  /** GET: the signed-in borrower's loan accounts (disbursed agreements), newest first. */
  accounts: '/arkcash/api/v1.0/repayment/accounts',
  /** GET: the schedule with each instalment's status, payments and late charges, and totals. */
  schedule: (agreementId: string) => `/arkcash/api/v1.0/repayment/${agreementId}/schedule`,
  /** GET: the payments on the loan, newest first. */
  paymentHistory: (agreementId: string) => `/arkcash/api/v1.0/repayment/${agreementId}/payments`,
  /** GET: what is due now: overdue instalments, late charges and the current instalment. */
  amountDue: (agreementId: string) => `/arkcash/api/v1.0/repayment/${agreementId}/amount-due`,
  /** GET: the amount that settles the loan today (valid to the end of the business day). */
  earlySettlement: (agreementId: string) =>
    `/arkcash/api/v1.0/repayment/${agreementId}/early-settlement`,
  /** GET: a receipt PDF, to its owner only (spec: payment-receipt/{fileId}). */
  receipt: (fileId: string) => `/arkcash/api/v1.0/payment-receipt/${fileId}`,
  /** GET: the discharge letters of a closed loan, newest version first (owner only). */
  dischargeLetters: (agreementId: string) =>
    `/arkcash/api/v1.0/repayment/${agreementId}/discharge-letters`,
  /** GET: a discharge letter PDF, to its owner only. */
  dischargeLetter: (letterId: string) => `/arkcash/api/v1.0/discharge-letter/${letterId}`,
  /** GET: the letters of the credit refunded on a closed loan, newest first (owner only). */
  refundLetters: (agreementId: string) =>
    `/arkcash/api/v1.0/repayment/${agreementId}/refund-letters`,
  /** GET: a refund letter PDF, to its owner only. */
  refundLetter: (refundId: string) => `/arkcash/api/v1.0/refund-letter/${refundId}`,
  /** POST (staff): issue a new version of a closed loan's discharge letter (the earlier ones
   *  stay as they were). */
  staffReissueDischargeLetter: (agreementId: string) =>
    `/api/staff/repayment/${agreementId}/discharge-letters`,
  /** GET (staff): the payments on an agreement (spec section 7). */
  staffPaymentHistory: (agreementId: string) =>
    `/arkcash/api/v1.0/transaction/getPaymentHistory/${agreementId}`,
} as const;

/** How money reached the lender. */
export const PAYMENT_CHANNELS = [
  'FPX',
  'CARD',
  'JOMPAY',
  'DIRECT_DEBIT',
  'COUNTER',
  'BANK_TRANSFER',
] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

/**
 * An instalment on the business date: PAID in full; OVERDUE once its due date has passed with
 * something unpaid (partly paid or not); DUE on its due date with something unpaid; PARTLY_PAID
 * before its due date with part paid; UNPAID before its due date with nothing paid.
 */
export const INSTALMENT_STATUSES = ['PAID', 'OVERDUE', 'DUE', 'PARTLY_PAID', 'UNPAID'] as const;
export type InstalmentStatus = (typeof INSTALMENT_STATUSES)[number];

export type LoanAccountStatus = 'ACTIVE' | 'CLOSED' | 'WRITEOFF' | 'TERMINATED';

/** Where the allocation of a payment went: late charges first, then interest, then principal,
 *  oldest instalment first; what is left stays on the account as CREDIT. */
export type AllocationKind = 'LATE_CHARGE' | 'INTEREST' | 'PRINCIPAL' | 'CREDIT';

export interface RepaymentAccountSummary {
  agreementId: string;
  agreementNo: string;
  accountStatus: LoanAccountStatus;
  disbursedOn: string;
  principalSen: number;
  totalRepayableSen: number;
  /** Everything still owed today: instalments and late charges, less credit. */
  outstandingSen: number;
}

export interface RepaymentAccountsResponse {
  items: RepaymentAccountSummary[];
}

/** What is due now (the pay-instalment-now page). */
export interface AmountDueNow {
  /** overdue + late charges + the current instalment, less any credit; never below zero. */
  dueNowSen: number;
  /** Instalments whose due date has passed, still unpaid. */
  overdueSen: number;
  /** Late charges charged and not yet paid. */
  lateChargesSen: number;
  /** The unpaid part of the current instalment: the first one due today or later. */
  currentInstalmentSen: number;
  /** The business date the figures are for. */
  asOf: string;
}

export interface ScheduleInstalmentView {
  instalmentNo: number;
  dueDate: string;
  instalmentSen: number;
  principalSen: number;
  interestSen: number;
  /** Paid towards the instalment itself (principal and interest), late charges excluded. */
  paidSen: number;
  /** Interest not charged because the loan was settled early. */
  rebatedSen: number;
  /** instalmentSen - paidSen - rebatedSen. */
  unpaidSen: number;
  status: InstalmentStatus;
  /** Days past the due date with something unpaid; 0 otherwise. */
  daysOverdue: number;
  /** Late charges charged on this instalment so far, paid and unpaid. */
  lateChargesSen: number;
  lateChargesPaidSen: number;
  /** The business date the instalment was paid in full, else null. */
  paidOn: string | null;
}

export interface RepaymentScheduleResponse {
  agreementId: string;
  agreementNo: string;
  accountStatus: LoanAccountStatus;
  /** The business date the statuses and late charges are for. */
  asOf: string;
  scheduleVersion: number;
  disbursedOn: string;
  firstDueDate: string;
  maturityDate: string;
  principalSen: number;
  totalInterestSen: number;
  totalRepayableSen: number;
  /** Paid towards instalments so far (late charges excluded). */
  paidSen: number;
  /** Interest not charged because the loan was settled early. */
  interestRebatedSen: number;
  /** totalRepayableSen - paidSen - interestRebatedSen. */
  unpaidInstalmentsSen: number;
  lateChargesSen: number;
  lateChargesPaidSen: number;
  lateChargesOutstandingSen: number;
  /** Money received beyond what was due, kept for the next instalments. */
  creditSen: number;
  /** Everything still owed: unpaid instalments + late charges outstanding - credit (>= 0). */
  outstandingSen: number;
  amountDue: AmountDueNow;
  instalments: ScheduleInstalmentView[];
}

export type PaymentHistoryStatus = 'PAID' | 'FAILED' | 'PENDING';

export interface PaymentAllocationView {
  instalmentNo: number | null;
  kind: AllocationKind;
  amountSen: number;
}

export interface PaymentHistoryItem {
  /** The payment's id (or the attempt's, for one that did not go through). */
  id: string;
  status: PaymentHistoryStatus;
  /** When the money was paid (instant, the wall clock's). */
  paidAt: string;
  /** The business date it is on the books for (ISO date): the date borrowers and staff are
   *  shown. A payment's value date; the day a failed or pending attempt was made or answered. */
  paidOn: string;
  amountSen: number;
  channel: PaymentChannel;
  /** The gap-free receipt number; null for a payment that did not go through. */
  receiptNo: string | null;
  /** The receipt PDF's file id, to fetch at `REPAYMENT_PATHS.receipt`; null until made. */
  receiptFileId: string | null;
  /** The channel's code for a failure (`DD_51`, `FPX_51`...), which screens put in words. */
  failureCode: string | null;
  /** The channel's reason, for a payment that failed. */
  failureReason: string | null;
  allocations: PaymentAllocationView[];
}

export interface PaymentHistoryResponse {
  agreementId: string;
  agreementNo: string;
  items: PaymentHistoryItem[];
}

/** The staff view adds who recorded the payment and the channel's reference. */
export interface StaffPaymentHistoryItem extends PaymentHistoryItem {
  externalRef: string;
  actor: string;
}

export interface StaffPaymentHistoryResponse {
  agreementId: string;
  agreementNo: string;
  accountStatus: LoanAccountStatus;
  items: StaffPaymentHistoryItem[];
}

/** The early settlement quote (DOMAIN.md: never Rule of 78). */
export interface EarlySettlementQuote {
  agreementId: string;
  /** The business date it is for; valid until `validUntil`. */
  asOf: string;
  /** The end of that Malaysian business day (instant). */
  validUntil: string;
  unpaidPrincipalSen: number;
  accruedInterestSen: number;
  unpaidInterestSen: number;
  lateChargesSen: number;
  /** Interest of the full schedule not charged because the loan ends early. */
  interestForgoneSen: number;
  /** Credit already on the account, taken off the amount to pay. */
  creditSen: number;
  /** What settles the loan today. */
  settlementSen: number;
}

/** How a loan account came to be CLOSED: settled early, or its last instalment paid. */
export type AccountClosedBy = 'EARLY_SETTLEMENT' | 'FINAL_INSTALMENT';

/**
 * The letter that confirms a closed loan owes nothing more, issued in the borrower's language when
 * the account closes. A new issue is a new version; a version is never overwritten.
 */
export interface DischargeLetterView {
  id: string;
  agreementId: string;
  version: number;
  language: 'EN' | 'MS';
  closedBy: AccountClosedBy;
  /** The business date the account closed. */
  closedOn: string;
  /** When this version was issued (instant). */
  issuedAt: string;
}

export interface DischargeLettersResponse {
  agreementId: string;
  items: DischargeLetterView[];
}

/**
 * The letter that tells the borrower the credit left on their closed loan was paid back to them,
 * issued in their language when the refund is approved.
 */
export interface RefundLetterView {
  /** The refund's id (one letter per refund). */
  id: string;
  agreementId: string;
  /** The refund's reference, as the statement of account lists it. */
  reference: string;
  amountSen: number;
  /** The business date the refund was booked. */
  refundedOn: string;
  /** The last 4 digits of the account it was paid to. */
  accountLast4: string;
  language: 'EN' | 'MS';
}

export interface RefundLettersResponse {
  agreementId: string;
  items: RefundLetterView[];
}
