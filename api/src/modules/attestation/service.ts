// Attestation: the borrower chooses the recorded video or a live call; the server times the
// viewing and checks the explain-back answers against their own loan; officers open calendar
// slots, the borrower books one, the call runs on the meeting provider and the officer records
// its outcome; staff then complete and approve the attestation. Every status change goes through
// the agreements service, in the same transaction as this module's own rows and audit.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

import type {
  AttestationBookingView,
  AttestationLanguage,
  AttestationOption,
  AttestationReviewRow,
  AttestationSlotView,
  AttestationView,
  ExplainBackAnswer,
  Language,
  TenantId,
} from '@lending/contracts';
import {
  type AgreementStatus,
  type ApprovedLoanSummary,
  DEFAULT_OFFICE_HOURS,
  firstRefusal,
  malaysiaDate,
  malaysiaInstant,
  slotRefusal,
} from '@lending/domain';

import type { EmailSender } from '../../adapters/email/port';
import type { MeetingProvider } from '../../adapters/meeting/port';
import type { SmsSender } from '../../adapters/sms/port';
import type { FileStorage } from '../../adapters/storage/port';
import type { Orm } from '../../db/database';
import type { Principal } from '../../http/access';
import { writeAudit } from '../../kernel/audit';
import type { Clock } from '../../kernel/clock';
import { HttpError, sentence } from '../../kernel/errors';
import { inTransaction, type OrmTransaction } from '../../kernel/transaction';
import { assetsDir } from '../../paths';
import type { AgreementService } from '../agreements/service';
import type { SettingsService } from '../settings/service';
import { explainBack, wrongAnswers } from './explain-back';
import { byteRange, mp4DurationMs } from './media';
import {
  BOOKING_NOT_FOUND,
  bookingEmail,
  type BookingNotice,
  bookingSms,
  CALL_NOT_HELD,
  CALL_NOT_MISSED,
  EXPLAIN_BACK_INCORRECT,
  OPTION_REFUSED,
  SAME_STAFF,
  SLOT_NOT_BOOKABLE,
  SLOT_NOT_BOOKABLE_AT,
  SLOT_NOT_BOOKABLE_BECAUSE,
  SLOT_TAKEN,
  VIDEO_NOT_FOUND,
  VIDEO_NOT_WATCHED,
} from './messages';
import { type AttestationStore, type BookingRow, isOpenBookingTaken, type SlotRow } from './store';

type Applicant = Extract<Principal, { kind: 'applicant' }>;
type Staff = Extract<Principal, { kind: 'staff' }>;
type AgreementRow = Awaited<ReturnType<AgreementService['byId']>>;

/** A player's clock and the server's differ by a little: network, buffering before "play". */
const WATCH_TOLERANCE_MS = 2_000;
/** How far ahead the borrower may book, and the calendar shows by default. */
export const BOOKING_HORIZON_DAYS = 21;
/** Reminders go out for calls starting within this long after the job runs. */
const REMINDER_WINDOW_MS = 36 * 60 * 60 * 1000;
/** The largest replacement video accepted. */
export const MAX_VIDEO_BYTES = 50 * 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface AttestationServiceDeps {
  db: Orm;
  store: AttestationStore;
  agreements: AgreementService;
  settings: SettingsService;
  storage: FileStorage;
  meeting: MeetingProvider;
  email: EmailSender;
  sms: SmsSender;
  clock: Clock;
  log?: { warn(details: object, message: string): void };
}

export interface VideoStream {
  size: number;
  range: { start: number; end: number } | undefined;
  stream: Readable;
}

interface BuiltInVideo {
  file: string;
  size: number;
  durationMs: number;
}

const builtInCache = new Map<AttestationLanguage, BuiltInVideo>();

/** The video the platform ships for `language` (api/assets/attestation). */
export function builtInVideo(language: AttestationLanguage): BuiltInVideo {
  const cached = builtInCache.get(language);
  if (cached) return cached;
  const file = path.join(assetsDir, 'attestation', `video-${language.toLowerCase()}.mp4`);
  const bytes = fs.readFileSync(file);
  const durationMs = mp4DurationMs(bytes);
  if (!durationMs) throw new Error(`the shipped attestation video ${file} has no duration`);
  const video = { file, size: bytes.length, durationMs };
  builtInCache.set(language, video);
  return video;
}

export function captionsFile(language: AttestationLanguage): string {
  return path.join(assetsDir, 'attestation', `captions-${language.toLowerCase()}.vtt`);
}

function actorOf(principal: Applicant | Staff): string {
  return principal.kind === 'applicant' ? `user:${principal.userId}` : `staff:${principal.staffId}`;
}

