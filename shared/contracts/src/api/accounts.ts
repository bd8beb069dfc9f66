/**
 * The books (spec section 7 "Collection", DOMAIN.md "Money after signing"): the back office's view
 * of a loan account after payout, its late charge waivers and write-off (each proposed by one
 * staff member and approved by another), and statements of account. Figures in integer sen; dates
 * `YYYY-MM-DD` (the Malaysian business date); instants ISO.
 */
import type { CreditRefundStatus, StaffActionVerdict, StaffRole } from '@lending/domain';

import type { LoanAccountStatus, ScheduleInstalmentView } from './repayments';

const ADMIN = '/arkcash/admin/api/v1.0';

export const ACCOUNT_PATHS = {
  /** GET: the account's schedule with each instalment's position (tenure details). */
  tenureDetails: (agreementNo: string) =>
    `${ADMIN}/accountTenureDetails/agreementNo/${agreementNo}`,
  /** GET `?agreementNo=`: accounts whose agreement number starts with it. */
  search: `${ADMIN}/accountDetails/search`,
  /** GET: the account enquiry: account, agreement and tenure details together. */
  aocAgreement: (agreementNo: string) => `${ADMIN}/accountDetails/getAocAgreement/${agreementNo}`,
  /** GET: the account's waivers and write-off requests; POST: propose a late charge waiver. */
  waiverCharges: (accountDetailsId: string) =>
    `${ADMIN}/accountDetails/waiverCharges/accountDetailsId/${accountDetailsId}`,
  /** POST: propose writing the account off. */
  writeOff: (accountDetailsId: string) =>
    `${ADMIN}/accountDetails/writeOff/accountDetailsId/${accountDetailsId}`,
  /** GET: the payments on an agreement with their references and allocations (the same answer
   *  as `REPAYMENT_PATHS.staffPaymentHistory`, under the back office's prefix). */
  paymentHistory: (agreementId: string) => `${ADMIN}/transaction/getPaymentHistory/${agreementId}`,
  /** POST: a second staff member approves, or rejects, a proposed waiver or write-off. */
  approve: (requestId: string) => `${ADMIN}/accountDetails/adjustments/${requestId}/approve`,
  reject: (requestId: string) => `${ADMIN}/accountDetails/adjustments/${requestId}/reject`,
  /** GET: a closed account's credit, where a refund goes, and its refunds; POST: propose
   *  refunding the whole credit. */
  refunds: (accountDetailsId: string) =>
    `${ADMIN}/accountDetails/creditRefunds/accountDetailsId/${accountDetailsId}`,
  /** POST: a second finance member approves (the refund is booked), or rejects, a refund. */
  approveRefund: (refundId: string) => `${ADMIN}/accountDetails/creditRefunds/${refundId}/approve`,
  rejectRefund: (refundId: string) => `${ADMIN}/accountDetails/creditRefunds/${refundId}/reject`,
} as const;

/** `en` or `bm`, as the spec names the statement's languages. */
export const STATEMENT_LANGUAGES = ['en', 'bm'] as const;
export type StatementLanguage = (typeof STATEMENT_LANGUAGES)[number];

export const STATEMENT_PATHS = {
  /** GET (the borrower, their own only): the statement of account PDF. */
  mine: (agreementId: string, language: StatementLanguage | string) =>
    `/arkcash/api/v1.0/statement-of-account/${agreementId}/${language}`,
  /** GET (staff): the statement of account PDF of any agreement. */
  staff: (agreementId: string, language: StatementLanguage | string) =>
    `${ADMIN}/statement-of-account/${agreementId}/${language}`,
  /** POST: accounts to give statements of, paged and filtered. */
  search: `${ADMIN}/statement-of-account/search`,
} as const;

/** Who reads accounts and statements; who proposes a waiver or write-off; who approves one. */
export const ACCOUNT_READER_ROLES: readonly StaffRole[] = [
  'ADMIN',
  'CREDIT_OFFICER',
  'APPROVER',
  'CUSTOMER_SERVICE',
  'FINANCE',
];
export const ADJUSTMENT_PROPOSER_ROLES: readonly StaffRole[] = ['ADMIN', 'CREDIT_OFFICER'];
export const ADJUSTMENT_APPROVER_ROLES: readonly StaffRole[] = ['ADMIN', 'APPROVER'];
/** Money paid back out: finance proposes; another finance member, or an admin, approves. */
export const REFUND_PROPOSER_ROLES: readonly StaffRole[] = ['FINANCE'];
export const REFUND_APPROVER_ROLES: readonly StaffRole[] = ['FINANCE', 'ADMIN'];

export interface AccountDetails {
  /** The loan account's id (the spec's accountDetailsId). */
  id: string;
  agreementId: string;
  agreementNo: string;
  borrowerName: string;
  status: LoanAccountStatus;
  disbursedOn: string;
  principalSen: number;
  totalRepayableSen: number;
  /** Everything still owed today: unpaid instalments and late charges, less credit. */
  outstandingSen: number;
  overdueSen: number;
  lateChargesOutstandingSen: number;
  creditSen: number;
}

