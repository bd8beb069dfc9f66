import {
  ATTESTATION_PATHS,
  type AttestationLanguage,
  type AttestationReviewRow,
  type ExplainBackAnswer,
} from '@lending/contracts';
import {
  bookableSlots,
  isIsoDate,
  type IsoDate,
  type OfficeHours,
  type StaffActionVerdict,
} from '@lending/domain';
import { api } from '@lending/platform';

export interface AttestationEvidence {
  /** What the caller may do with it now, and why not (four eyes: not whoever held the call). */
  actions: { complete: StaffActionVerdict; approve: StaffActionVerdict };
  agreementId: string;
  agreementNo: string;
  status: string;
  version: number;
  applicantName: string;
  option: 'VIDEO' | 'LIVE_CALL' | null;
  completedBy: string | null;
  viewings: {
    id: string;
    language: string;
    durationMs: number;
    startedAt: string;
    endedAt: string | null;
  }[];
  checks: {
    id: string;
    passed: boolean;
    shownAt: string;
    submittedAt: string;
    answers: ExplainBackAnswer[];
  }[];
  calls: {
    id: string;
    status: string;
    startsAt: string | null;
    outcomeNotes: string | null;
    outcomeAt: string | null;
  }[];
  history: { from: string | null; to: string; actor: string; at: string }[];
}

export interface CalendarSlot {
  id: string;
  officerId: string;
  officerName: string;
  startsAt: string;
  endsAt: string;
  booking: {
    id: string;
    status: string;
    agreementId: string;
    agreementNo: string;
    applicantName: string;
    meetingUrl: string;
    outcomeNotes: string | null;
  } | null;
}

export interface VideoInfo {
  language: AttestationLanguage;
  replaced: boolean;
  sizeBytes: number;
  durationMs: number;
  uploadedAt: string | null;
}

/** The back office's attestation calls, through the one staff API client. */
export const attestationAdminApi = {
  reviews: async () =>
    (await api.admin.get<AttestationReviewRow[]>(ATTESTATION_PATHS.staffReviews)).data,
  review: async (agreementId: string) =>
    (await api.admin.get<AttestationEvidence>(ATTESTATION_PATHS.staffReview(agreementId))).data,
  complete: async (agreementId: string, version: number) =>
    (
      await api.admin.post<AttestationEvidence>(ATTESTATION_PATHS.staffComplete(agreementId), {
        version,
      })
    ).data,
  approve: async (agreementId: string, version: number) =>
    (
      await api.admin.post<AttestationEvidence>(ATTESTATION_PATHS.staffApprove(agreementId), {
        version,
      })
    ).data,
  calendar: async (from: string, days: number) =>
    (await api.admin.get<CalendarSlot[]>(ATTESTATION_PATHS.staffSlots, { params: { from, days } }))
      .data,
  openSlots: async (startsAt: string[]) =>
    (await api.admin.post<{ opened: number }>(ATTESTATION_PATHS.staffSlots, { startsAt })).data,
  removeSlot: async (slotId: string) => {
    await api.admin.delete(ATTESTATION_PATHS.staffSlot(slotId));
  },
  outcome: async (
    bookingId: string,
    body: { outcome: 'ATTESTED' | 'NOT_ATTESTED' | 'NO_SHOW'; notes: string },
  ) => (await api.admin.post(ATTESTATION_PATHS.staffOutcome(bookingId), body)).data,
  videos: async () => (await api.admin.get<VideoInfo[]>(ATTESTATION_PATHS.staffVideos)).data,
  replaceVideo: async (language: AttestationLanguage, file: File) =>
    (
      await api.admin.put<VideoInfo[]>(ATTESTATION_PATHS.staffVideo(language), file, {
        headers: { 'content-type': 'video/mp4' },
        timeout: 120_000,
      })
    ).data,
};

/**
 * The slot starts of one Malaysian date an officer can still open: office hours on the slot grid,
 * none on a weekend or a public holiday, and none already begun when the date is today (the API
 * refuses the whole batch if one has).
 */
export function slotStarts(date: IsoDate, hours: OfficeHours, now: Date): string[] {
  if (!isIsoDate(date)) return [];
  return bookableSlots(date, 1, hours, now).map((start) => start.toISOString());
}