function refuseUnless(
  agreement: AgreementRow,
  statuses: AgreementStatus[],
  message = OPTION_REFUSED,
) {
  if (!statuses.includes(agreement.status as AgreementStatus)) {
    throw new HttpError(409, message, 'ATTESTATION_OPTION_REFUSED');
  }
}

/** Who held the call or completed the attestation: none of them approves it (four eyes). */
function involvedIn(
  attestation: { completedBy: string | null } | undefined,
  bookings: readonly { outcomeBy: string | null }[],
): Set<string> {
  return new Set<string>([
    ...(attestation?.completedBy ? [attestation.completedBy] : []),
    ...bookings.flatMap((one) => (one.outcomeBy ? [`staff:${one.outcomeBy}`] : [])),
  ]);
}

export function createAttestationService(deps: AttestationServiceDeps) {
  const { db, store, agreements, clock } = deps;

  async function videoOf(tenant: string, language: AttestationLanguage) {
    const uploaded = await store.currentVideo(tenant, language);
    if (uploaded) {
      return {
        videoId: uploaded.id as string | null,
        size: uploaded.sizeBytes,
        durationMs: uploaded.durationMs,
      };
    }
    const shipped = builtInVideo(language);
    return { videoId: null, size: shipped.size, durationMs: shipped.durationMs };
  }

  async function languageOf(userId: string): Promise<AttestationLanguage> {
    const user = await store.applicant(userId);
    return (user?.language ?? 'EN') as AttestationLanguage;
  }

  async function bookingView(
    booking: BookingRow | undefined,
  ): Promise<AttestationBookingView | null> {
    if (!booking) return null;
    const slot = await store.slot(booking.slotId);
    if (!slot) return null;
    return {
      id: booking.id,
      slotId: slot.id,
      startsAt: slot.startsAt.toISOString(),
      endsAt: slot.endsAt.toISOString(),
      status: booking.status,
      meetingUrl: deps.meeting.links(booking.meetingId).guestUrl,
      outcomeNotes: booking.outcomeNotes,
    };
  }

  async function view(agreement: AgreementRow): Promise<AttestationView> {
    const language = await languageOf(agreement.userId);
    const [attestation, viewings, checks, video] = await Promise.all([
      store.attestation(agreement.id),
      store.viewings(agreement.id),
      store.checks(agreement.id),
      videoOf(agreement.tenant, language),
    ]);
    const watched = [...viewings].reverse().find((one) => one.endedAt);
    const passed = checks.some((one) => one.passed);
    const open = await store.openBooking(agreement.id);
    return {
      agreementId: agreement.id,
      agreementNo: agreement.agreementNo,
      status: agreement.status,
      version: agreement.version,
      language,
      option: attestation?.option ?? null,
      video: {
        durationMs: video.durationMs,
        watched: Boolean(watched),
        viewingId: watched?.id ?? null,
      },
      questions:
        watched && !passed && agreement.status === 'ATTESTATIONOPTION'
          ? explainBack(
              agreement.id,
              agreement.offer as ApprovedLoanSummary,
              agreement.lateChargeRateBp,
            ).questions
          : null,
      checkAttempts: checks.length,
      checkPassed: passed,
      booking: await bookingView(open ?? (await store.latestBooking(agreement.id))),
    };
  }

  async function notify(
    agreement: AgreementRow,
    notice: BookingNotice,
    at: Date,
    meetingId: string,
  ): Promise<void> {
    const user = await store.applicant(agreement.userId);
    if (!user) return;
    const language = user.language as Language;
    const meetingUrl = deps.meeting.links(meetingId).guestUrl;
    try {
      await deps.email.send(bookingEmail({ to: user.email, language, notice, at, meetingUrl }));
      if (user.phoneNo) await deps.sms.send(bookingSms({ to: user.phoneNo, language, notice, at }));
    } catch (error) {
      deps.log?.warn(
        { agreementId: agreement.id, notice, error: (error as Error).message },
        'attestation notice not sent',
      );
    }
  }

  async function officeHours(tenant: string) {
    const settings = await deps.settings.currentSettings(tenant);
    return settings.officeHours ?? DEFAULT_OFFICE_HOURS;
  }

  /** Refuses a slot that is not a bookable office-hours slot (weekend, holiday, outside hours). */
  async function assertBookable(slot: SlotRow | undefined, tenant: string): Promise<SlotRow> {
    if (!slot || slot.tenant !== tenant) {
      throw new HttpError(409, SLOT_NOT_BOOKABLE, 'SLOT_NOT_BOOKABLE');
    }
    const refused = slotRefusal(slot.startsAt, await officeHours(tenant), clock.now());
    if (refused)
      throw new HttpError(
        409,
        sentence(SLOT_NOT_BOOKABLE_BECAUSE, { reason: refused }),
        'SLOT_NOT_BOOKABLE',
      );
    return slot;
  }

  return {
    languageOf,

    async mine(applicant: Applicant): Promise<AttestationView> {
      const agreement = await agreements.latestOfUser(applicant.userId);
      if (!agreement) throw new HttpError(404, 'Agreement Not Found', 'AGREEMENT_NOT_FOUND');
      return view(agreement);
    },

    async get(applicant: Applicant, agreementId: string): Promise<AttestationView> {
      return view(await agreements.ownedBy(applicant.userId, agreementId));
    },

    async choose(applicant: Applicant, agreementId: string, option: AttestationOption, ip: string) {
      const owned = await agreements.ownedBy(applicant.userId, agreementId);
      await inTransaction(db, async (tx) => {
        const agreement = await agreements.lock(tx, owned.id);
        refuseUnless(agreement, ['PENDING_ATTESTATION', 'ATTESTATIONOPTION']);
        if (
          agreement.status === 'ATTESTATIONOPTION' &&
          (await store.openBooking(agreement.id, tx))
        ) {
          throw new HttpError(409, OPTION_REFUSED, 'ATTESTATION_OPTION_REFUSED');
        }
        const now = clock.now();
        await store.chooseOption(tx, agreement.id, option, now);
        if (agreement.status === 'PENDING_ATTESTATION') {
          await agreements.changeStatus(
            {
              agreementId: agreement.id,
              to: 'ATTESTATIONOPTION',
              actor: 'applicant',
              actorRef: actorOf(applicant),
              ip,
              detail: { option },
            },
            tx,
          );
        }
        await writeAudit(tx, {
          action: 'attestation.option_chosen',
          actor: actorOf(applicant),
          subject: actorOf(applicant),
          entity: `agreement:${agreement.id}`,
          ip,
          at: now,
          detail: { option },
        });
      });
      return view(await agreements.byId(owned.id));
    },

    /** The bytes of the current video for `language`, the range asked for, or 416. */
    async videoStream(
      tenant: string,
      language: AttestationLanguage,
      rangeHeader: string | undefined,
    ): Promise<VideoStream | { unsatisfiable: number }> {
      const uploaded = await store.currentVideo(tenant, language);
      if (uploaded) return this.storedVideoStream(uploaded, rangeHeader);
      const size = builtInVideo(language).size;
      const range = byteRange(rangeHeader, size);
      if (range === 'unsatisfiable') return { unsatisfiable: size };
      return {
        size,
        range,
        stream: fs.createReadStream(builtInVideo(language).file, range ?? {}),
      };
    },

    /** The bytes of a video kept (unsealed) in storage, the range asked for, or 416: the one
     *  reader of video ranges, for the applicant's player and the back office's. */
    async storedVideoStream(
      video: { storageKey: string; sizeBytes: number },
      rangeHeader: string | undefined,
    ): Promise<VideoStream | { unsatisfiable: number }> {
      const size = video.sizeBytes;
      const range = byteRange(rangeHeader, size);
      if (range === 'unsatisfiable') return { unsatisfiable: size };
      // The storage's ranges end before `end`; HTTP's include it.
      const stream = await deps.storage.getStream(
        video.storageKey,
        range && { start: range.start, end: range.end + 1 },
      );
      if (!stream) throw new HttpError(404, VIDEO_NOT_FOUND, 'VIDEO_NOT_FOUND');
      return { size, range, stream };
    },

    /** An attestation video by its id (one uploaded on the videos page, or an activated master
     *  setup video), or undefined. */
    videoById: (id: string) => store.videoById(id),

    /** The storage key of the video applicants stream now; null while the shipped one plays. */
    async currentVideoKey(
      tenant: string,
      language: AttestationLanguage,
      tx?: OrmTransaction,
    ): Promise<string | null> {
      return (await store.currentVideo(tenant, language, tx))?.storageKey ?? null;
    },

    /**
     * Makes an already stored, checked MP4 the video applicants of `language` stream from now
     * on, in the caller's transaction (master setup's activation, which writes the audit row).
     */
    async adoptVideo(
      tx: OrmTransaction,
      video: {
        tenant: string;
        language: AttestationLanguage;
        storageKey: string;
        sizeBytes: number;
        durationMs: number;
        sha256: string;
        staffId: string;
        at: Date;
      },
    ) {
      return store.insertVideo(tx, {
        tenant: video.tenant,
        language: video.language,
        storageKey: video.storageKey,
        sizeBytes: video.sizeBytes,
        durationMs: video.durationMs,
        sha256: video.sha256,
        uploadedBy: video.staffId,
        createdAt: video.at,
      });
    },

    async videoStarted(applicant: Applicant, agreementId: string, ip: string) {
      const owned = await agreements.ownedBy(applicant.userId, agreementId);
      const attestation = await store.attestation(owned.id);
      if (owned.status !== 'ATTESTATIONOPTION' || attestation?.option !== 'VIDEO') {
        throw new HttpError(409, OPTION_REFUSED, 'ATTESTATION_OPTION_REFUSED');
      }
      const language = await languageOf(owned.userId);
      const video = await videoOf(owned.tenant, language);
      const now = clock.now();
      const viewing = await inTransaction(db, async (tx) => {
        const row = await store.startViewing(tx, {
          agreementId: owned.id,
          videoId: video.videoId,
          language,
          durationMs: video.durationMs,
          startedAt: now,
        });
        await writeAudit(tx, {
          action: 'attestation.video_started',
          actor: actorOf(applicant),
          subject: actorOf(applicant),
          entity: `agreement:${owned.id}`,
          ip,
          at: now,
          detail: { viewingId: row.id, language, durationMs: video.durationMs },
        });
        return row;
      });
      return { viewingId: viewing.id, durationMs: viewing.durationMs };
    },

    /**
     * The player says it reached the end. The server believes it only when at least the video's
     * length has passed since the viewing began: a viewer who skipped ahead has not watched it.
     */
    async videoEnded(applicant: Applicant, agreementId: string, viewingId: string, ip: string) {
      const owned = await agreements.ownedBy(applicant.userId, agreementId);
      const viewing = await store.viewing(viewingId);
      if (!viewing || viewing.agreementId !== owned.id) {
        throw new HttpError(404, VIDEO_NOT_FOUND, 'VIDEO_NOT_FOUND');
      }
      const now = clock.now();
      const elapsed = now.getTime() - viewing.startedAt.getTime();
      if (elapsed + WATCH_TOLERANCE_MS < viewing.durationMs) {
        throw new HttpError(409, VIDEO_NOT_WATCHED, 'VIDEO_NOT_WATCHED');
      }
      if (!viewing.endedAt) {
        await inTransaction(db, async (tx) => {
          await store.endViewing(tx, viewing.id, now);
          await writeAudit(tx, {
            action: 'attestation.video_watched',
            actor: actorOf(applicant),
            subject: actorOf(applicant),
            entity: `agreement:${owned.id}`,
            ip,
            at: now,
            detail: { viewingId: viewing.id, elapsedMs: elapsed, durationMs: viewing.durationMs },
          });
        });
      }
      return view(await agreements.byId(owned.id));
    },

    /**
     * The explain-back answers. Every attempt is kept with its answers and timings; all right
     * makes the video attestation done, and the system completes it for the staff review.
     */
    async check(
      applicant: Applicant,
      agreementId: string,
      answers: ExplainBackAnswer[],
      ip: string,
    ): Promise<AttestationView> {
      const owned = await agreements.ownedBy(applicant.userId, agreementId);
      const viewings = await store.viewings(owned.id);
      const watched = [...viewings].reverse().find((one) => one.endedAt);
      if (!watched) throw new HttpError(409, VIDEO_NOT_WATCHED, 'VIDEO_NOT_WATCHED');
      const expected = explainBack(
        owned.id,
        owned.offer as ApprovedLoanSummary,
        owned.lateChargeRateBp,
      );
      const wrong = wrongAnswers(expected, answers);
      const now = clock.now();
      await inTransaction(db, async (tx) => {
        const agreement = await agreements.lock(tx, owned.id);
        refuseUnless(agreement, ['ATTESTATIONOPTION']);
        await store.insertCheck(tx, {
          agreementId: agreement.id,
          viewingId: watched.id,
          questions: expected.questions,
          answers,
          passed: wrong.length === 0,
          shownAt: watched.endedAt!,
          submittedAt: now,
        });
        await writeAudit(tx, {
          action: 'attestation.check_submitted',
          actor: actorOf(applicant),
          subject: actorOf(applicant),
          entity: `agreement:${agreement.id}`,
          ip,
          at: now,
          detail: { passed: wrong.length === 0, wrong },
        });
        if (wrong.length > 0) return;
        await agreements.changeStatus(
          {
            agreementId: agreement.id,
            to: 'DONE_VIDEO_ATTESTATION',
            actor: 'applicant',
            actorRef: actorOf(applicant),
            ip,
          },
          tx,
        );
        await agreements.changeStatus(
          {
            agreementId: agreement.id,
            to: 'ATTESTATIONCOMPLETED',
            actor: 'system',
            actorRef: 'system:attestation',
            detail: { evidence: 'video watched to the end and explain-back passed' },
          },
          tx,
        );
        await store.markReviewer(tx, agreement.id, { completedBy: 'system:attestation' });
      });
      if (wrong.length > 0) {
        throw new HttpError(422, EXPLAIN_BACK_INCORRECT, 'EXPLAIN_BACK_INCORRECT');
      }
      return view(await agreements.byId(owned.id));
    },

    /** Free slots the borrower may book, from `from` (a Malaysian date) for `days` days. */
    async freeSlots(
      applicant: Applicant,
      agreementId: string,
      from: string | undefined,
      days: number | undefined,
    ): Promise<AttestationSlotView[]> {
      const owned = await agreements.ownedBy(applicant.userId, agreementId);
      const now = clock.now();
      const start = from ? malaysiaInstant(from) : now;
      const until = new Date(start.getTime() + (days ?? BOOKING_HORIZON_DAYS) * DAY_MS);
      const hours = await officeHours(owned.tenant);
      const seen = new Set<number>();
      return (await store.freeSlots(owned.tenant, start, until))
        .filter((slot) => !slotRefusal(slot.startsAt, hours, now))
        .filter((slot) => {
          // Several officers free at one time are one choice for the borrower.
          if (seen.has(slot.startsAt.getTime())) return false;
          seen.add(slot.startsAt.getTime());
          return true;
        })
        .map((slot) => ({
          id: slot.id,
          startsAt: slot.startsAt.toISOString(),
          endsAt: slot.endsAt.toISOString(),
        }));
    },

    /** Books a slot (or moves the booked call to another one, `reschedule`). */
    async book(
      applicant: Applicant,
      agreementId: string,
      slotId: string,
      ip: string,
      reschedule = false,
    ): Promise<AttestationView> {
      const owned = await agreements.ownedBy(applicant.userId, agreementId);
      const slot = await assertBookable(await store.slot(slotId), owned.tenant);
      const now = clock.now();
      // The meeting provider is called outside the transaction: a vendor's answer must not hold
      // the agreement's lock. A room booked for a slot someone took meanwhile is simply unused.
      const room = reschedule
        ? null
        : await deps.meeting.create({
            title: `Attestation ${owned.agreementNo}`,
            startsAt: slot.startsAt,
          });
      let meetingId = room?.meetingId ?? '';
      try {
        await inTransaction(db, async (tx) => {
          const agreement = await agreements.lock(tx, owned.id);
          const open = await store.openBooking(agreement.id, tx);
          if (reschedule) {
            if (!open) throw new HttpError(404, BOOKING_NOT_FOUND, 'BOOKING_NOT_FOUND');
            refuseUnless(agreement, ['REQUESTED_FOR_LIVE_ATTESTATION']);
            await store.closeBooking(tx, open.id, { status: 'RESCHEDULED', closedAt: now });
            meetingId = open.meetingId;
          } else {
            if (open) throw new HttpError(409, SLOT_TAKEN, 'SLOT_TAKEN');
            refuseUnless(agreement, ['ATTESTATIONOPTION', 'REQUESTED_FOR_LIVE_ATTESTATION']);
          }
          const booking = await store.book(tx, {
            agreementId: agreement.id,
            slotId: slot.id,
            status: 'BOOKED',
            meetingId,
            createdAt: now,
          });
          if (agreement.status === 'ATTESTATIONOPTION') {
            await store.chooseOption(tx, agreement.id, 'LIVE_CALL', now);
            await agreements.changeStatus(
              {
                agreementId: agreement.id,
                to: 'REQUESTED_FOR_LIVE_ATTESTATION',
                actor: 'applicant',
                actorRef: actorOf(applicant),
                ip,
              },
              tx,
            );
          }
          await writeAudit(tx, {
            action: reschedule ? 'attestation.rescheduled' : 'attestation.booked',
            actor: actorOf(applicant),
            subject: actorOf(applicant),
            entity: `agreement:${agreement.id}`,
            ip,
            at: now,
            detail: {
              bookingId: booking.id,
              slotId: slot.id,
              startsAt: slot.startsAt.toISOString(),
            },
          });
        });
      } catch (error) {
        if (isOpenBookingTaken(error)) throw new HttpError(409, SLOT_TAKEN, 'SLOT_TAKEN');
        throw error;
      }
      if (reschedule) await deps.meeting.reschedule(meetingId, slot.startsAt);
      await notify(owned, reschedule ? 'RESCHEDULED' : 'BOOKED', slot.startsAt, meetingId);
      return view(await agreements.byId(owned.id));
    },

    async cancelBooking(applicant: Applicant, agreementId: string, ip: string) {
      const owned = await agreements.ownedBy(applicant.userId, agreementId);
      const now = clock.now();
      const open = await store.openBooking(owned.id);
      if (!open) throw new HttpError(404, BOOKING_NOT_FOUND, 'BOOKING_NOT_FOUND');
      const slot = await store.slot(open.slotId);
      await inTransaction(db, async (tx) => {
        await agreements.lock(tx, owned.id);
        if (!(await store.closeBooking(tx, open.id, { status: 'CANCELLED', closedAt: now }))) {
          throw new HttpError(404, BOOKING_NOT_FOUND, 'BOOKING_NOT_FOUND');
        }
        await writeAudit(tx, {
          action: 'attestation.booking_cancelled',
          actor: actorOf(applicant),
          subject: actorOf(applicant),
          entity: `agreement:${owned.id}`,
          ip,
          at: now,
          detail: { bookingId: open.id },
        });
      });
      if (slot) await notify(owned, 'CANCELLED', slot.startsAt, open.meetingId);
      return view(await agreements.byId(owned.id));
    },

    // ---- staff --------------------------------------------------------------------------

    async calendar(
      staff: Staff,
      tenant: TenantId,
      from: string | undefined,
      days: number | undefined,
    ) {
      const start = from ? malaysiaInstant(from) : malaysiaInstant(malaysiaDate(clock.now()));
      const until = new Date(start.getTime() + (days ?? 7) * DAY_MS);
      void staff;
      const rows = await store.calendar(tenant, start, until);
      return rows.map((row) => ({
        id: row.slot.id,
        officerId: row.slot.officerId,
        officerName: row.officerName,
        startsAt: row.slot.startsAt.toISOString(),
        endsAt: row.slot.endsAt.toISOString(),
        booking: row.booking
          ? {
              id: row.booking.id,
              status: row.booking.status,
              agreementId: row.booking.agreementId,
              agreementNo: row.agreementNo ?? '',
              applicantName: row.applicantName ?? '',
              meetingUrl: deps.meeting.links(row.booking.meetingId).hostUrl,
              outcomeNotes: row.booking.outcomeNotes,
            }
          : null,
      }));
    },

    /** Opens slots in an officer's calendar (their own; an admin may open anyone's). Each must
     *  be a bookable office-hours slot. */
    async openSlots(
      staff: Staff,
      tenant: TenantId,
      body: { officerId?: string; startsAt: string[] },
      ip: string,
    ) {
      const officerId = body.officerId ?? staff.staffId;
      if (officerId !== staff.staffId && !staff.roles.includes('ADMIN')) {
        throw new HttpError(403, 'Only an admin may open slots in another officer’s calendar');
      }
      const officer = await store.staffName(officerId);
      if (!officer) throw new HttpError(404, 'Officer not found');
      const hours = await officeHours(tenant);
      const now = clock.now();
      const starts = body.startsAt.map((value) => new Date(value));
      for (const start of starts) {
        const refused = slotRefusal(start, hours, now);
        if (refused) {
          throw new HttpError(
            400,
            sentence(SLOT_NOT_BOOKABLE_AT, { reason: refused, at: start.toISOString() }),
            'SLOT_NOT_BOOKABLE',
          );
        }
      }
      const opened = await inTransaction(db, async (tx) => {
        const rows = await store.openSlots(
          tx,
          starts.map((start) => ({
            tenant,
            officerId,
            startsAt: start,
            endsAt: new Date(start.getTime() + hours.slotMinutes * 60_000),
            createdBy: staff.staffId,
          })),
        );
        await writeAudit(tx, {
          action: 'attestation.slots_opened',
          actor: actorOf(staff),
          subject: `staff:${officerId}`,
          ip,
          at: now,
          detail: { count: rows.length },
        });
        return rows;
      });
      return { opened: opened.length };
    },

    async removeSlot(staff: Staff, slotId: string, ip: string) {
      const slot = await store.slot(slotId);
      if (!slot) throw new HttpError(404, 'Slot not found');
      if (slot.officerId !== staff.staffId && !staff.roles.includes('ADMIN')) {
        throw new HttpError(403, 'Only an admin may change another officer’s calendar');
      }
      const calendar = await store.calendar(
        slot.tenant,
        slot.startsAt,
        new Date(slot.startsAt.getTime() + 1),
      );
      if (calendar.some((row) => row.slot.id === slotId && row.booking)) {
        throw new HttpError(
          409,
          'A booked slot cannot be removed: ask the borrower to reschedule',
          'SLOT_TAKEN',
        );
      }
      await inTransaction(db, async (tx) => {
        await store.removeSlot(tx, slotId);
        await writeAudit(tx, {
          action: 'attestation.slot_removed',
          actor: actorOf(staff),
          subject: `staff:${slot.officerId}`,
          ip,
          at: clock.now(),
          detail: { slotId, startsAt: slot.startsAt.toISOString() },
        });
      });
    },

    /** The officer who held the call (or an admin) records what came of it. */
    async recordOutcome(
      staff: Staff,
      bookingId: string,
      body: { outcome: 'ATTESTED' | 'NOT_ATTESTED' | 'NO_SHOW'; notes: string },
      ip: string,
    ) {
      const booking = await store.booking(bookingId);
      if (!booking) throw new HttpError(404, BOOKING_NOT_FOUND, 'BOOKING_NOT_FOUND');
      const slot = await store.slot(booking.slotId);
      if (slot?.officerId !== staff.staffId && !staff.roles.includes('ADMIN')) {
        throw new HttpError(403, 'Only the officer of this call may record its outcome');
      }
      const now = clock.now();
      // The outcome is evidence of a call: a call both sides joined, or a borrower who never came
      // once the call's time had passed.
      const room = await deps.meeting.presence(booking.meetingId);
      if (body.outcome === 'NO_SHOW') {
        if (!slot || slot.startsAt > now || room?.guestJoinedAt) {
          throw new HttpError(409, CALL_NOT_MISSED, 'CALL_NOT_HELD');
        }
      } else if (!room?.hostJoinedAt || !room.guestJoinedAt) {
        throw new HttpError(409, CALL_NOT_HELD, 'CALL_NOT_HELD');
      }
      await inTransaction(db, async (tx) => {
        const agreement = await agreements.lock(tx, booking.agreementId);
        if (
          !(await store.closeBooking(tx, booking.id, {
            status: body.outcome,
            closedAt: now,
            outcomeNotes: body.notes,
            outcomeBy: staff.staffId,
            outcomeAt: now,
          }))
        ) {
          throw new HttpError(
            409,
            'This call’s outcome is already recorded',
            'STATUS_CHANGE_REFUSED',
          );
        }
        if (body.outcome === 'ATTESTED') {
          await agreements.changeStatus(
            {
              agreementId: agreement.id,
              to: 'DONE_LIVE_ATTESTATION',
              actor: 'staff',
              actorRef: actorOf(staff),
              actorId: staff.staffId,
              reason: body.notes,
              ip,
            },
            tx,
          );
        }
        await writeAudit(tx, {
          action: 'attestation.outcome_recorded',
          actor: actorOf(staff),
          subject: `user:${agreement.userId}`,
          entity: `agreement:${agreement.id}`,
          ip,
          at: now,
          detail: { bookingId: booking.id, outcome: body.outcome },
        });
      });
      return { ok: true };
    },

    async reviews(tenant: TenantId): Promise<AttestationReviewRow[]> {
      return (await store.awaitingReview(tenant)).map((row) => ({
        agreementId: row.agreement.id,
        agreementNo: row.agreement.agreementNo,
        status: row.agreement.status,
        version: row.agreement.version,
        option: row.option ?? null,
        applicantName: row.applicantName,
        updatedAt: row.agreement.updatedAt.toISOString(),
      }));
    },

    /** Everything the reviewer weighs: the viewings, each check with its answers and timings,
     *  the calls and their outcomes, and the status history. */
    /** The evidence of one attestation, and what this member may do with it now, or why not. */
    async review(staff: Staff, agreementId: string) {
      const agreement = await agreements.byId(agreementId);
      const [attestation, viewings, checks, bookings, history, user] = await Promise.all([
        store.attestation(agreementId),
        store.viewings(agreementId),
        store.checks(agreementId),
        store.bookingsOf(agreementId),
        agreements.history(agreementId),
        store.applicant(agreement.userId),
      ]);
      const slots = await Promise.all(bookings.map((booking) => store.slot(booking.slotId)));
      const involved = involvedIn(attestation, bookings);
      return {
        actions: {
          complete: firstRefusal(agreement.status !== 'DONE_LIVE_ATTESTATION' && 'nothingToDecide'),
          approve: firstRefusal(
            agreement.status !== 'ATTESTATIONCOMPLETED' && 'nothingToDecide',
            involved.has(actorOf(staff)) && 'sameStaff',
          ),
        },
        agreementId,
        agreementNo: agreement.agreementNo,
        status: agreement.status,
        version: agreement.version,
        applicantName: user?.firstName ?? '',
        option: attestation?.option ?? null,
        completedBy: attestation?.completedBy ?? null,
        viewings: viewings.map((one) => ({
          id: one.id,
          language: one.language,
          durationMs: one.durationMs,
          startedAt: one.startedAt.toISOString(),
          endedAt: one.endedAt?.toISOString() ?? null,
        })),
        checks: checks.map((one) => ({
          id: one.id,
          passed: one.passed,
          shownAt: one.shownAt.toISOString(),
          submittedAt: one.submittedAt.toISOString(),
          answers: one.answers as ExplainBackAnswer[],
        })),
        calls: bookings.map((one, index) => ({
          id: one.id,
          status: one.status,
          startsAt: slots[index]?.startsAt.toISOString() ?? null,
          outcomeNotes: one.outcomeNotes,
          outcomeAt: one.outcomeAt?.toISOString() ?? null,
        })),
        history: history.map((one) => ({
          from: one.fromStatus,
          to: one.toStatus,
          actor: one.actor,
          at: one.at.toISOString(),
        })),
      };
    },

    /** Staff confirm a live attestation (DONE_LIVE_ATTESTATION -> ATTESTATIONCOMPLETED). */
    async complete(staff: Staff, agreementId: string, version: number, ip: string) {
      await inTransaction(db, async (tx) => {
        await agreements.changeStatus(
          {
            agreementId,
            to: 'ATTESTATIONCOMPLETED',
            actor: 'staff',
            actorRef: actorOf(staff),
            actorId: staff.staffId,
            expectedVersion: version,
            ip,
          },
          tx,
        );
        await store.markReviewer(tx, agreementId, { completedBy: actorOf(staff) });
      });
      return this.review(staff, agreementId);
    },

    /** The review that lets the agreement go on to signing (ATTESTATIONCOMPLETED -> RnRApproved),
     *  by someone other than whoever held the call or completed the attestation. */
    async approve(staff: Staff, agreementId: string, version: number, ip: string) {
      const involved = involvedIn(
        await store.attestation(agreementId),
        await store.bookingsOf(agreementId),
      );
      if (involved.has(actorOf(staff))) {
        throw new HttpError(409, SAME_STAFF, 'ATTESTATION_SAME_STAFF');
      }
      await inTransaction(db, async (tx) => {
        await agreements.changeStatus(
          {
            agreementId,
            to: 'RnRApproved',
            actor: 'staff',
            actorRef: actorOf(staff),
            actorId: staff.staffId,
            expectedVersion: version,
            ip,
          },
          tx,
        );
        await store.markReviewer(tx, agreementId, { approvedBy: actorOf(staff) });
      });
      return this.review(staff, agreementId);
    },

    async videos(tenant: TenantId) {
      return Promise.all(
        (['EN', 'MS'] as const).map(async (language) => {
          const uploaded = await store.currentVideo(tenant, language);
          return {
            language,
            replaced: Boolean(uploaded),
            sizeBytes: uploaded?.sizeBytes ?? builtInVideo(language).size,
            durationMs: uploaded?.durationMs ?? builtInVideo(language).durationMs,
            uploadedAt: uploaded?.createdAt.toISOString() ?? null,
          };
        }),
      );
    },

    /** An admin's replacement of one language's video; it must be an MP4 the server can time. */
    async replaceVideo(
      staff: Staff,
      tenant: TenantId,
      language: AttestationLanguage,
      bytes: Buffer,
      ip: string,
    ) {
      const durationMs = mp4DurationMs(bytes);
      if (!durationMs || bytes.subarray(4, 8).toString('latin1') !== 'ftyp') {
        throw new HttpError(400, 'The video must be an MP4 file', 'VIDEO_INVALID');
      }
      // Keys have the storage's one shape: the owning row's id, then the object's own.
      const videoId = randomUUID();
      const storageKey = `${videoId}/${randomUUID()}`;
      await deps.storage.put(storageKey, bytes);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const now = clock.now();
      await inTransaction(db, async (tx) => {
        const row = await store.insertVideo(tx, {
          id: videoId,
          tenant,
          language,
          storageKey,
          sizeBytes: bytes.length,
          durationMs,
          sha256,
          uploadedBy: staff.staffId,
          createdAt: now,
        });
        await writeAudit(tx, {
          action: 'attestation.video_replaced',
          actor: actorOf(staff),
          subject: null,
          entity: `attestation-video:${row.id}`,
          ip,
          at: now,
          detail: { language, sizeBytes: bytes.length, durationMs, sha256 },
        });
      });
      return this.videos(tenant);
    },

    /** Email and SMS reminders for calls starting within the next day and a half; a booking is
     *  reminded once, whoever's process runs the job. */
    async sendReminders(): Promise<Record<string, number>> {
      const now = clock.now();
      let sent = 0;
      for (const row of await store.dueReminders(
        now,
        new Date(now.getTime() + REMINDER_WINDOW_MS),
      )) {
        if (!(await store.markReminded(row.booking.id, now))) continue;
        const agreement = await agreements.byId(row.booking.agreementId);
        await notify(agreement, 'REMINDER', row.slot.startsAt, row.booking.meetingId);
        await writeAudit(db, {
          action: 'attestation.reminder_sent',
          actor: 'system:attestation-reminders',
          subject: `user:${row.user.id}`,
          entity: `agreement:${agreement.id}`,
          at: now,
          detail: { bookingId: row.booking.id },
        });
        sent += 1;
      }
      return { attestationReminders: sent };
    },
  };
}

export type AttestationService = ReturnType<typeof createAttestationService>;
