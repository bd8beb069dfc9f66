import {
  APPLICATION_PATHS,
  LOAN_STATUS_PATHS,
  type LoginResponse,
  PSYCHOMETRIC_PATHS,
  REPAYMENT_PATHS,
} from '@lending/contracts';
import { eq } from 'drizzle-orm';

import * as t from '../../db/schema';
import { agreementAt, approvedApplicant, paidOut } from '../../testing/agreements';
import { type Caller, caller, register } from '../../testing/auth-helpers';
import { staffMember } from '../../testing/decisions';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';
import {
  addInterview,
  addReferback,
  applicationThrough,
  blockNewLoans,
} from '../../testing/underwriting-states';
import { QUESTIONNAIRE } from '../psychometric/questionnaire';

const DAY = 24 * 60 * 60 * 1000;

describe.each(databases())('the applicant loan status on %s', (kind) => {
  let t0: TestApp;
  let call: Caller;

  beforeAll(async () => {
    t0 = await openTestApp(kind);
    call = caller(t0.app);
  });
  afterAll(() => t0.close());

  async function applicant() {
    const session: LoginResponse = (await register(call)).session;
    return { token: session.accessToken, id: session.userDetails!.id };
  }

  const home = (token: string) => call('GET', LOAN_STATUS_PATHS.home, { token });

  describe('home', () => {
    it('offers a new application to someone who has none', async () => {
      const user = await applicant();
      const answer = await home(user.token);
      expect(answer).toMatchObject({
        status: 200,
        body: {
          status: { state: 'READY_TO_CREATE', newLoanAllowedAfter: null },
          application: null,
          agreement: null,
          account: null,
          interview: null,
          referback: null,
        },
      });
    });

    it('resumes a draft at its first step still to do', async () => {
      const user = await applicant();
      const draft = await applicationThrough(t0.db.orm, user.id, [], ['APPLICATIONFORMCOMPLETED']);
      const answer = await home(user.token);
      expect(answer.body).toMatchObject({
        status: { state: 'APPLICATION_INCOMPLETE', resumeAt: 'EMAILVERIFICATIONCOMPLETED' },
        application: { id: draft.id, status: 'DRAFT', referenceNo: draft.referenceNo },
      });
    });

    it('shows a pending application, and KIV and approvals as pending too', async () => {
      const user = await applicant();
      await applicationThrough(t0.db.orm, user.id, ['PENDING', 'KIV']);
      expect((await home(user.token)).body.status.state).toBe('PENDING_APPROVAL');
    });

    it('shows the interview staff asked for, with its time, mode and details', async () => {
      const user = await applicant();
      const application = await applicationThrough(t0.db.orm, user.id, [
        'PENDING',
        'REQUESTED_FOR_INTERVIEW',
      ]);
      const scheduledAt = new Date('2026-12-01T02:00:00.000Z');
      await addInterview(t0.db.orm, application.id, {
        scheduledAt,
        mode: 'VIDEO_CALL',
        details: 'https://meet.example.com/abc',
      });
      expect((await home(user.token)).body).toMatchObject({
        status: { state: 'REQUESTED_FOR_INTERVIEW', interviewScheduled: true },
        interview: {
          scheduledAt: scheduledAt.toISOString(),
          mode: 'VIDEO_CALL',
          details: 'https://meet.example.com/abc',
        },
      });
    });

    it('lists what a referral back asks the applicant to fix', async () => {
      const user = await applicant();
      const application = await applicationThrough(t0.db.orm, user.id, ['PENDING', 'REFERBACK']);
      await addReferback(t0.db.orm, application.id, [
        { kind: 'document', target: 'BANK_STATEMENT', reason: 'Bank statement unreadable' },
      ]);
      const answer = await home(user.token);
      expect(answer.body).toMatchObject({
        status: { state: 'APPLICATION_INCOMPLETE' },
        application: { status: 'REFERBACK' },
        referback: {
          items: [
            { kind: 'document', target: 'BANK_STATEMENT', reason: 'Bank statement unreadable' },
          ],
        },
      });
    });

    it('shows a rejection with the date a new application is allowed, then lets them apply', async () => {
      const user = await applicant();
      await applicationThrough(t0.db.orm, user.id, ['PENDING', 'REJECTED']);
      const until = new Date(Date.now() + 90 * DAY);
      await blockNewLoans(t0.db.orm, user.id, until, 'REJECTION');
      expect((await home(user.token)).body).toMatchObject({
        status: { state: 'REJECTED', newLoanAllowedAfter: until.toISOString() },
        user: { newLoanBlockKind: 'REJECTION' },
      });
      await blockNewLoans(t0.db.orm, user.id, new Date(Date.now() - DAY), 'REJECTION');
      expect((await home(user.token)).body.status.state).toBe('READY_TO_CREATE');
    });

    it('tells a temporary ban from a rejection', async () => {
      const user = await applicant();
      await applicationThrough(t0.db.orm, user.id, ['PENDING', 'REJECTED']);
      await blockNewLoans(t0.db.orm, user.id, new Date(Date.now() + 180 * DAY), 'TEMPORARY_BAN');
      expect((await home(user.token)).body.status.state).toBe('TEMPORARILY_BANNED');
    });

    it('shows an approved loan as approved while no agreement exists', async () => {
      const user = await applicant();
      await applicationThrough(t0.db.orm, user.id, ['PENDING', 'SUBMITTED_FOR_APPROVAL_1']);
      await t0.db.orm
        .update(t.applications)
        .set({ status: 'APPROVED' })
        .where(eq(t.applications.userId, user.id));
      expect((await home(user.token)).body.status.state).toBe('APPROVED');
    });

    it('offers the psychometric test when asked for, and is pending again once it is taken', async () => {
      const user = await applicant();
      const application = await applicationThrough(t0.db.orm, user.id, [
        'PENDING',
        'PSYCHOMETRIC_TEST',
      ]);
      expect((await home(user.token)).body.status.state).toBe('REQUESTED_FOR_PSYCHOMETRIC_TEST');
      const questions = await call(
        'GET',
        `${PSYCHOMETRIC_PATHS.questions}?applicationId=${application.id}&language=MS`,
        { token: user.token },
      );
      expect(questions.status).toBe(200);
      await t0.db.orm
        .update(t.psychometricAttempts)
        .set({ startedAt: new Date(Date.now() - 10 * 60_000) })
        .where(eq(t.psychometricAttempts.id, questions.body.attemptId));
      const answers = Object.fromEntries(
        QUESTIONNAIRE.map((item) => [
          item.id,
          item.kind === 'attention' ? item.expected : item.reverse ? 2 : 4,
        ]),
      );
      const taken = await call('POST', PSYCHOMETRIC_PATHS.answers(application.id), {
        token: user.token,
        body: { attemptId: questions.body.attemptId, answers },
      });
      expect(taken.body).toMatchObject({ status: 'PENDING' });
      expect((await home(user.token)).body).toMatchObject({
        status: { state: 'PENDING_APPROVAL' },
        application: { status: 'PENDING' },
      });
    });

    it('is for signed-in applicants only', async () => {
      expect((await call('GET', LOAN_STATUS_PATHS.home)).status).toBe(401);
    });
  });

  describe('a new application while blocked', () => {
    it('is refused with its own code until the date has passed', async () => {
      const user = await applicant();
      await applicationThrough(t0.db.orm, user.id, ['PENDING', 'REJECTED']);
      await blockNewLoans(t0.db.orm, user.id, new Date(Date.now() + 90 * DAY), 'REJECTION');
      const [reason] = await t0.db.orm.select().from(t.loanReasons).limit(1);
      const refused = await call('POST', APPLICATION_PATHS.create, {
        token: user.token,
        body: { requestedAmountSen: 1_000_000, tenureMonths: 12, loanReasonId: reason!.id },
      });
      expect(refused).toMatchObject({ status: 409, body: { code: 'NEW_LOAN_NOT_ALLOWED' } });
      await blockNewLoans(t0.db.orm, user.id, new Date(Date.now() - DAY), 'REJECTION');
      const allowed = await call('POST', APPLICATION_PATHS.create, {
        token: user.token,
        body: { requestedAmountSen: 1_000_000, tenureMonths: 12, loanReasonId: reason!.id },
      });
      expect(allowed.status).toBe(201);
    });
  });

  describe('loan history', () => {
    it('pages the applications newest first, page 1 and size 10 unless asked', async () => {
      const user = await applicant();
      const made: string[] = [];
      for (let n = 0; n < 12; n += 1) {
        made.push((await applicationThrough(t0.db.orm, user.id, ['CANCELLED'])).id);
      }
      const first = await call('GET', LOAN_STATUS_PATHS.history, { token: user.token });
      expect(first.body).toMatchObject({ total: 12, page: 1, pageSize: 10 });
      expect(first.body.data).toHaveLength(10);
      expect(first.body.data[0]).toMatchObject({
        status: 'CANCELLED',
        organizationType: 'SOLE_PROP',
      });
      const second = await call('GET', `${LOAN_STATUS_PATHS.history}?page=2&size=10`, {
        token: user.token,
      });
      expect(second.body.data).toHaveLength(2);
      const all = [...first.body.data, ...second.body.data].map((item: { id: string }) => item.id);
      expect(new Set(all)).toEqual(new Set(made));
      const bad = await call('GET', `${LOAN_STATUS_PATHS.history}?page=0`, { token: user.token });
      expect(bad.status).toBe(400);
    });

    it('shows the status timeline of an own application, and no one else’s', async () => {
      const user = await applicant();
      const other = await applicant();
      const application = await applicationThrough(t0.db.orm, user.id, [
        'PENDING',
        'REFERBACK',
        'PENDING',
      ]);
      const detail = await call('GET', LOAN_STATUS_PATHS.historyItem(application.id), {
        token: user.token,
      });
      expect(detail.status).toBe(200);
      expect(detail.body.timeline.map((entry: { status: string; by: string }) => entry)).toEqual([
        expect.objectContaining({ status: 'DRAFT', by: 'applicant' }),
        expect.objectContaining({ status: 'PENDING', by: 'applicant' }),
        expect.objectContaining({ status: 'REFERBACK', by: 'lender' }),
        expect.objectContaining({ status: 'PENDING', by: 'applicant' }),
      ]);
      expect(JSON.stringify(detail.body)).not.toContain('staff:');
      const refused = await call('GET', LOAN_STATUS_PATHS.historyItem(application.id), {
        token: other.token,
      });
      expect(refused).toMatchObject({ status: 404, body: { code: 'APPLICATION_NOT_FOUND' } });
      const others = await call('GET', LOAN_STATUS_PATHS.history, { token: other.token });
      expect(others.body).toMatchObject({ total: 0, data: [] });
    });
  });

  describe('the agreement of a past application', () => {
    it('says when the signed agreement and the e-certificate can be opened', async () => {
      const detailOf = async (approved: Awaited<ReturnType<typeof approvedApplicant>>) =>
        (
          await call('GET', LOAN_STATUS_PATHS.historyItem(approved.applicationId), {
            token: approved.applicant.token,
          })
        ).body;
      const offered = await approvedApplicant(t0.db.orm, call);
      const open = await agreementAt(t0.db.orm, offered);
      expect((await detailOf(offered)).agreement).toEqual({
        id: open.id,
        agreementNo: open.agreementNo,
        signed: false,
        eCertificateIssued: false,
      });
      const signing = await approvedApplicant(t0.db.orm, call);
      await agreementAt(t0.db.orm, signing, 'AGREEMENTSIGNING');
      expect((await detailOf(signing)).agreement).toMatchObject({
        signed: true,
        eCertificateIssued: false,
      });
      const stamped = await approvedApplicant(t0.db.orm, call);
      await agreementAt(t0.db.orm, stamped, 'PENDING_DISBURSEMENT');
      expect((await detailOf(stamped)).agreement).toMatchObject({
        signed: true,
        eCertificateIssued: true,
      });
      // Before approval there is no agreement to open.
      const user = await applicant();
      const pending = await applicationThrough(t0.db.orm, user.id, ['PENDING']);
      expect(
        (await call('GET', LOAN_STATUS_PATHS.historyItem(pending.id), { token: user.token })).body
          .agreement,
      ).toBeNull();
    });
  });

  describe('a loan paid out, then settled and closed', () => {
    it('shows its whole life on the history and offers a new loan at home', async () => {
      const officer = await staffMember(t0.db.orm, call, ['CREDIT_OFFICER']);
      const approver = await staffMember(t0.db.orm, call, ['APPROVER']);
      const approved = await approvedApplicant(t0.db.orm, call);
      const token = approved.applicant.token;
      const agreement = await agreementAt(t0.db.orm, approved, 'PENDING_DISBURSEMENT');
      await paidOut(t0.db.orm, call, agreement, { officer, approver });
      const detail = async () =>
        (await call('GET', LOAN_STATUS_PATHS.historyItem(approved.applicationId), { token })).body;
      expect((await home(token)).body.status.state).toBe('PAYMENT_DISBURSED');
      const [payout] = await t0.db.orm
        .select()
        .from(t.disbursements)
        .where(eq(t.disbursements.agreementId, agreement.id));
      const [account] = await t0.db.orm
        .select()
        .from(t.loanAccounts)
        .where(eq(t.loanAccounts.agreementId, agreement.id));
      expect((await detail()).account).toEqual({
        status: 'ACTIVE',
        life: [
          {
            event: 'PAID_OUT',
            at: payout!.paidAt!.toISOString(),
            on: account!.disbursedOn,
            amountSen: 925_000,
          },
        ],
      });

      const quote = (await call('GET', REPAYMENT_PATHS.earlySettlement(agreement.id), { token }))
        .body;
      const settled = await t0.app.repayments.settleEarly({
        agreementId: agreement.id,
        amountSen: quote.settlementSen,
        channel: 'FPX',
        externalRef: `SETTLE-${agreement.id}`,
        paidAt: new Date(),
        actor: `user:${approved.applicant.userId}`,
      });
      expect(settled.settled).toBe(true);

      const closed = await home(token);
      expect(closed.body.status.state).toBe('COMPLETED');
      expect(closed.body.account).toEqual({ status: 'CLOSED' });
      const after = await detail();
      expect(after.account.status).toBe('CLOSED');
      expect(after.account.life.map((entry: { event: string }) => entry.event)).toEqual([
        'PAID_OUT',
        'REPAID',
        'SETTLED',
        'CLOSED',
      ]);
      expect(after.account.life[1].amountSen).toBe(quote.settlementSen);
      expect(
        after.account.life.every((entry: { at: string }) => !Number.isNaN(Date.parse(entry.at))),
      ).toBe(true);
    });
  });

  describe('status by reference number', () => {
    it('answers the owner, and another applicant as if it did not exist', async () => {
      const user = await applicant();
      const other = await applicant();
      const application = await applicationThrough(t0.db.orm, user.id, ['PENDING']);
      const check = (token: string, referenceNo: string) =>
        call('GET', `${LOAN_STATUS_PATHS.check}?referenceNo=${encodeURIComponent(referenceNo)}`, {
          token,
        });
      const own = await check(user.token, application.referenceNo.toLowerCase());
      expect(own).toMatchObject({
        status: 200,
        body: {
          referenceNo: application.referenceNo,
          status: 'PENDING',
          state: 'PENDING_APPROVAL',
        },
      });
      expect(Object.keys(own.body).sort()).toEqual(
        ['referenceNo', 'state', 'status', 'updatedAt'].sort(),
      );
      expect((await check(other.token, application.referenceNo)).status).toBe(404);
      expect((await check(user.token, 'AC-2026-999999')).status).toBe(404);
      expect((await check(user.token, 'not a number!')).status).toBe(400);
      expect(
        (await call('GET', `${LOAN_STATUS_PATHS.check}?referenceNo=${application.referenceNo}`))
          .status,
      ).toBe(401);
    });
  });
});
