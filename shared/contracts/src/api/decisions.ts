/**
 * Staff decisions on a submitted application and the versioned product settings they are taken
 * under. Money is in sen, rates in basis points, instants ISO 8601 (UTC).
 */
import type {
  ApplicationStatus,
  ApprovedLoanSummary,
  DecisionRefusal,
  LoanSecurity,
  ProductSettings,
  RecommendationFailure,
  SettingsProblem,
  StaffDecision,
} from '@lending/domain';

import type { ApplicationSection } from './application';
import type { DocumentFileType } from './files';

export const DECISION_PATHS = {
  /** POST: take one decision on the file (`{ decision, version, ...payload }`). */
  decide: (applicationId: string) => `/api/admin/applications/${applicationId}/decisions`,
  /** GET: the decisions the caller may take now, the interview slots and the file's offer. */
  options: (applicationId: string) => `/api/admin/applications/${applicationId}/decisions/options`,
  /** POST: the offer recommended terms would make, computed and checked, without deciding. */
  preview: (applicationId: string) => `/api/admin/applications/${applicationId}/decisions/preview`,
  /** POST: what came of an interview. */
  interviewOutcome: (applicationId: string, interviewId: string) =>
    `/api/admin/applications/${applicationId}/interviews/${interviewId}/outcome`,
} as const;

export const SETTINGS_PATHS = {
  /** GET (staff): the current version; PUT (ADMIN): saves a new version. */
  current: '/api/admin/settings',
  version: (version: number | string) => `/api/admin/settings/versions/${version}`,
} as const;

export type InterviewMode = 'IN_PERSON' | 'VIDEO_CALL' | 'PHONE_CALL';
export type InterviewOutcome = 'ATTENDED' | 'NO_SHOW' | 'RESCHEDULED';
export type BanKind = 'REJECTION' | 'TEMPORARY_BAN';

/** What the applicant must fix: a section of the form (or the loan itself) or a document. */
export type ReferbackItem =
  | { kind: 'section'; target: ApplicationSection | 'loan'; reason: string }
  | { kind: 'document'; target: DocumentFileType; reason: string };

export interface RecommendTerms {
  amountSen: number;
  tenureMonths: number;
  annualRateBp: number;
  security: LoanSecurity;
  /** Required when secured (Schedule K names both); kept sealed. */
  securityParticulars?: { description: string; valueSen: number };
}

interface Versioned {
  /** The version the file was read at (`DecisionOptions.version`). */
  version: number;
}

export type DecisionRequest = Versioned &
  (
    | { decision: 'KIV'; note: string }
    | {
        decision: 'REQUEST_INTERVIEW';
        scheduledAt: string;
        mode: InterviewMode;
        details?: string;
      }
    | { decision: 'REQUEST_PSYCHOMETRIC_TEST' | 'REDO_PSYCHOMETRIC_TEST'; note?: string }
    | { decision: 'REFER_BACK'; items: ReferbackItem[] }
    | { decision: 'RETURN_TO_PENDING'; reason: string }
    | ({ decision: 'RECOMMEND'; note?: string } & RecommendTerms)
    | {
        decision: 'APPROVE';
        note?: string;
        /** Required when the offer is flagged for compliance review: never approved silently. */
        complianceReviewed?: boolean;
      }
    | { decision: 'REJECT'; reason: string; banKind?: BanKind }
    | { decision: 'CANCEL'; reason: string }
  );

export interface DecisionResult {
  decision: StaffDecision;
  from: ApplicationStatus;
  status: ApplicationStatus;
  version: number;
}

export interface DecisionOption {
  decision: StaffDecision;
  allowed: boolean;
  reason?: DecisionRefusal;
  /** With `alreadyApproved`: the level of this offer the caller approved. */
  approvedLevel?: number;
}

export interface OfferView {
  recommendationId: string;
  recommendedBy: string;
  terms: Omit<RecommendTerms, 'securityParticulars'>;
  offer: ApprovedLoanSummary;
  settingsVersion: number;
  approvalLevels: number;
  complianceReview: boolean;
  /** The s.17A cap for this security type, shown beside the all-in rate. */
  capBp: number;
  approvals: { level: number; approverId: string; approvedAt: string }[];
}

export interface InterviewView {
  id: string;
  scheduledAt: string;
  mode: InterviewMode;
  details: string | null;
  outcome: InterviewOutcome | null;
  outcomeNote: string | null;
}

export interface DecisionOptions {
  applicationId: string;
  status: ApplicationStatus;
  version: number;
  decisions: DecisionOption[];
  /** Bookable interview starts for the next two weeks, Malaysia office hours. */
  interviewSlots: string[];
  /** What a referral back may name for this file. */
  referbackTargets: { sections: (ApplicationSection | 'loan')[]; documents: DocumentFileType[] };
  offer: OfferView | null;
  interviews: InterviewView[];
}

export interface RecommendationPreview {
  ok: boolean;
  failures: RecommendationFailure[];
  needsComplianceReview: boolean;
  /** Null when the terms cannot even be priced (amount or tenure out of range). */
  offer: ApprovedLoanSummary | null;
  capBp: number;
  approvalLevels: number | null;
  settingsVersion: number;
}

export interface InterviewOutcomeRequest {
  outcome: InterviewOutcome;
  note?: string;
}

/** The product settings as stored: one version, who saved it and when. */
export interface SettingsVersion {
  settings: ProductSettings;
  createdAt: string | null;
  createdBy: string | null;
}

/** PUT body: every setting, and the version they were edited from. */
export type SettingsUpdateRequest = ProductSettings;

export type SettingsProblemView = SettingsProblem;
