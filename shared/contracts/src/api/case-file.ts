/**
 * The staff view of one application (the case file): everything the applicant submitted,
 * what the checks found, what staff wrote and decided, and the trail of who did what.
 */
import type {
  Application,
  ApplicationListItem,
  ApplicationStatus,
  EkycSessionStatus,
  PsychometricDimension,
  PsychometricInvalidReason,
} from './application';
import type { UploadedFile } from './files';
import type { EligibilityRuleName } from './registration';

export const CASE_FILE_PATHS = {
  /** GET: the whole file. */
  file: (applicationId: string) => `/api/admin/applications/${applicationId}`,
  /** GET: one document, shown inline (`?download=1`: as an attachment). */
  document: (applicationId: string, documentId: string) =>
    `/api/admin/applications/${applicationId}/documents/${documentId}`,
  /** GET: one eKYC image of a session of the application. */
  ekycImage: (applicationId: string, sessionId: string, kind: EkycImageKind) =>
    `/api/admin/applications/${applicationId}/ekyc/${sessionId}/images/${kind}`,
  /** POST {body}: an internal note (staff only, never shown to the applicant). */
  notes: (applicationId: string) => `/api/admin/applications/${applicationId}/notes`,
} as const;

export type EkycImageKind = 'ID_FRONT' | 'ID_BACK' | 'SELFIE';

/** A staff member as the file names them. */
export interface StaffRef {
  id: string;
  name: string;
  email: string;
}

export interface CaseFileDocument extends UploadedFile {
  /** Staff-only address of the document (shown inline; add `?download=1` to download). */
  url: string;
}

export interface CaseFileEkyc {
  sessionId: string;
  status: EkycSessionStatus;
  message: string | null;
  completedAt: string | null;
  confirmedAt: string | null;
  consentAt: string | null;
  images: { kind: EkycImageKind; contentType: string; url: string }[];
}

export interface CaseFilePsychometric {
  attemptId: string;
  questionnaireVersion: string;
  language: 'EN' | 'MS';
  startedAt: string;
  submittedAt: string;
  outcome: 'VALID' | 'INVALID';
  score: number | null;
  dimensionScores: Partial<Record<PsychometricDimension, number>>;
  invalidReasons: PsychometricInvalidReason[];
  /** Each question in the order shown, in both languages, with the answer (1 to 5); the text
   *  is null for a questionnaire version no longer known. */
  answers: {
    questionId: string;
    dimension: PsychometricDimension | null;
    textEn: string | null;
    textMs: string | null;
    answer: number | null;
  }[];
}

/** An eligibility rule checked against what the application states; `pass` is null when the
 *  application does not say (the eligibility check before registration keeps no answers). */
export interface CaseFileEligibilityRule {
  rule: EligibilityRuleName;
  /** What the application states for the rule (a date, an age, yes/no). */
  stated: string | null;
  pass: boolean | null;
}

export interface CaseFileNote {
  id: string;
  body: string;
  author: StaffRef | null;
  createdAt: string;
}

export interface CaseFileInterview {
  id: string;
  scheduledAt: string;
  mode: 'IN_PERSON' | 'VIDEO_CALL' | 'PHONE_CALL';
  details: string | null;
  requestedBy: StaffRef | null;
  requestedAt: string;
  outcome: 'ATTENDED' | 'NO_SHOW' | 'RESCHEDULED' | null;
  outcomeNote: string | null;
  outcomeRecordedAt: string | null;
}

export interface CaseFileReferback {
  id: string;
  items: { kind: 'section' | 'document'; target: string; reason: string }[];
  requestedBy: StaffRef | null;
  requestedAt: string;
  resolvedAt: string | null;
}

export interface CaseFileRecommendation {
  id: string;
  recommendedBy: StaffRef | null;
  amountSen: number;
  tenureMonths: number;
  annualRateBp: number;
  secured: boolean;
  settingsVersion: number;
  /** The figures the engine computed when it was made (sen, basis points). */
  offer: Record<string, unknown>;
  complianceReview: boolean;
  approvalLevels: number;
  createdAt: string;
  approvals: { level: number; approver: StaffRef | null; approvedAt: string }[];
}

export interface CaseFileStatusChange {
  from: ApplicationStatus | null;
  to: ApplicationStatus;
  /** `user:<id>`, `staff:<id>` or `system:<job>`. */
  actor: string;
  /** The staff member, when staff made the change. */
  staff: StaffRef | null;
  reason: string | null;
  at: string;
}

export interface CaseFileAuditEntry {
  id: number;
  action: string;
  actor: string | null;
  staff: StaffRef | null;
  entity: string | null;
  from: string | null;
  to: string | null;
  reason: string | null;
  at: string;
}

export interface CaseFile {
  application: Application;
  status: ApplicationStatus;
  /** Decisions name the version they were taken on; an older one is refused. */
  version: number;
  assignedOfficer: StaffRef | null;
  assignedAt: string | null;
  companyName: string;
  businessRegistrationNo: string;
  documents: CaseFileDocument[];
  ekyc: CaseFileEkyc | null;
  psychometric: CaseFilePsychometric | null;
  eligibility: CaseFileEligibilityRule[];
  applicant: {
    userId: string;
    /** The applicant's other applications, newest first. */
    earlierApplications: ApplicationListItem[];
    /** When the applicant may not apply again until a date still to come. */
    ban: { until: string; kind: 'REJECTION' | 'TEMPORARY_BAN' | null } | null;
  };
  notes: CaseFileNote[];
  interview: CaseFileInterview | null;
  referbacks: CaseFileReferback[];
  recommendation: CaseFileRecommendation | null;
  statusHistory: CaseFileStatusChange[];
  auditTrail: CaseFileAuditEntry[];
}

export interface AddNoteRequest {
  body: string;
}

export const NOTE_MAX_LENGTH = 4000;
