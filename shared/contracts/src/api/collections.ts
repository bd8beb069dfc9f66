/**
 * Collections (DOMAIN.md "Default" and "Money after signing"): reminders before a due date,
 * arrears notices after one is missed, the "ready for default" flag after more than 28 days in
 * default and the default notice a person issues with at least 14 days' warning. Collection is
 * remote and in writing only. Figures in integer sen; dates `YYYY-MM-DD` (Malaysian business
 * date), instants ISO.
 */
import type {
  CaseAction,
  CaseBucket,
  ContactChannel,
  PromiseStatus,
  StaffActionVerdict,
} from '@lending/domain';

import type { Language } from '../events';

export const COLLECTION_PATHS = {
  /** GET (staff): accounts in arrears, most days past due first (`stage` to narrow). */
  accounts: '/api/admin/collections',
  /** GET (staff): one account's arrears and every letter sent on it, newest first. */
  account: (agreementId: string) => `/api/admin/collections/${agreementId}`,
  /** POST (staff): issue the default notice (`warningDays` 14 to 90). */
  defaultNotice: (agreementId: string) => `/api/admin/collections/${agreementId}/default-notice`,
  /** GET (staff): a letter's PDF. */
  staffLetter: (letterId: string) => `/api/admin/collections/letters/${letterId}`,
  /** GET: the borrower's own letters on an agreement, newest first. */
  letters: (agreementId: string) => `/arkcash/api/v1.0/repayment/${agreementId}/letters`,
  /** GET: a letter's PDF, to its borrower only. */
  letter: (letterId: string) => `/arkcash/api/v1.0/collection-letter/${letterId}`,
  /** GET (staff): the case's work: officer, next action, terminations, promises, contact log. */
  work: (agreementId: string) => `/api/admin/collections/${agreementId}/work`,
  /** PUT (staff): assign the case's officer, and set its next action if a person decides it. */
  caseAssignment: (agreementId: string) => `/api/admin/collections/${agreementId}/case`,
  /** GET (staff who may assign): the staff a case may be assigned to, by name. */
  caseOfficers: '/api/admin/collections/officers',
  /** POST (staff): propose terminating the agreement; another member decides. */
  proposeTermination: (agreementId: string) => `/api/admin/collections/${agreementId}/terminations`,
  /** POST (staff): approve a proposed termination (not its proposer). */
  approveTermination: (terminationId: string) =>
    `/api/admin/collections/terminations/${terminationId}/approve`,
  /** POST (staff): reject a proposed termination (not its proposer). */
  rejectTermination: (terminationId: string) =>
    `/api/admin/collections/terminations/${terminationId}/reject`,
  /** POST (staff): record a call made, or send a written message, within the contact rules. */
  contacts: (agreementId: string) => `/api/admin/collections/${agreementId}/contacts`,
  /** POST (staff): record the borrower's promise to pay. */
  promises: (agreementId: string) => `/api/admin/collections/${agreementId}/promises`,
  /** GET: the messages and letters sent to the borrower about the loan, newest first. */
  messages: (agreementId: string) => `/arkcash/api/v1.0/repayment/${agreementId}/messages`,
} as const;

/** Who works collection cases: record calls, messages and promises, and propose termination. */
export const COLLECTION_WORKER_ROLES = ['ADMIN', 'CREDIT_OFFICER'] as const;
/** Who approves a termination (never its proposer). */
export const TERMINATION_APPROVER_ROLES = ['ADMIN', 'APPROVER'] as const;

