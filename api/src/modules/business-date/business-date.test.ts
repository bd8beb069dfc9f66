import { BUSINESS_DATE_PATHS } from '@lending/contracts';
import { addDays, malaysiaDate } from '@lending/domain';
import { and, eq } from 'drizzle-orm';

import { buildApp } from '../../app';
import * as t from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import { type Caller, caller } from '../../testing/auth-helpers';
import { type StaffMember, staffMember } from '../../testing/decisions';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

const BOOKS_JOBS = [
  'direct-debit',
  'late-charges',
  'discharge-letters',
  'refund-letters',
  'document-retention',
  'collections',
];

describe.each(databases('concurrency'))('the business date (%s)', (kind) => {
  const clock = fixedClock('2026-03-02T02:00:00Z');
  const opened = '2026-03-02';
  let app: TestApp;
  let call: Caller;
  let admin: StaffMember;
  let officer: StaffMember;
  beforeAll(async () => {
    app = await openTestApp(kind, { clock, movableBusinessDate: true });
    call = caller(app.app);
    // The job runner learns its jobs' next run times on its first poll.
    await app.app.jobs.runDue();
    await signIn();
  });
  afterAll(() => app.close());

  /** Staff signed in at the clock's time (a session lasts minutes; the clock moves days). */
  async function signIn() {
    admin = await staffMember(app.db.orm, call, ['ADMIN']);
    officer = await staffMember(app.db.orm, call, ['CREDIT_OFFICER', 'APPROVER']);
  }

  const move = (businessDate: string, token = admin.token, language = 'en') =>
    app.app.inject({
      method: 'PUT',
      url: BUSINESS_DATE_PATHS.move,
      headers: { authorization: `Bearer ${token}`, 'accept-language': language },
      payload: { businessDate },
    });

  it('is shown to admins alone, and follows Malaysia’s date until moved', async () => {
    const anonymous = await call('GET', BUSINESS_DATE_PATHS.view);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).not.toHaveProperty('businessDate');
    const refused = await call('GET', BUSINESS_DATE_PATHS.view, { token: officer.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN' });
    expect(refused.body).not.toHaveProperty('businessDate');
    expect(refused.body).not.toHaveProperty('days');

    const seen = await call('GET', BUSINESS_DATE_PATHS.view, { token: admin.token });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      businessDate: opened,
      malaysiaDate: opened,
      movable: true,
      lastClosed: null,
      progress: { running: false, daysTotal: 0 },
      days: [],
    });
  });

  it('moves forward only, by an admin, audited, and says why not in both languages', async () => {
    const byOfficer = await move('2026-03-05', officer.token);
    expect(byOfficer.statusCode).toBe(403);
    expect(byOfficer.json()).not.toHaveProperty('businessDate');
    expect(app.app.businessDate).toBeDefined();

    const same = await move(opened);
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({
      code: 'CONFLICT',
      message: `The business date moves forward only: give a date after ${opened}`,
    });
    const malay = await move('2026-03-01', admin.token, 'ms');
    expect(malay.statusCode).toBe(409);
    expect(malay.json().message).toBe(
      `Tarikh perniagaan hanya bergerak ke hadapan: berikan tarikh selepas ${opened}`,
    );
    expect((await move('2026-02-30')).statusCode).toBe(400);
    expect((await move('2036-03-10')).statusCode).toBe(400);

    const moved = await move('2026-03-05');
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ businessDate: '2026-03-05', malaysiaDate: opened });
    // The date moves on with Malaysia's at midnight, keeping its lead.
    const mover = admin;
    clock.set('2026-03-02T16:00:00Z');
    await signIn();
    expect(
      (await call('GET', BUSINESS_DATE_PATHS.view, { token: admin.token })).body,
    ).toMatchObject({ businessDate: '2026-03-06', malaysiaDate: '2026-03-03' });
    const [audited] = await app.db.orm
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.action, 'business_date.moved'));
    expect(audited).toMatchObject({
      actor: `staff:${mover.id}`,
      fromStatus: opened,
      toStatus: '2026-03-05',
    });
  });

  it('closes each day from the first through the business date, in order, once', async () => {
    const byOfficer = await call('POST', BUSINESS_DATE_PATHS.closeOfBusiness, {
      token: officer.token,
    });
    expect(byOfficer.status).toBe(403);
    expect(byOfficer.body).not.toHaveProperty('from');

    const started = await call('POST', BUSINESS_DATE_PATHS.closeOfBusiness, {
      token: admin.token,
    });
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ from: opened, to: '2026-03-06' });
    await app.app.businessDate.settle();

    const { body } = await call('GET', BUSINESS_DATE_PATHS.view, { token: admin.token });
    const days = ['2026-03-06', '2026-03-05', '2026-03-04', '2026-03-03', opened];
    expect(body.lastClosed).toBe('2026-03-06');
    expect(body.progress).toMatchObject({
      running: false,
      from: opened,
      to: '2026-03-06',
      daysTotal: 5,
      daysClosed: 5,
      day: null,
      failures: 0,
    });
    expect(body.days.map((day: { businessDate: string }) => day.businessDate)).toEqual(days);
    for (const day of body.days) {
      expect(day).toMatchObject({ status: 'CLOSED', failures: 0, startedBy: `staff:${admin.id}` });
      expect(day.jobs.map((job: { name: string }) => job.name)).toEqual(BOOKS_JOBS);
    }
    // In order: each day started once the day before had finished.
    const ordered = [...body.days].reverse();
    for (let i = 1; i < ordered.length; i += 1) {
      expect(Date.parse(ordered[i].startedAt)).toBeGreaterThanOrEqual(
        Date.parse(ordered[i - 1].finishedAt),
      );
    }
    const closedRows = await app.db.orm
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, 'business_day.closed')));
    expect(closedRows.map((row) => row.entity).sort()).toEqual(
      [...days].reverse().map((day) => `business-day:${day}`),
    );

    // Nothing is left to close: asking again closes nothing, and the schedule neither.
    const again = await call('POST', BUSINESS_DATE_PATHS.closeOfBusiness, { token: admin.token });
    expect(again.body).toEqual({ from: null, to: null });
    clock.set('2026-03-03T16:20:00Z');
    await signIn();
    const runs = await app.app.jobs.runDue();
    const cob = runs.find((run) => run.name === 'close-of-business');
    expect(cob).toMatchObject({ outcome: 'completed', counts: { days: 1, closed: 1 } });
    expect(runs.find((run) => run.name === 'late-charges')).toMatchObject({ missed: 0 });
    expect(
      (await call('GET', BUSINESS_DATE_PATHS.view, { token: admin.token })).body.lastClosed,
    ).toBe(addDays('2026-03-06', 1));
  });

  it('cannot be moved where it follows Malaysia time, which refuses books moved in a sandbox', async () => {
    const fixed = await openTestApp(kind, { clock });
    try {
      const fixedAdmin = await staffMember(fixed.db.orm, caller(fixed.app), ['ADMIN']);
      const refused = await caller(fixed.app)('PUT', BUSINESS_DATE_PATHS.move, {
        token: fixedAdmin.token,
        body: { businessDate: '2026-04-01' },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(
        'The business date follows Malaysia time here: only a sandbox or staging may move it',
      );
      const view = await caller(fixed.app)('GET', BUSINESS_DATE_PATHS.view, {
        token: fixedAdmin.token,
      });
      expect(view.body).toMatchObject({ movable: false, businessDate: malaysiaDate(clock.now()) });
    } finally {
      await fixed.close();
    }
    await expect(buildApp({ db: app.db, logLevel: 'silent', clock })).rejects.toThrow(
      'business date of this database was moved 3 days ahead',
    );
  });
});
