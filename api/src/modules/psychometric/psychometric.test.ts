import { randomBytes } from 'node:crypto';

import { type LoginResponse, PSYCHOMETRIC_PATHS } from '@lending/contracts';
import { and, eq } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import {
  applications,
  applicationStatusHistory,
  auditLog,
  organizations,
  psychometricAttempts,
} from '../../db/schema';
import { applicationStore } from '../../testing/application-store';
import { type Caller, caller, register } from '../../testing/auth-helpers';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';
import type { StatusChange } from '../applications/store';

const changeStatus = (db: Orm, change: StatusChange) => applicationStore(db).changeStatus(change);
import { QUESTIONNAIRE } from './questionnaire';

let brn = 0;
/** An application staff have asked to take the psychometric test. */
async function applicationInTest(db: Orm, userId: string, status = 'PSYCHOMETRIC_TEST') {
  brn += 1;
  const [organization] = await db
    .insert(organizations)
    .values({
      tenant: 'arkcash',
      userId,
      organizationType: 'SOLE_PROP',
      companyName: 'Bengkel Ahmad',
      newBusinessRegistrationNo: `20210300${String(brn + (process.pid % 1000) * 10).padStart(4, '0')}`,
      applicantName: 'Ahmad',
      applicantEmail: `${userId}@example.com`,
    })
    .returning();
  const [application] = await db
    .insert(applications)
    .values({
      tenant: 'arkcash',
      userId,
      organizationId: organization!.id,
      referenceNo: `PSY-${randomBytes(5).toString('hex')}`,
      status: 'DRAFT',
    })
    .returning();
  const id = application!.id;
  await changeStatus(db, {
    applicationId: id,
    to: 'PENDING',
    actor: 'applicant',
    actorRef: `user:${userId}`,
  });
  if (status !== 'PENDING') {
    await changeStatus(db, {
      applicationId: id,
      to: 'PSYCHOMETRIC_TEST',
      actor: 'staff',
      actorRef: 'staff:officer',
      actorId: 'officer',
    });
  }
  return id;
}

function carefulAnswers(): Record<string, number> {
  return Object.fromEntries(
    QUESTIONNAIRE.map((item) => [
      item.id,
      item.kind === 'attention' ? item.expected : item.reverse ? 2 : 4,
    ]),
  );
}

