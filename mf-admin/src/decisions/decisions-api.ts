import {
  DECISION_PATHS,
  type DecisionOptions,
  type DecisionRequest,
  type DecisionResult,
  type InterviewOutcomeRequest,
  type InterviewView,
  type RecommendationPreview,
  type RecommendTerms,
} from '@lending/contracts';
import { api } from '@lending/platform';

/** The back office's calls about one file's decisions, through the one staff API client. */
export const decisionsApi = {
  options: async (applicationId: string) =>
    (await api.admin.get<DecisionOptions>(DECISION_PATHS.options(applicationId))).data,
  decide: async (applicationId: string, body: DecisionRequest) =>
    (await api.admin.post<DecisionResult>(DECISION_PATHS.decide(applicationId), body)).data,
  preview: async (applicationId: string, terms: RecommendTerms) =>
    (await api.admin.post<RecommendationPreview>(DECISION_PATHS.preview(applicationId), terms))
      .data,
  recordOutcome: async (
    applicationId: string,
    interviewId: string,
    body: InterviewOutcomeRequest,
  ) =>
    (
      await api.admin.post<InterviewView>(
        DECISION_PATHS.interviewOutcome(applicationId, interviewId),
        body,
      )
    ).data,
};

/** Cache keys of the back office's own reads; staff data is never the applicant's. */
export const adminKeys = {
  decisionOptions: (applicationId: string, version: number) =>
    ['admin', 'decisions', applicationId, version] as const,
  settings: () => ['admin', 'settings'] as const,
};

/** What went wrong with a call, as the forms need to tell it. */
export interface Problem {
  /** The file (or the settings) changed since it was read: reload, then decide again. */
  changed: boolean;
  message: string | null;
}

/** Reads the API's error body (`{ statusCode, message, code }`) off a failed call. */
export function problemOf(error: unknown): Problem {
  const response = (error as { response?: { status?: number; data?: unknown } } | null)?.response;
  const data = (response?.data ?? {}) as { code?: unknown; message?: unknown };
  const code = typeof data.code === 'string' ? data.code : null;
  return {
    changed: code === 'APPLICATION_CHANGED' || code === 'SETTINGS_CHANGED',
    message: typeof data.message === 'string' && data.message.trim() ? data.message : null,
  };
}

/** Percent as typed ("16.8", "12") to basis points, two decimals at most; null otherwise. */
export function percentToBp(input: string): number | null {
  const match = /^\s*(\d{1,3})(?:\.(\d{1,2}))?\s*%?\s*$/.exec(input);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Basis points as a percent for reading: 1680 -> "16.80%". */
export function bpToPercent(bp: number): string {
  return `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}%`;
}
