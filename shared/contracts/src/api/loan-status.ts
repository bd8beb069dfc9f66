/**
 * What the applicant sees of their loans after submitting (spec sections 2 to 4): the home status
 * card, the loan history with each application's timeline, and the status by reference number.
 * Dates are ISO instants.
 */
import type { HomeGuarantor, HomeLoanState } from '@lending/domain';

import type {
  ApplicationProgressStep,
  ApplicationSection,
  ApplicationStatus,
  OrganizationType,
} from './application';

export const LOAN_STATUS_PATHS = {
  /** GET: the home card's state and what it is computed from. */
  home: '/api/loan-status/home',
  /** GET ?page=1&size=10: the applicant's applications, newest first. */
  history: '/api/loan-history',
  /** GET: one of the applicant's applications with its status timeline. */
  historyItem: (applicationId: string) => `/api/loan-history/${applicationId}`,
  /** GET ?referenceNo=...: the status of one of the applicant's own applications. */
  check: '/api/loan-status-check',
} as const;

export const LOAN_HISTORY_DEFAULTS = { page: 1, size: 10, maxSize: 50 } as const;

export type LoanBlockKind = 'REJECTION' | 'TEMPORARY_BAN';
export type LoanInterviewMode = 'IN_PERSON' | 'VIDEO_CALL' | 'PHONE_CALL';

export interface LoanInterview {
  scheduledAt: string;
  mode: LoanInterviewMode;
  /** Where (an address) or how (a meeting link) it is held. */
  details: string | null;
}

/** What a referral back asks the applicant to fix: a form section (or the loan itself), or one
 *  document type, each with the lender's reason. */
export interface ReferredItem {
  kind: 'section' | 'document';
  /** A section name (`company`, `applicant`...), `loan`, or a document file type. */
  target: ApplicationSection | 'loan' | string;
  reason: string;
}

export interface LoanReferback {
  requestedAt: string;
  items: ReferredItem[];
}

/** The computed card state, as `homeLoanStatus` in shared/domain answers it. */
export interface HomeLoanStatusView {
  state: HomeLoanState;
  /** REJECTED and TEMPORARILY_BANNED: when a new application is allowed. */
  newLoanAllowedAfter: string | null;
  /** APPLICATION_INCOMPLETE: the first step still to complete (null: only the submission). */
  resumeAt: ApplicationProgressStep | null;
  /** REQUESTED_FOR_INTERVIEW: whether a slot is set. */
  interviewScheduled: boolean;
  /** ATTESTATION_COMPLETED: whether direct debit is set up. */
  directDebitReady: boolean;
  /** PAYMENT_DISBURSED: the agreement was terminated and its whole balance is due now. */
  accountTerminated: boolean;
}

export interface HomeLoanApplication {
  id: string;
  referenceNo: string;
  status: ApplicationStatus;
  progressSteps: ApplicationProgressStep[];
  requestedAmountSen: number | null;
  tenureMonths: number | null;
  submittedAt: string | null;
  createdAt: string;
}

export interface HomeLoanStatusResponse {
  status: HomeLoanStatusView;
  user: {
    allowToApplyNewLoanAfterDateTime: string | null;
    newLoanBlockKind: LoanBlockKind | null;
  };
  /** The latest application, or null before the first one. */
  application: HomeLoanApplication | null;
  /** The agreement the latest application became once approved; null before. */
  agreement: { id: string; agreementStatus: string; signDate: string | null } | null;
  /** Accounts come after disbursement; none exist yet. */
  account: { status: string } | null;
  /** REQUESTED_FOR_INTERVIEW: the latest interview asked for. */
  interview: LoanInterview | null;
  /** REFERBACK: what to fix. */
  referback: LoanReferback | null;
  /** PENDING_AGREEMENT: each guarantor's progress (name and step only); empty otherwise. */
  guarantors?: HomeGuarantor[];
}

export interface LoanHistoryItem {
  id: string;
  referenceNo: string;
  status: ApplicationStatus;
  organizationType: OrganizationType | null;
  requestedAmountSen: number | null;
  tenureMonths: number | null;
  createdAt: string;
  submittedAt: string | null;
  updatedAt: string;
}

export interface LoanHistoryPage {
  data: LoanHistoryItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** One status change as the applicant sees it: what, when, and whether they or the lender did
 *  it (staff notes stay internal). */
export interface LoanTimelineEntry {
  status: ApplicationStatus;
  at: string;
  by: 'applicant' | 'lender';
}

/** The agreement an approved application became, and which of its documents the borrower keeps. */
export interface LoanHistoryAgreement {
  id: string;
  agreementNo: string;
  /** Signed by the borrower: the signed agreement can be viewed and downloaded. */
  signed: boolean;
  /** Every signer has signed and the file is stamped: the e-certificate can be viewed. */
  eCertificateIssued: boolean;
}

/** What happened to the loan after approval: paid out, repaid, settled early, closed, written off. */
export type LoanLifeEvent =
  'PAID_OUT' | 'REPAID' | 'SETTLED' | 'TERMINATED' | 'CLOSED' | 'WRITTEN_OFF';

export interface LoanLifeEntry {
  event: LoanLifeEvent;
  /** The instant it was recorded (the wall clock's). */
  at: string;
  /** The business date it happened on (ISO date): the date the borrower is shown. */
  on: string;
  /** PAID_OUT: the amount paid into the account; REPAID: everything paid so far, the last
   *  payment's time as `at`; null for the other events. */
  amountSen: number | null;
}

/** The loan account an agreement became once paid out, and its life so far, oldest first. */
export interface LoanHistoryAccount {
  status: 'ACTIVE' | 'CLOSED' | 'WRITEOFF' | 'TERMINATED';
  life: LoanLifeEntry[];
}

export interface LoanHistoryDetail extends LoanHistoryItem {
  timeline: LoanTimelineEntry[];
  /** Null before approval (and for an application that never became an agreement). */
  agreement?: LoanHistoryAgreement | null;
  /** Null until the loan is paid out. */
  account?: LoanHistoryAccount | null;
}

export interface LoanStatusCheckResponse {
  referenceNo: string;
  status: ApplicationStatus;
  state: HomeLoanState;
  updatedAt: string;
}