export interface AccountSearchResponse {
  items: AccountDetails[];
}

export interface TenureDetailsResponse {
  agreementId: string;
  agreementNo: string;
  asOf: string;
  instalments: (ScheduleInstalmentView & { lateChargesWaivedSen: number })[];
}

export interface AccountAgreementDetails {
  agreementNo: string;
  tenureMonths: number;
  annualRateBp: number;
  secured: boolean;
  firstDueDate: string;
  maturityDate: string;
  totalInterestSen: number;
  monthlyInstalmentSen: number;
}

/** The account enquiry (spec section 3): account, agreement and tenure details. */
export interface AocAgreementResponse {
  accountDetails: AccountDetails;
  agreementDetails: AccountAgreementDetails;
  tenureDetails: TenureDetailsResponse;
}

export const ADJUSTMENT_KINDS = ['LATE_CHARGE_WAIVER', 'WRITEOFF'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];
export const ADJUSTMENT_STATUSES = ['PROPOSED', 'APPROVED', 'REJECTED'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

export interface AccountAdjustment {
  id: string;
  kind: AdjustmentKind;
  status: AdjustmentStatus;
  /** The waiver's amount; null for a write-off. */
  amountSen: number | null;
  reason: string;
  proposedBy: string;
  proposedByName: string | null;
  proposedAt: string;
  decidedBy: string | null;
  decidedByName: string | null;
  decidedAt: string | null;
  decisionNote: string | null;
  /** Where an approved waiver went: late charges per instalment. */
  lines: { instalmentNo: number; amountSen: number }[];
  /** Whether the caller may approve or reject it now (an approver's role, not its proposer). */
  actions: { decide: StaffActionVerdict };
}

export interface WaiverChargesResponse {
  accountDetailsId: string;
  agreementId: string;
  agreementNo: string;
  status: LoanAccountStatus;
  /** Late charges charged and neither paid nor waived, today. */
  lateChargesOutstandingSen: number;
  items: AccountAdjustment[];
  /** Whether the caller may propose a waiver or a write-off now, and why not. */
  actions: { proposeWaiver: StaffActionVerdict; proposeWriteOff: StaffActionVerdict };
}

/** Waiver: 1 sen up to the late charges outstanding; a reason of 5 to 500 characters. */
export interface ProposeWaiverBody {
  amountSen: number;
  reason: string;
}

export interface ProposeWriteOffBody {
  reason: string;
}

export interface DecideAdjustmentBody {
  note?: string;
}

export interface StatementSearchBody {
  /** From 1. */
  currentPage: number;
  /** 1 to 100. */
  pageSize: number;
  /** The start of the agreement number. */
  agreementNo?: string;
  /** Part of the borrower's name. */
  borrowerName?: string;
  status?: LoanAccountStatus;
  /** Disbursed on or after, on or before (both ends included). */
  disbursedFrom?: string;
  disbursedTo?: string;
}

export interface StatementSearchItem {
  accountDetailsId: string;
  agreementId: string;
  agreementNo: string;
  borrowerName: string;
  status: LoanAccountStatus;
  disbursedOn: string;
  principalSen: number;
}

export interface StatementSearchResponse {
  items: StatementSearchItem[];
  total: number;
  currentPage: number;
  pageSize: number;
}

/** The account a refund is paid to: the one the loan was paid out to (its last 4 digits only). */
export interface RefundBankAccount {
  bankName: string;
  accountName: string;
  accountLast4: string;
}

export interface CreditRefundView {
  id: string;
  status: CreditRefundStatus;
  amountSen: number;
  reason: string;
  paidTo: RefundBankAccount;
  proposedBy: string;
  proposedByName: string | null;
  proposedAt: string;
  decidedBy: string | null;
  decidedByName: string | null;
  decidedAt: string | null;
  decisionNote: string | null;
  /** The business date an approved refund was booked on; null otherwise. */
  businessDate: string | null;
  /** The refund's reference on the statement of account. */
  reference: string;
  /** Whether the refund letter has gone to the borrower (an approved refund only). */
  letterSent: boolean;
  actions: { decide: StaffActionVerdict };
}

export interface CreditRefundsResponse {
  accountDetailsId: string;
  agreementId: string;
  agreementNo: string;
  status: LoanAccountStatus;
  /** Credit kept on the account today (money received beyond what the loan needed). */
  creditSen: number;
  /** Where a refund would be paid; null when the loan has no confirmed payout. */
  nominatedAccount: RefundBankAccount | null;
  items: CreditRefundView[];
  actions: { propose: StaffActionVerdict };
}

/** The refund of the whole credit: `amountSen` must equal the credit kept. */
export interface ProposeRefundBody {
  amountSen: number;
  reason: string;
}
