import type { BankInSlipStatus, StaffActionVerdict, StaffRole } from '@lending/domain';

/** Who decides bank-in slips: money is booked, so the finance side (and admin). */
export const BANK_IN_SLIP_DECIDER_ROLES: readonly StaffRole[] = ['FINANCE', 'ADMIN'];
/** Who may see the queue and the slips: customer service answers borrowers' questions about them
 *  but does not decide. */
export const BANK_IN_SLIP_READER_ROLES: readonly StaffRole[] = [
  'FINANCE',
  'ADMIN',
  'CUSTOMER_SERVICE',
];

/**
 * A payment by bank transfer the borrower reports with the bank-in slip: the slip (PDF, PNG or
 * JPEG up to 5 MB, checked like other uploaded documents), the amount in sen and the day paid.
 * Staff check it against the bank account; an approved slip is booked like any other payment
 * (channel BANK_TRANSFER). Borrowers' calls answer 404 for a loan or slip that is not theirs.
 */
export const BANK_IN_SLIP_PATHS = {
  /** POST (borrower, multipart: amountSen, paidOn, then file); GET: the loan's slips. */
  borrowerSlips: (agreementId: string) =>
    `/arkcash/api/v1.0/repayment/${agreementId}/bank-in-slips`,
  /** GET (staff): the slips waiting for a decision, oldest first (`?status=ALL` for all). */
  queue: '/api/admin/bank-in-slips',
  /** GET (staff): the slip file itself (PDF or image), as a download. */
  file: (slipId: string) => `/api/admin/bank-in-slips/${slipId}/file`,
  /** POST (staff): approve (above the settings' amount, the first of two approvals). */
  approve: (slipId: string) => `/api/admin/bank-in-slips/${slipId}/approve`,
  /** POST (staff): reject with a reason the borrower is shown. */
  reject: (slipId: string) => `/api/admin/bank-in-slips/${slipId}/reject`,
} as const;

export const BANK_IN_SLIP_MAX_BYTES = 5 * 1024 * 1024;
export const BANK_IN_SLIP_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

/** The borrower's view of their slip. */
export interface BankInSlipView {
  id: string;
  agreementId: string;
  status: BankInSlipStatus;
  amountSen: number;
  /** YYYY-MM-DD. */
  paidOn: string;
  originalFileName: string;
  submittedAt: string;
  decidedAt: string | null;
  /** Why staff rejected it (worded in the reader's language), and their own note. */
  rejectReason: BankInSlipRejectReason | null;
  rejectNote: string | null;
  /** The receipt number of the payment an approved slip became. */
  receiptNo: string | null;
}

export interface BankInSlipsResponse {
  items: BankInSlipView[];
}

/** A slip as the staff queue shows it. */
export interface StaffBankInSlipView extends BankInSlipView {
  agreementNo: string;
  borrowerName: string;
  mimeType: string;
  sizeBytes: number;
  approvalsNeeded: 1 | 2;
  firstApprovedBy: string | null;
  firstApprovedByName: string | null;
  decidedBy: string | null;
  actions: { approve: StaffActionVerdict; reject: StaffActionVerdict };
}

export interface StaffBankInSlipsResponse {
  items: StaffBankInSlipView[];
  /** The amount above which two people approve (from the product settings). */
  secondApprovalAboveSen: number;
}

/** Why a slip is rejected: each is worded to the borrower in their language. */
export const BANK_IN_SLIP_REJECT_REASONS = [
  /** No such money reached our account. */
  'NOT_RECEIVED',
  /** The money received differs from the amount stated. */
  'AMOUNT_DIFFERS',
  /** The money arrived on another day than stated. */
  'DATE_DIFFERS',
  /** The slip cannot be read. */
  'UNREADABLE',
  /** Anything else: the note says what. */
  'OTHER',
] as const;
export type BankInSlipRejectReason = (typeof BANK_IN_SLIP_REJECT_REASONS)[number];

export interface RejectBankInSlipBody {
  reason: BankInSlipRejectReason;
  /** Staff's words to the borrower, up to 500 characters; needed for OTHER. */
  note?: string;
}
