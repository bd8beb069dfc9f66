import type { StaffActionVerdict, StaffRole } from '@lending/domain';

/**
 * Disbursement (spec sections 3 and 9, DOMAIN.md): the back office's queue of signed agreements
 * waiting for their payout. One staff member records the payout (the net amount is the domain
 * engine's; the bank and account the borrower nominated), another confirms it (four eyes), which
 * sends it by instant transfer, opens the loan account and stores the repayment schedule. Money
 * in sen; dates ISO (YYYY-MM-DD for calendar dates, instants otherwise).
 */
export const DISBURSEMENT_PATHS = {
  /** GET: agreements waiting for disbursement (PENDING_DISBURSEMENT), oldest signature first. */
  queue: '/api/admin/disbursements',
  /** GET: one agreement's payouts, nominated account, account and repayment schedule. */
  detail: (agreementId: string) => `/api/admin/disbursements/${agreementId}`,
  /** POST: record the payout (the maker). */
  record: (agreementId: string) => `/api/admin/disbursements/${agreementId}/record`,
  /** POST: confirm the recorded payout and send it (the checker, another person). */
  confirm: (agreementId: string) => `/api/admin/disbursements/${agreementId}/confirm`,
} as const;

export type PayoutStatus = 'RECORDED' | 'SENDING' | 'PAID' | 'REJECTED';

export interface PayoutStaff {
  id: string;
  name: string;
}

export interface PayoutView {
  id: string;
  status: PayoutStatus;
  amountSen: number;
  beneficiaryName: string;
  bankCode: string;
  bankName: string;
  accountLast4: string;
  /** The lender's reference quoted to the bank. */
  reference: string;
  recordedBy: PayoutStaff;
  recordedAt: string;
  confirmedBy: PayoutStaff | null;
  confirmedAt: string | null;
  /** The bank's reference for the transfer, once accepted. */
  bankReference: string | null;
  /** The bank's reason, when it rejected the transfer. */
  rejectionReason: string | null;
  paidAt: string | null;
}

export interface DisbursementQueueItem {
  agreementId: string;
  agreementNo: string;
  agreementStatus: string;
  /** The agreement's version: recording sends it back, so a changed agreement is refused. */
  version: number;
  borrowerName: string;
  signedAt: string | null;
  principalSen: number;
  tenureMonths: number;
  /** What the borrower receives: the approved amount less the deductions (domain engine). */
  netAmountSen: number;
  /** The newest payout, live or rejected; null before the first. */
  payout: PayoutView | null;
}

export interface DisbursementQueue {
  items: DisbursementQueueItem[];
}

/** The account the borrower nominated on the application (disbursement details). */
export interface NominatedAccount {
  bankId: number;
  bankName: string;
  accountName: string;
  accountNumber: string;
}

export interface RepaymentScheduleRowView {
  instalmentNo: number;
  dueDate: string;
  instalmentSen: number;
  principalSen: number;
  interestSen: number;
}

export interface RepaymentScheduleView {
  version: number;
  firstDueDate: string;
  totalRepayableSen: number;
  /** SHA-256 (hex) of the rows in canonical form. */
  rowsSha256: string;
  rows: RepaymentScheduleRowView[];
}

export interface LoanAccountView {
  id: string;
  status: 'ACTIVE' | 'CLOSED' | 'WRITEOFF' | 'TERMINATED';
  disbursedOn: string;
  firstDueDate: string;
}

export interface DisbursementDetail extends DisbursementQueueItem {
  nominated: NominatedAccount | null;
  /** Every payout of the agreement, newest first. */
  payouts: PayoutView[];
  account: LoanAccountView | null;
  schedule: RepaymentScheduleView | null;
  /** What the caller may do now, and for each they may not, why: record a payout (a maker's
   *  role, none waiting) and confirm one (a checker's role, recorded by someone else). */
  actions: { record: StaffActionVerdict; confirm: StaffActionVerdict };
}

/** Who records a payout (the maker) and who confirms it (the checker, never the maker). */
export const PAYOUT_MAKER_ROLES: readonly StaffRole[] = ['ADMIN', 'CREDIT_OFFICER'];
export const PAYOUT_CHECKER_ROLES: readonly StaffRole[] = ['ADMIN', 'APPROVER'];

export interface RecordPayoutRequest {
  /** The agreement version the maker read. */
  version: number;
  bankId: number;
  accountName: string;
  accountNumber: string;
}

export interface ConfirmPayoutRequest {
  /** The payout the checker reviewed. */
  payoutId: string;
}
