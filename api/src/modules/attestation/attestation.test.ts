import fs from 'node:fs';
import path from 'node:path';

import { ATTESTATION_PATHS, SETTINGS_PATHS } from '@lending/contracts';
import type { ApprovedLoanSummary } from '@lending/domain';
import { and, eq } from 'drizzle-orm';

import * as t from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import { assetsDir } from '../../paths';
import { agreementAt, approvedApplicant } from '../../testing/agreements';
import { type Caller, caller } from '../../testing/auth-helpers';
import { staffMember } from '../../testing/decisions';
import { databases, openTestApp, type TestApp, testsOn } from '../../testing/test-db';

const P = ATTESTATION_PATHS;
const videoFile = (language: 'en' | 'ms') =>
  fs.readFileSync(path.join(assetsDir, 'attestation', `video-${language}.mp4`));

// Monday 5 January 2026, 09:00 in Malaysia.
const START = '2026-01-05T01:00:00Z';
const WED_10 = '2026-01-07T02:00:00.000Z';
const WED_1030 = '2026-01-07T02:30:00.000Z';
const WED_11 = '2026-01-07T03:00:00.000Z';

describe.each(databases('concurrency'))('attestation (%s)', (kind) => {
  // The blocks holding tests that run everywhere are `globalThis.describe`.
  const { it, describe, everywhere } = testsOn(kind);
  let app: TestApp;
  let call: Caller;
  const clock = fixedClock(START);
  beforeAll(async () => {
    app = await openTestApp(kind, { clock });
    call = caller(app.app);
  }, 180_000);
  afterAll(() => app.close());
  const db = () => app.db.orm;

  async function pendingAttestation(language: 'EN' | 'MS' = 'EN') {
    const approved = await approvedApplicant(db(), call, { language });
    const agreement = await agreementAt(db(), approved, 'PENDING_ATTESTATION');
    return { approved, agreement, token: approved.applicant.token };
  }

  async function rawVideo(query: string, headers: Record<string, string> = {}) {
    const response = await app.app.inject({
      method: 'GET',
      url: `${P.video}${query}`,
      headers,
    });
    return response;
  }

  describe('choosing the option', () => {
    it('moves PENDING_ATTESTATION to ATTESTATIONOPTION for the owner only', async () => {
      const { agreement, token } = await pendingAttestation();
      const other = await pendingAttestation();
      const staff = await staffMember(db(), call, ['ADMIN']);

      const stranger = await call('POST', P.option(agreement.id), {
        token: other.token,
        body: { option: 'VIDEO' },
      });
      expect(stranger.status).toBe(404);
      const byStaff = await call('POST', P.option(agreement.id), {
        token: staff.token,
        body: { option: 'VIDEO' },
      });
      expect([401, 403]).toContain(byStaff.status);
      expect(
        (await call('POST', P.option(agreement.id), { body: { option: 'VIDEO' } })).status,
      ).toBe(401);

      const chosen = await call('POST', P.option(agreement.id), {
        token,
        body: { option: 'VIDEO' },
      });
      expect(chosen.status).toBe(200);
      expect(chosen.body).toMatchObject({ status: 'ATTESTATIONOPTION', option: 'VIDEO' });
      // Switching before anything is done keeps the status and changes the option.
      const switched = await call('POST', P.option(agreement.id), {
        token,
        body: { option: 'LIVE_CALL' },
      });
      expect(switched.body).toMatchObject({ status: 'ATTESTATIONOPTION', option: 'LIVE_CALL' });
    });

    it('is refused before the offer is accepted and after attestation', async () => {
      const approved = await approvedApplicant(db(), call);
      const offered = await agreementAt(db(), approved);
      const refused = await call('POST', P.option(offered.id), {
        token: approved.applicant.token,
        body: { option: 'VIDEO' },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('ATTESTATION_OPTION_REFUSED');

      const later = await approvedApplicant(db(), call);
      const done = await agreementAt(db(), later, 'RnRApproved');
      const tooLate = await call('POST', P.option(done.id), {
        token: later.applicant.token,
        body: { option: 'LIVE_CALL' },
      });
      expect(tooLate.status).toBe(409);
    });
  });

  describe('the video stream', () => {
    let token: string;
    const en = videoFile('en');
    beforeAll(async () => {
      token = (await pendingAttestation()).token;
    });

    it('sends the whole video in the applicant’s language, by bearer or a link made for it', async () => {
      const whole = await rawVideo('?take=1', { authorization: `Bearer ${token}` });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.headers['content-type']).toBe('video/mp4');
      expect(whole.rawPayload.equals(en)).toBe(true);
      // The video element sends no header: it streams by a link, never by the bearer.
      const minted = await call('POST', P.videoLink, { token, body: { language: 'MS' } });
      expect(minted.status).toBe(200);
      expect(minted.body.url).not.toContain(token);
      const byLink = await app.app.inject({
        method: 'GET',
        url: minted.body.url,
        headers: { range: 'bytes=0-99' },
      });
      expect(byLink.statusCode).toBe(206);
      expect(byLink.rawPayload.equals(videoFile('ms').subarray(0, 100))).toBe(true);
      const link = new URL(minted.body.url, 'http://api.test').searchParams.get('link')!;
      // The English video is another file; the link is no bearer; the bearer is no query.
      expect((await rawVideo(`?take=1&language=EN&link=${link}`)).statusCode).toBe(401);
      expect((await call('GET', ATTESTATION_PATHS.mine, { token: link })).status).toBe(401);
      expect((await rawVideo(`?take=1&token=${token}&language=MS`)).statusCode).toBe(401);
      expect((await rawVideo('?take=1')).statusCode).toBe(401);
      expect((await rawVideo('?take=1&language=MS&link=not-a-link')).statusCode).toBe(401);
    });

    it('answers the first bytes, a middle range and the last bytes with 206', async () => {
      const auth = { authorization: `Bearer ${token}` };
      const first = await rawVideo('?take=1', { ...auth, range: 'bytes=0-99' });
      expect(first.statusCode).toBe(206);
      expect(first.headers['content-range']).toBe(`bytes 0-99/${en.length}`);
      expect(first.headers['content-length']).toBe('100');
      expect(first.rawPayload.equals(en.subarray(0, 100))).toBe(true);

      const middle = await rawVideo('?take=1', { ...auth, range: 'bytes=1000-5999' });
      expect(middle.statusCode).toBe(206);
      expect(middle.headers['content-range']).toBe(`bytes 1000-5999/${en.length}`);
      expect(middle.rawPayload.equals(en.subarray(1000, 6000))).toBe(true);

      const last = await rawVideo('?take=1', { ...auth, range: 'bytes=-500' });
      expect(last.statusCode).toBe(206);
      expect(last.headers['content-range']).toBe(
        `bytes ${en.length - 500}-${en.length - 1}/${en.length}`,
      );
      expect(last.rawPayload.equals(en.subarray(en.length - 500))).toBe(true);

      const toTheEnd = await rawVideo('?take=1', { ...auth, range: `bytes=${en.length - 10}-` });
      expect(toTheEnd.statusCode).toBe(206);
      expect(toTheEnd.rawPayload.equals(en.subarray(en.length - 10))).toBe(true);

      const beyond = await rawVideo('?take=1', {
        ...auth,
        range: `bytes=${en.length - 10}-${en.length + 999}`,
      });
      expect(beyond.headers['content-range']).toBe(
        `bytes ${en.length - 10}-${en.length - 1}/${en.length}`,
      );
    });

    it('refuses a range outside the file or malformed with 416', async () => {
      const auth = { authorization: `Bearer ${token}` };
      for (const range of [`bytes=${en.length}-`, 'bytes=500-100', 'bytes=-0', 'bytes=abc']) {
        const refused = await rawVideo('?take=1', { ...auth, range });
        expect(refused.statusCode).toBe(416);
        expect(refused.headers['content-range']).toBe(`bytes */${en.length}`);
        expect(refused.json().code).toBe('RANGE_NOT_SATISFIABLE');
      }
    });

    it('serves WebVTT captions in both languages to anyone', async () => {
      for (const language of ['EN', 'MS'] as const) {
        const captions = await call('GET', P.captions(language));
        expect(captions.status).toBe(200);
        expect(String(captions.headers['content-type'])).toContain('text/vtt');
        expect(captions.body.startsWith('WEBVTT')).toBe(true);
        expect(captions.body).toMatch(/00:00:00\.000 --> /);
      }
      expect((await call('GET', P.captions('FR'))).status).toBe(400);
    });
  });

  describe('watching and explaining back', () => {
    it('refuses the check until the server saw the video watched to the end', async () => {
      const { agreement, token } = await pendingAttestation();
      // Starting the video before choosing it is refused.
      expect((await call('POST', P.videoStarted(agreement.id), { token })).status).toBe(409);
      await call('POST', P.option(agreement.id), { token, body: { option: 'VIDEO' } });

      const started = await call('POST', P.videoStarted(agreement.id), { token });
      expect(started.status).toBe(200);
      const { viewingId, durationMs } = started.body;
      expect(durationMs).toBeGreaterThan(30_000);

      const early = await call('POST', P.check(agreement.id), {
        token,
        body: { answers: [{ questionId: 'LATE_PAYMENT', choice: 'a', answeredAfterMs: 100 }] },
      });
      expect(early.status).toBe(409);
      expect(early.body.code).toBe('VIDEO_NOT_WATCHED');

      // Skipping to the end a minute early is not watching it.
      clock.advance(durationMs - 60_000);
      const skipped = await call('POST', P.videoEnded(agreement.id), {
        token,
        body: { viewingId },
      });
      expect(skipped.status).toBe(409);
      expect(skipped.body.code).toBe('VIDEO_NOT_WATCHED');
      const before = await call('GET', P.ofAgreement(agreement.id), { token });
      expect(before.body.questions).toBeNull();
      expect(before.body.video.watched).toBe(false);

      clock.advance(60_000);
      const ended = await call('POST', P.videoEnded(agreement.id), { token, body: { viewingId } });
      expect(ended.status).toBe(200);
      expect(ended.body.video.watched).toBe(true);
      expect(ended.body.questions.map((q: { id: string }) => q.id)).toEqual([
        'AMOUNT_RECEIVED',
        'MONTHLY_INSTALMENT',
        'TOTAL_REPAYABLE',
        'LATE_PAYMENT',
      ]);
      // Another applicant cannot end this viewing.
      const other = await pendingAttestation();
      expect(
        (
          await call('POST', P.videoEnded(agreement.id), {
            token: other.token,
            body: { viewingId },
          })
        ).status,
      ).toBe(404);
    });

    it('asks about the borrower’s own figures, keeps every attempt, and completes on all right', async () => {
      const { agreement, token } = await pendingAttestation();
      const offer = agreement.offer as ApprovedLoanSummary;
      await call('POST', P.option(agreement.id), { token, body: { option: 'VIDEO' } });
      const { viewingId, durationMs } = (
        await call('POST', P.videoStarted(agreement.id), { token })
      ).body;
      clock.advance(durationMs);
      const { questions } = (
        await call('POST', P.videoEnded(agreement.id), { token, body: { viewingId } })
      ).body as {
        questions: {
          id: string;
          choices: { key: string; amountSen?: number; outcome?: string; rateBp?: number }[];
        }[];
      };
      // The late charge answer states the rate the agreement was made on.
      expect(
        questions
          .find((question) => question.id === 'LATE_PAYMENT')!
          .choices.find((choice) => choice.outcome === 'LATE_CHARGE'),
      ).toMatchObject({ rateBp: 800 });

      const rightFigure: Record<string, number> = {
        AMOUNT_RECEIVED: offer.netReceivedSen,
        MONTHLY_INSTALMENT: offer.monthlyInstalmentSen,
        TOTAL_REPAYABLE: offer.totalRepayableSen,
      };
      const right = questions.map((question) => ({
        questionId: question.id,
        choice: question.choices.find((choice) =>
          question.id === 'LATE_PAYMENT'
            ? choice.outcome === 'LATE_CHARGE'
            : choice.amountSen === rightFigure[question.id],
        )!.key,
        answeredAfterMs: 4_000,
      }));
      const wrong = right.map((answer) =>
        answer.questionId === 'AMOUNT_RECEIVED'
          ? {
              ...answer,
              choice: questions[0]!.choices.find((c) => c.amountSen === offer.approvedSen)!.key,
            }
          : answer,
      );
      const failed = await call('POST', P.check(agreement.id), { token, body: { answers: wrong } });
      expect(failed.status).toBe(422);
      expect(failed.body.code).toBe('EXPLAIN_BACK_INCORRECT');
      expect((await call('GET', P.ofAgreement(agreement.id), { token })).body).toMatchObject({
        status: 'ATTESTATIONOPTION',
        checkAttempts: 1,
        checkPassed: false,
      });

      const passed = await call('POST', P.check(agreement.id), { token, body: { answers: right } });
      expect(passed.status).toBe(200);
      expect(passed.body).toMatchObject({
        status: 'ATTESTATIONCOMPLETED',
        checkAttempts: 2,
        checkPassed: true,
        questions: null,
      });
      const checks = await db()
        .select()
        .from(t.attestationChecks)
        .where(eq(t.attestationChecks.agreementId, agreement.id));
      expect(checks.map((row) => row.passed)).toEqual([false, true]);
      expect(checks[1]!.answers).toEqual(right);
      const history = await db()
        .select()
        .from(t.agreementStatusHistory)
        .where(eq(t.agreementStatusHistory.agreementId, agreement.id));
      expect(history.map((row) => `${row.toStatus}:${row.actor.split(':')[0]}`).slice(-3)).toEqual([
        'ATTESTATIONOPTION:user',
        'DONE_VIDEO_ATTESTATION:user',
        'ATTESTATIONCOMPLETED:system',
      ]);
      // Answering again once done is refused.
      expect(
        (await call('POST', P.check(agreement.id), { token, body: { answers: right } })).status,
      ).toBe(409);
    });
  });

  describe('staff review', () => {
    it('lists attestations awaiting review and approves them to RnRApproved', async () => {
      const approved = await approvedApplicant(db(), call);
      const agreement = await agreementAt(db(), approved, 'ATTESTATIONCOMPLETED');
      const reviewer = await staffMember(db(), call, ['APPROVER']);
      const service = await staffMember(db(), call, ['CUSTOMER_SERVICE']);

      const list = await call('GET', P.staffReviews, { token: reviewer.token });
      expect(list.status).toBe(200);
      expect(list.body).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ agreementId: agreement.id, status: 'ATTESTATIONCOMPLETED' }),
        ]),
      );
      expect((await call('GET', P.staffReviews, { token: service.token })).status).toBe(403);
      expect(
        (await call('GET', P.staffReviews, { token: approved.applicant.token })).status,
      ).toBeGreaterThanOrEqual(401);
      expect(
        (
          await call('POST', P.staffApprove(agreement.id), {
            token: approved.applicant.token,
            body: { version: agreement.version },
          })
        ).status,
      ).toBeGreaterThanOrEqual(401);

      const stale = await call('POST', P.staffApprove(agreement.id), {
        token: reviewer.token,
        body: { version: agreement.version - 1 },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe('AGREEMENT_CHANGED');
      const done = await call('POST', P.staffApprove(agreement.id), {
        token: reviewer.token,
        body: { version: agreement.version },
      });
      expect(done.status).toBe(200);
      expect(done.body.status).toBe('RnRApproved');
      const again = await call('POST', P.staffApprove(agreement.id), {
        token: reviewer.token,
        body: { version: done.body.version },
      });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('STATUS_CHANGE_REFUSED');
    });

    it('refuses to complete a video attestation the system has not seen done', async () => {
      const approved = await approvedApplicant(db(), call);
      const agreement = await agreementAt(db(), approved, 'ATTESTATIONOPTION');
      const reviewer = await staffMember(db(), call, ['CREDIT_OFFICER']);
      const refused = await call('POST', P.staffComplete(agreement.id), {
        token: reviewer.token,
        body: { version: agreement.version },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('STATUS_CHANGE_REFUSED');
    });
  });

  globalThis.describe('live calls', () => {
    // Each case makes several approved applicants and staff through the API.
    jest.setTimeout(120_000);
    it('opens slots only on weekdays in office hours, not on public holidays', async () => {
      const admin = await staffMember(db(), call, ['ADMIN']);
      const current = await call('GET', SETTINGS_PATHS.current, { token: admin.token });
      const settings = current.body.settings;
      const saved = await call('PUT', SETTINGS_PATHS.current, {
        token: admin.token,
        body: {
          ...settings,
          officeHours: { ...settings.officeHours, publicHolidays: ['2026-01-08'] },
        },
      });
      expect(saved.status).toBe(200);
      const officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
      for (const [startsAt, reason] of [
        ['2026-01-10T02:00:00.000Z', 'weekend'],
        ['2026-01-08T02:00:00.000Z', 'publicHoliday'],
        ['2026-01-07T10:00:00.000Z', 'outsideOfficeHours'],
        ['2026-01-07T02:10:00.000Z', 'notOnSlotBoundary'],
        ['2026-01-02T02:00:00.000Z', 'inThePast'],
      ] as const) {
        const refused = await call('POST', P.staffSlots, {
          token: officer.token,
          body: { startsAt: [startsAt] },
        });
        expect(refused.status).toBe(400);
        expect(refused.body.code).toBe('SLOT_NOT_BOOKABLE');
        expect(refused.body.message).toContain(reason);
      }
      const other = await staffMember(db(), call, ['CREDIT_OFFICER']);
      expect(
        (
          await call('POST', P.staffSlots, {
            token: officer.token,
            body: { officerId: other.id, startsAt: [WED_10] },
          })
        ).status,
      ).toBe(403);
    });

    everywhere(
      'books one applicant per slot, reschedules, cancels and reminds by email and SMS',
      async () => {
        const officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
        const opened = await call('POST', P.staffSlots, {
          token: officer.token,
          body: { startsAt: [WED_10, WED_1030, WED_11] },
        });
        expect(opened.body).toEqual({ opened: 3 });
        const calendar = await call('GET', `${P.staffSlots}?from=2026-01-07&days=1`, {
          token: officer.token,
        });
        const mine = calendar.body.filter(
          (slot: { officerId: string }) => slot.officerId === officer.id,
        );
        expect(mine.map((slot: { startsAt: string }) => slot.startsAt)).toEqual([
          WED_10,
          WED_1030,
          WED_11,
        ]);
        const [slot10, slot1030, slot11] = mine.map((slot: { id: string }) => slot.id);

        const first = await pendingAttestation('MS');
        const second = await pendingAttestation();
        for (const one of [first, second]) {
          await call('POST', P.option(one.agreement.id), {
            token: one.token,
            body: { option: 'LIVE_CALL' },
          });
        }
        const free = await call('GET', `${P.slots(first.agreement.id)}?from=2026-01-07&days=1`, {
          token: first.token,
        });
        expect(free.body.map((slot: { id: string }) => slot.id)).toEqual(
          expect.arrayContaining([slot10, slot1030, slot11]),
        );

        const booked = await call('POST', P.booking(first.agreement.id), {
          token: first.token,
          body: { slotId: slot10 },
        });
        expect(booked.status).toBe(200);
        expect(booked.body.status).toBe('REQUESTED_FOR_LIVE_ATTESTATION');
        expect(booked.body.booking).toMatchObject({
          slotId: slot10,
          status: 'BOOKED',
          startsAt: WED_10,
        });
        expect(booked.body.booking.meetingUrl).toContain('/api/sandbox/meeting/');

        const taken = await call('POST', P.booking(second.agreement.id), {
          token: second.token,
          body: { slotId: slot10 },
        });
        expect(taken.status).toBe(409);
        expect(taken.body.code).toBe('SLOT_TAKEN');
        const stillFree = await call(
          'GET',
          `${P.slots(second.agreement.id)}?from=2026-01-07&days=1`,
          {
            token: second.token,
          },
        );
        expect(stillFree.body.map((slot: { id: string }) => slot.id)).not.toContain(slot10);

        const moved = await call('PUT', P.booking(first.agreement.id), {
          token: first.token,
          body: { slotId: slot1030 },
        });
        expect(moved.status).toBe(200);
        expect(moved.body.booking).toMatchObject({ slotId: slot1030, startsAt: WED_1030 });
        // The slot let go of is free again for someone else.
        const secondBooked = await call('POST', P.booking(second.agreement.id), {
          token: second.token,
          body: { slotId: slot10 },
        });
        expect(secondBooked.status).toBe(200);
        const cancelled = await call('DELETE', P.booking(second.agreement.id), {
          token: second.token,
        });
        expect(cancelled.status).toBe(200);
        expect(cancelled.body.booking.status).toBe('CANCELLED');
        expect(
          (await call('DELETE', P.booking(second.agreement.id), { token: second.token })).status,
        ).toBe(404);

        const notices = await db()
          .select()
          .from(t.outbox)
          .where(eq(t.outbox.recipient, first.approved.applicant.email));
        expect(notices.map((row) => row.subject)).toEqual(
          expect.arrayContaining([
            'Panggilan pengakuan anda telah ditempah',
            'Panggilan pengakuan anda pada masa baharu',
          ]),
        );
        const sms = await db()
          .select()
          .from(t.outbox)
          .where(
            and(
              eq(t.outbox.recipient, first.approved.applicant.phoneNo),
              eq(t.outbox.channel, 'sms'),
            ),
          );
        expect(sms.some((row) => row.body.includes('07/01/2026 10:30'))).toBe(true);

        // The reminder job: the morning before the call, once.
        await app.app.jobs.runDue();
        clock.set('2026-01-06T00:00:00Z');
        const runs = await app.app.jobs.runDue();
        expect(runs.find((run) => run.name === 'attestation-reminders')).toMatchObject({
          outcome: 'completed',
          counts: { attestationReminders: expect.any(Number) },
        });
        const reminders = await db()
          .select()
          .from(t.outbox)
          .where(eq(t.outbox.recipient, first.approved.applicant.email));
        expect(
          reminders.filter((row) => row.subject === 'Peringatan: panggilan pengakuan anda'),
        ).toHaveLength(1);
        clock.set(START);
      },
    );

    everywhere(
      'lets the call’s officer record the outcome, and a second person approve',
      async () => {
        const officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
        const otherOfficer = await staffMember(db(), call, ['CREDIT_OFFICER']);
        const approver = await staffMember(db(), call, ['APPROVER']);
        const thursday = '2026-01-09T06:00:00.000Z';
        await call('POST', P.staffSlots, { token: officer.token, body: { startsAt: [thursday] } });
        const calendar = await call('GET', `${P.staffSlots}?from=2026-01-09&days=1`, {
          token: officer.token,
        });
        const slot = calendar.body.find(
          (one: { officerId: string; startsAt: string }) =>
            one.officerId === officer.id && one.startsAt === thursday,
        );
        const { agreement, token } = await pendingAttestation();
        await call('POST', P.option(agreement.id), { token, body: { option: 'LIVE_CALL' } });
        const booked = await call('POST', P.booking(agreement.id), {
          token,
          body: { slotId: slot.id },
        });
        const room = new URL(String(booked.body.booking.meetingUrl)).pathname;
        const join = (role: 'host' | 'guest') =>
          app.app.inject({ method: 'POST', url: `${room}/presence?role=${role}` });
        const withBooking = await call('GET', `${P.staffSlots}?from=2026-01-09&days=1`, {
          token: officer.token,
        });
        const bookingId = withBooking.body.find((one: { id: string }) => one.id === slot.id).booking
          .id;

        // A booked slot stays in the calendar.
        expect((await call('DELETE', P.staffSlot(slot.id), { token: officer.token })).status).toBe(
          409,
        );
        const notTheirs = await call('POST', P.staffOutcome(bookingId), {
          token: otherOfficer.token,
          body: { outcome: 'ATTESTED', notes: 'Explained every term' },
        });
        expect(notTheirs.status).toBe(403);
        expect(
          (
            await call('POST', P.staffOutcome(bookingId), {
              token,
              body: { outcome: 'ATTESTED', notes: 'x' },
            })
          ).status,
        ).toBeGreaterThanOrEqual(401);
        // Before the call: nobody can have attested, and the borrower cannot have missed it.
        const early = await Promise.all(
          (['ATTESTED', 'NOT_ATTESTED', 'NO_SHOW'] as const).map((outcome) =>
            call('POST', P.staffOutcome(bookingId), {
              token: officer.token,
              body: { outcome, notes: 'Recorded before the call' },
            }),
          ),
        );
        expect(early.map((answer) => [answer.status, answer.body.code])).toEqual([
          [409, 'CALL_NOT_HELD'],
          [409, 'CALL_NOT_HELD'],
          [409, 'CALL_NOT_HELD'],
        ]);
        // Only the officer in the room is not a call either.
        expect((await join('host')).statusCode).toBe(200);
        const alone = await call('POST', P.staffOutcome(bookingId), {
          token: officer.token,
          body: { outcome: 'ATTESTED', notes: 'Borrower explained the instalment and late charge' },
        });
        expect(alone.body.code).toBe('CALL_NOT_HELD');
        expect((await join('guest')).statusCode).toBe(200);
        // Once the borrower joined, the call was not missed.
        const notMissed = await call('POST', P.staffOutcome(bookingId), {
          token: officer.token,
          body: { outcome: 'NO_SHOW', notes: 'Borrower did not come' },
        });
        expect(notMissed.body.code).toBe('CALL_NOT_HELD');
        const recorded = await call('POST', P.staffOutcome(bookingId), {
          token: officer.token,
          body: { outcome: 'ATTESTED', notes: 'Borrower explained the instalment and late charge' },
        });
        expect(recorded.status).toBe(200);
        const review = await call('GET', P.staffReview(agreement.id), { token: approver.token });
        expect(review.body).toMatchObject({
          status: 'DONE_LIVE_ATTESTATION',
          calls: [
            expect.objectContaining({
              status: 'ATTESTED',
              outcomeNotes: 'Borrower explained the instalment and late charge',
            }),
          ],
        });
        // Approving before completion is refused by the machine.
        expect(
          (
            await call('POST', P.staffApprove(agreement.id), {
              token: approver.token,
              body: { version: review.body.version },
            })
          ).status,
        ).toBe(409);
        const completed = await call('POST', P.staffComplete(agreement.id), {
          token: officer.token,
          body: { version: review.body.version },
        });
        expect(completed.body.status).toBe('ATTESTATIONCOMPLETED');
        // Each person is told what they may do now: the officer who completed it may not approve.
        expect(completed.body.actions).toEqual({
          complete: { allowed: false, reason: 'nothingToDecide' },
          approve: { allowed: false, reason: 'sameStaff' },
        });
        const forApprover = await call('GET', P.staffReview(agreement.id), {
          token: approver.token,
        });
        expect(forApprover.body.actions.approve).toEqual({ allowed: true });
        const own = await call('POST', P.staffApprove(agreement.id), {
          token: officer.token,
          body: { version: completed.body.version },
        });
        expect(own.status).toBe(409);
        expect(own.body.code).toBe('ATTESTATION_SAME_STAFF');
        const approved = await call('POST', P.staffApprove(agreement.id), {
          token: approver.token,
          body: { version: completed.body.version },
        });
        expect(approved.body.status).toBe('RnRApproved');
      },
    );
  });

  describe('replacing the video', () => {
    it('takes an MP4 from an admin, audited, and streams it from then on', async () => {
      const admin = await staffMember(db(), call, ['ADMIN']);
      const officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
      const replacement = videoFile('ms');
      const put = (token: string, body: Buffer, type = 'video/mp4') =>
        app.app.inject({
          method: 'PUT',
          url: P.staffVideo('EN'),
          headers: { authorization: `Bearer ${token}`, 'content-type': type },
          payload: body,
        });
      expect((await put(officer.token, replacement)).statusCode).toBe(403);
      const notVideo = await put(admin.token, Buffer.from('%PDF-1.7 not a video'));
      expect(notVideo.statusCode).toBe(400);
      expect(notVideo.json().code).toBe('VIDEO_INVALID');
      const done = await put(admin.token, replacement);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual(
        expect.arrayContaining([expect.objectContaining({ language: 'EN', replaced: true })]),
      );
      const { token } = await pendingAttestation();
      const streamed = await rawVideo('?take=1', {
        authorization: `Bearer ${token}`,
        range: 'bytes=0-',
      });
      expect(streamed.statusCode).toBe(206);
      expect(streamed.rawPayload.equals(replacement)).toBe(true);
      const part = await rawVideo('?take=1', {
        authorization: `Bearer ${token}`,
        range: 'bytes=100-199',
      });
      expect(part.headers['content-range']).toBe(`bytes 100-199/${replacement.length}`);
      expect(part.rawPayload.equals(replacement.subarray(100, 200))).toBe(true);
      const audit = await db()
        .select()
        .from(t.auditLog)
        .where(eq(t.auditLog.action, 'attestation.video_replaced'));
      expect(audit).toHaveLength(1);
    });
  });
});