describe.each(databases())('the psychometric test on %s', (kind) => {
  let t: TestApp;
  let call: Caller;

  beforeAll(async () => {
    t = await openTestApp(kind);
    call = caller(t.app);
  });
  afterAll(() => t.close());

  async function applicant() {
    const session: LoginResponse = (await register(call)).session;
    return { session, token: session.accessToken, id: session.userDetails!.id };
  }

  const questions = (token: string, applicationId: string, language = 'EN') =>
    call(
      'GET',
      `${PSYCHOMETRIC_PATHS.questions}?applicationId=${applicationId}&language=${language}`,
      { token },
    );

  /** Moves the attempt's server-recorded start back, as if the applicant took their time. */
  const tookMinutes = (attemptId: string, minutes: number) =>
    t.db.orm
      .update(psychometricAttempts)
      .set({ startedAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(psychometricAttempts.id, attemptId));

  it('hands out the questions in both languages and keeps the start time across reloads', async () => {
    const user = await applicant();
    const applicationId = await applicationInTest(t.db.orm, user.id);
    const en = await questions(user.token, applicationId);
    expect(en.status).toBe(200);
    expect(en.body.questions.length).toBeGreaterThanOrEqual(20);
    expect(en.body.scale.map((s: { value: number }) => s.value)).toEqual([1, 2, 3, 4, 5]);
    const ms = await questions(user.token, applicationId, 'MS');
    expect(ms.body.attemptId).toBe(en.body.attemptId);
    expect(ms.body.startedAt).toBe(en.body.startedAt);
    expect(ms.body.questions[0].text).not.toBe(en.body.questions[0].text);
    expect(ms.body.scale[4].label).toBe('Sangat setuju');
  });

  it('moves valid answers to PENDING with a history and an audit row, and keeps the score', async () => {
    const user = await applicant();
    const applicationId = await applicationInTest(t.db.orm, user.id);
    const { attemptId } = (await questions(user.token, applicationId)).body;
    await tookMinutes(attemptId, 5);
    const result = await call('POST', PSYCHOMETRIC_PATHS.answers(applicationId), {
      token: user.token,
      body: { attemptId, answers: carefulAnswers() },
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ outcome: 'VALID', status: 'PENDING', invalidReasons: [] });
    const [application] = await t.db.orm
      .select()
      .from(applications)
      .where(eq(applications.id, applicationId));
    expect(application!.status).toBe('PENDING');
    const history = await t.db.orm
      .select()
      .from(applicationStatusHistory)
      .where(eq(applicationStatusHistory.applicationId, applicationId));
    expect(history.at(-1)).toMatchObject({
      fromStatus: 'PSYCHOMETRIC_TEST',
      toStatus: 'PENDING',
      actor: `user:${user.id}`,
    });
    const audits = await t.db.orm
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `application:${applicationId}`));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['psychometric.submitted', 'application.status_changed']),
    );
    const [attempt] = await t.db.orm
      .select()
      .from(psychometricAttempts)
      .where(eq(psychometricAttempts.id, attemptId));
    expect(attempt).toMatchObject({ outcome: 'VALID', score: 75 });
    expect(attempt!.dimensionScores).toMatchObject({ budgeting: 75, riskAttitude: 75 });
    // Taken once: the test is closed now.
    const again = await call('POST', PSYCHOMETRIC_PATHS.answers(applicationId), {
      token: user.token,
      body: { attemptId, answers: carefulAnswers() },
    });
    expect(again.status).toBe(409);
  });

  it('asks for a redo when answered too fast, then accepts a careful second attempt', async () => {
    const user = await applicant();
    const applicationId = await applicationInTest(t.db.orm, user.id);
    const first = (await questions(user.token, applicationId)).body;
    const rushed = await call('POST', PSYCHOMETRIC_PATHS.answers(applicationId), {
      token: user.token,
      body: { attemptId: first.attemptId, answers: carefulAnswers() },
    });
    expect(rushed.body).toMatchObject({
      outcome: 'INVALID',
      status: 'REDO_PSYCHOMETRIC_TEST',
      invalidReasons: ['TOO_FAST'],
    });
    expect(rushed.body.message).toMatch(/too quickly/);
    const history = await t.db.orm
      .select()
      .from(applicationStatusHistory)
      .where(
        and(
          eq(applicationStatusHistory.applicationId, applicationId),
          eq(applicationStatusHistory.toStatus, 'REDO_PSYCHOMETRIC_TEST'),
        ),
      );
    expect(history[0]!.actor).toBe('system:psychometric-scoring');

    const second = (await questions(user.token, applicationId)).body;
    expect(second.attemptId).not.toBe(first.attemptId);
    const straight = Object.fromEntries(QUESTIONNAIRE.map((item) => [item.id, 4]));
    await tookMinutes(second.attemptId, 4);
    const invalidAgain = await call('POST', PSYCHOMETRIC_PATHS.answers(applicationId), {
      token: user.token,
      body: { attemptId: second.attemptId, answers: straight },
    });
    expect(invalidAgain.body).toMatchObject({ status: 'REDO_PSYCHOMETRIC_TEST' });
    expect(invalidAgain.body.invalidReasons).toEqual(
      expect.arrayContaining(['ATTENTION_CHECK', 'STRAIGHT_LINING']),
    );

    const third = (await questions(user.token, applicationId)).body;
    await tookMinutes(third.attemptId, 6);
    const careful = await call('POST', PSYCHOMETRIC_PATHS.answers(applicationId), {
      token: user.token,
      body: { attemptId: third.attemptId, answers: carefulAnswers() },
    });
    expect(careful.body).toMatchObject({ outcome: 'VALID', status: 'PENDING' });
  });

  it('refuses incomplete or out-of-range answers without using up the attempt', async () => {
    const user = await applicant();
    const applicationId = await applicationInTest(t.db.orm, user.id);
    const { attemptId } = (await questions(user.token, applicationId)).body;
    const partial: Record<string, number> = carefulAnswers();
    delete partial.bud1;
    const missing = await call('POST', PSYCHOMETRIC_PATHS.answers(applicationId), {
      token: user.token,
      body: { attemptId, answers: partial },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please answer every question');
    const outOfRange = await call('POST', PSYCHOMETRIC_PATHS.answers(applicationId), {
      token: user.token,
      body: { attemptId, answers: { ...carefulAnswers(), bud1: 9 } },
    });
    expect(outOfRange.status).toBe(400);
    const [attempt] = await t.db.orm
      .select()
      .from(psychometricAttempts)
      .where(eq(psychometricAttempts.id, attemptId));
    expect(attempt!.submittedAt).toBeNull();
  });

  it('opens the test only when staff asked for it, and only to the applicant', async () => {
    const user = await applicant();
    const other = await applicant();
    const pending = await applicationInTest(t.db.orm, user.id, 'PENDING');
    const notOpen = await questions(user.token, pending);
    expect(notOpen.status).toBe(409);
    expect(notOpen.body.message).toBe('The psychometric test is not open for this application');
    const inTest = await applicationInTest(t.db.orm, other.id);
    expect((await questions(user.token, inTest)).status).toBe(404);
    const { attemptId } = (await questions(other.token, inTest)).body;
    const foreign = await call('POST', PSYCHOMETRIC_PATHS.answers(inTest), {
      token: user.token,
      body: { attemptId, answers: carefulAnswers() },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Application Not Found');
    expect(
      (await call('GET', `${PSYCHOMETRIC_PATHS.questions}?applicationId=${inTest}`)).status,
    ).toBe(401);
  });
});