export const CONTACT_KINDS = [
  'REMINDER',
  'ARREARS_NOTICE',
  'DEFAULT_NOTICE',
  'TERMINATION_NOTICE',
  'CALL',
  'MESSAGE',
] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];
export const CALL_OUTCOMES = ['ANSWERED', 'NO_ANSWER', 'WRONG_NUMBER', 'CALL_BACK'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export interface ContactView {
  id: string;
  channel: ContactChannel;
  kind: ContactKind;
  subject: string;
  body: string;
  outcome: CallOutcome | null;
  letterId: string | null;
  language: Language;
  businessDate: string;
  at: string;
  /** `system:collections` or `staff:<id>`. */
  actor: string;
}

export interface TerminationView {
  id: string;
  status: 'PROPOSED' | 'APPROVED' | 'REJECTED';
  reason: string;
  proposedBy: string;
  proposedByName: string | null;
  proposedAt: string;
  decidedBy: string | null;
  decidedByName: string | null;
  decidedAt: string | null;
  decisionNote: string | null;
  /** The business date it took effect, and the balance that fell due (approved only). */
  businessDate: string | null;
  unpaidPrincipalSen: number | null;
  earnedInterestSen: number | null;
  lateChargesSen: number | null;
  interestForgoneSen: number | null;
  balanceSen: number | null;
  actions: { decide: StaffActionVerdict };
}

export interface PromiseView {
  id: string;
  amountSen: number;
  promisedFor: string;
  channel: ContactChannel;
  note: string | null;
  status: PromiseStatus;
  recordedBy: string;
  recordedOn: string;
  closedOn: string | null;
  history: {
    fromStatus: PromiseStatus | null;
    toStatus: PromiseStatus;
    reason: string;
    at: string;
  }[];
}

export interface CollectionWorkView {
  agreementId: string;
  accountStatus: 'ACTIVE' | 'CLOSED' | 'WRITEOFF' | 'TERMINATED';
  asOf: string;
  assignedTo: string | null;
  assignedToName: string | null;
  bucket: CaseBucket | null;
  nextAction: CaseAction | null;
  nextActionOn: string | null;
  /** The first day termination may be decided on, once a default notice stands. */
  terminationFrom: string | null;
  /** What would fall due if the agreement were terminated today. */
  terminationBalanceSen: number;
  terminations: TerminationView[];
  promises: PromiseView[];
  contacts: ContactView[];
  actions: {
    proposeTermination: StaffActionVerdict;
    recordContact: StaffActionVerdict;
    recordPromise: StaffActionVerdict;
    assign: StaffActionVerdict;
  };
}

export interface CaseAssignmentRequest {
  assignedTo: string;
  nextAction?: CaseAction;
  nextActionOn?: string;
}

/** A member of staff a case may be assigned to: who they are, nothing more about them. */
export interface CaseOfficer {
  id: string;
  name: string;
}

export interface CaseOfficersResponse {
  items: CaseOfficer[];
}

export interface ProposeTerminationRequest {
  reason: string;
}

export interface DecideTerminationRequest {
  note?: string;
}

export type RecordContactRequest =
  | { channel: 'CALL'; outcome: CallOutcome; note: string }
  | { channel: 'MESSAGE'; subject: string; body: string };

export interface RecordPromiseRequest {
  amountSen: number;
  promisedFor: string;
  channel: ContactChannel;
  note?: string;
}

export interface BorrowerMessagesResponse {
  agreementId: string;
  items: Omit<ContactView, 'outcome' | 'actor'>[];
}

export const COLLECTION_STAGE_VALUES = [
  'CURRENT',
  'IN_ARREARS',
  'READY_FOR_DEFAULT',
  'DEFAULT_NOTICE_ISSUED',
] as const;
export type CollectionStageValue = (typeof COLLECTION_STAGE_VALUES)[number];

/** ARREARS: sent by the daily job after a missed due date. DEFAULT: issued by staff.
 *  TERMINATION: sent when a termination is approved; it states the whole balance due. */
export const COLLECTION_LETTER_KINDS = ['ARREARS', 'DEFAULT', 'TERMINATION'] as const;
export type CollectionLetterKind = (typeof COLLECTION_LETTER_KINDS)[number];

export interface CollectionLetterView {
  id: string;
  kind: CollectionLetterKind;
  /** 1, 2, 3... per account and kind: a new letter is a new version, never an edit. */
  version: number;
  language: Language;
  issuedOn: string;
  overdueSen: number;
  lateChargesSen: number;
  /** The day a default notice gives to pay by; null on an arrears notice. */
  remedyBy: string | null;
  /** `system:collections` or `staff:<id>`. */
  issuedBy: string;
  emailedAt: string | null;
}

export interface CollectionAccountSummary {
  agreementId: string;
  agreementNo: string;
  borrowerName: string;
  stage: CollectionStageValue;
  daysPastDue: number;
  overdueSen: number;
  lateChargesSen: number;
  /** More than 28 days in default: a default notice may be issued. */
  readyForDefault: boolean;
  /** The business date the figures are for (the daily job's last run on the account). */
  asOf: string;
  letters: number;
}

export interface CollectionAccountsResponse {
  items: CollectionAccountSummary[];
}

export interface CollectionAccountDetail extends CollectionAccountSummary {
  /** Whether this caller may issue the default notice now. */
  canIssueDefaultNotice: boolean;
  overdueInstalments: {
    instalmentNo: number;
    dueDate: string;
    unpaidSen: number;
    daysOverdue: number;
  }[];
  items: CollectionLetterView[];
}

export interface DefaultNoticeRequest {
  /** Days the borrower is given to pay the arrears: 14 (the law's least) to 90. */
  warningDays: number;
}

export interface CollectionLettersResponse {
  agreementId: string;
  items: CollectionLetterView[];
}
