/**
 * Collections (DOMAIN.md "Default" and "Money after signing"): reminders before a due date,
 * arrears notices after one is missed, the "ready for default" flag after more than 28 days in
 * default and the default notice a person issues with at least 14 days' warning. Collection is
 * remote and in writing only. Figures in integer sen; dates `YYYY-MM-DD` (Malaysian business
 * date), instants ISO.
 */
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
} as const;

export const COLLECTION_STAGE_VALUES = [
  'CURRENT',
  'IN_ARREARS',
  'READY_FOR_DEFAULT',
  'DEFAULT_NOTICE_ISSUED',
] as const;
export type CollectionStageValue = (typeof COLLECTION_STAGE_VALUES)[number];

/** ARREARS: sent by the daily job after a missed due date. DEFAULT: issued by staff. */
export const COLLECTION_LETTER_KINDS = ['ARREARS', 'DEFAULT'] as const;
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
