/**
 * The offer an approved application becomes (spec sections 2 and 4): the applicant reads their
 * agreement with every figure of the approved-loan summary, may lower the amount and opt in to
 * loan protection before accepting, then accepts or declines. Money in sen, rates in basis points,
 * dates ISO instants. Every figure is the domain engine's (`approvedLoanSummary`).
 */
import type { AgreementStatus, ApprovedLoanSummary, LoanProtectionPremium } from '@lending/domain';

export const OFFER_PATHS = {
  /** GET ?page=1&pageSize=10: the applicant's agreements, newest first. */
  mine: '/api/agreement/me',
  /** GET: one of the applicant's agreements with its figures and instalment table. */
  agreement: (agreementId: string) => `/api/agreement/${agreementId}`,
  /** PATCH: a lower amount and the loan protection choice, before accepting. */
  updateLoanAmount: (agreementId: string) => `/api/agreement/update-loan-amount/${agreementId}`,
  /** POST: the applicant accepts the offer as it stands (-> PENDING_ATTESTATION). */
  accept: (agreementId: string) => `/api/agreement/${agreementId}/accept`,
  /** POST: the applicant declines the offer, or cancels the accepted agreement before signing
   *  (-> CANCELLED). */
  decline: (agreementId: string) => `/api/agreement/${agreementId}/decline`,
} as const;

export const AGREEMENT_PAGE_DEFAULTS = { page: 1, pageSize: 10, maxPageSize: 50 } as const;

/** The loan protection premium as the borrower sees it (the agent's commission stays in the
 *  back office). */
export type BorrowerLoanProtection = Omit<LoanProtectionPremium, 'agentCommissionSen'> & {
  deducted: boolean;
};

/** The approved-loan summary the borrower reads: the domain's figures for the agreement's terms. */
export type BorrowerLoanFigures = Omit<ApprovedLoanSummary, 'loanProtection'> & {
  loanProtection?: BorrowerLoanProtection;
};

export interface InstalmentRow {
  /** 1 for the first instalment. */
  number: number;
  amountSen: number;
}

export interface AgreementView {
  id: string;
  agreementNo: string;
  applicationId: string;
  status: AgreementStatus;
  /** Send it back with any change: a stale one is refused (409 AGREEMENT_CHANGED). */
  version: number;
  /** The ceiling staff approved; `amountSen` may be lowered to `limits.minAmountSen`. */
  approvedAmountSen: number;
  amountSen: number;
  tenureMonths: number;
  annualRateBp: number;
  security: 'SECURED' | 'UNSECURED';
  campaignCode: string | null;
  /** The legal cap on the all-in rate for this kind of loan (Moneylenders Act s.17A). */
  capBp: number;
  figures: BorrowerLoanFigures;
  instalments: InstalmentRow[];
  limits: { minAmountSen: number; maxAmountSen: number };
  loanProtection: {
    optedIn: boolean;
    deducted: boolean;
    /** Whether the product offers cover for this tenure. */
    available: boolean;
    /** What cover on the current amount costs, to decide before opting in. */
    quote: Omit<LoanProtectionPremium, 'agentCommissionSen'> | null;
  };
  /** Terms may change, and the offer be accepted, only while this is true. */
  open: boolean;
  acceptedAt: string | null;
  signDate: string | null;
  cancelledAt: string | null;
  createdAt: string;
}

export interface AgreementListItem {
  id: string;
  agreementNo: string;
  applicationId: string;
  status: AgreementStatus;
  amountSen: number;
  tenureMonths: number;
  signDate: string | null;
  createdAt: string;
}

export interface AgreementPage {
  data: AgreementListItem[];
  total: number;
  page: number;
  pageSize: number;
}

export interface UpdateLoanAmountRequest {
  version: number;
  amountSen: number;
  loanProtection: boolean;
  /** With loan protection: taken out of the payout (true) or paid separately (false). */
  loanProtectionDeducted?: boolean;
}

export interface AcceptOfferRequest {
  version: number;
}

export interface DeclineOfferRequest {
  version: number;
  reason?: string;
}

/** What the login response says of the applicant's newest agreement. */
export interface AgreementDetails {
  id: string;
  agreementStatus: string;
  signDate: string | null;
}
