// Attestation (spec sections 2 and 7): the borrower chooses a live call or the recorded video,
// watches it to the end and explains their own loan back, or books a call with an officer; staff
// review the evidence and approve it.

import type { StaffRole } from '@lending/domain';

export const ATTESTATION_LANGUAGES = ['EN', 'MS'] as const;

/** Who reviews attestations, who keeps the officers' calendar and holds calls, who replaces the
 *  video (the routes' rules, which the back office's menus follow). */
export const ATTESTATION_REVIEWER_ROLES: readonly StaffRole[] = [
  'ADMIN',
  'CREDIT_OFFICER',
  'APPROVER',
];
export const ATTESTATION_OFFICER_ROLES: readonly StaffRole[] = ['ADMIN', 'CREDIT_OFFICER'];
export const ATTESTATION_VIDEO_ROLES: readonly StaffRole[] = ['ADMIN'];
export type AttestationLanguage = (typeof ATTESTATION_LANGUAGES)[number];
export type AttestationOption = 'VIDEO' | 'LIVE_CALL';

export const ATTESTATION_PATHS = {
  /** GET the attestation of the applicant's newest agreement (404 when they have none). */
  mine: '/api/attestation/me',
  /** GET the applicant's attestation: status, option, video and check progress, booking. */
  ofAgreement: (agreementId: string) => `/api/attestation/${agreementId}`,
  /** POST `{ option }`: the live call or the video. */
  option: (agreementId: string) => `/api/attestation/${agreementId}/option`,
  /** GET streams the current video (`take=1`, `language`; HTTP Range), with the bearer or a
   *  `link` minted by `videoLink`. */
  video: '/api/file/attestationVideo',
  /** POST `{ language? }`: a short-lived link the video element streams the video with. */
  videoLink: '/api/file/attestationVideo/link',
  /** GET WebVTT captions (EN or MS). */
  captions: (language: AttestationLanguage | string) =>
    `/api/file/attestationVideo/captions/${language}`,
  /** POST: the player began; the server starts timing the viewing. */
  videoStarted: (agreementId: string) => `/api/attestation/${agreementId}/video/started`,
  /** POST `{ viewingId }`: the player reached the end; refused when it cannot have been watched. */
  videoEnded: (agreementId: string) => `/api/attestation/${agreementId}/video/ended`,
  /** POST `{ answers }`: the explain-back check. */
  check: (agreementId: string) => `/api/attestation/${agreementId}/check`,
  /** GET free live-call slots (`from`, `days`). */
  slots: (agreementId: string) => `/api/attestation/${agreementId}/slots`,
  /** POST `{ slotId }` books, PUT `{ slotId }` reschedules, DELETE cancels. */
  booking: (agreementId: string) => `/api/attestation/${agreementId}/booking`,

  staffReviews: '/api/staff/attestation/reviews',
  staffReview: (agreementId: string) => `/api/staff/attestation/reviews/${agreementId}`,
  staffComplete: (agreementId: string) => `/api/staff/attestation/reviews/${agreementId}/complete`,
  staffApprove: (agreementId: string) => `/api/staff/attestation/reviews/${agreementId}/approve`,
  /** GET the calendar (`from`, `days`); POST `{ officerId?, startsAt[] }` opens slots. */
  staffSlots: '/api/staff/attestation/slots',
  staffSlot: (slotId: string) => `/api/staff/attestation/slots/${slotId}`,
  staffOutcome: (bookingId: string) => `/api/staff/attestation/bookings/${bookingId}/outcome`,
  /** GET the current videos; PUT (body: the MP4 itself) replaces one language's. */
  staffVideo: (language: AttestationLanguage | string) =>
    `/api/staff/attestation/video/${language}`,
  staffVideos: '/api/staff/attestation/videos',
} as const;

export interface ExplainBackQuestion {
  id: 'AMOUNT_RECEIVED' | 'MONTHLY_INSTALMENT' | 'TOTAL_REPAYABLE' | 'LATE_PAYMENT';
  /** Amounts in sen for the money questions; outcome keys for the late-payment one. */
  choices: (
    | { key: string; amountSen: number }
    /** The late charge outcome states the agreement's own late charge rate a year. */
    | { key: string; outcome: 'LATE_CHARGE'; rateBp: number }
    | { key: string; outcome: 'NOTHING' | 'INTEREST_RATE_DOUBLES' }
  )[];
}

export interface ExplainBackAnswer {
  questionId: ExplainBackQuestion['id'];
  choice: string;
  /** Milliseconds from the question being shown to it being answered, as the browser measured. */
  answeredAfterMs: number;
}

export interface AttestationBookingView {
  id: string;
  slotId: string;
  startsAt: string;
  endsAt: string;
  status: string;
  meetingUrl: string;
  outcomeNotes: string | null;
}

export interface AttestationView {
  agreementId: string;
  agreementNo: string;
  status: string;
  version: number;
  language: AttestationLanguage;
  option: AttestationOption | null;
  video: { durationMs: number; watched: boolean; viewingId: string | null };
  /** Once the video was watched to the end, until the check is passed. */
  questions: ExplainBackQuestion[] | null;
  checkAttempts: number;
  checkPassed: boolean;
  booking: AttestationBookingView | null;
}

export interface AttestationSlotView {
  id: string;
  startsAt: string;
  endsAt: string;
}

export interface AttestationReviewRow {
  agreementId: string;
  agreementNo: string;
  status: string;
  version: number;
  option: AttestationOption | null;
  applicantName: string;
  updatedAt: string;
}
