import { AUTH_PATHS, type OutboxMessage, STAFF_PATHS } from '@lending/contracts';
import { and, eq } from 'drizzle-orm';

import { type App, buildApp } from '../../app';
import { auditLog, staffUsers } from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import type { DemoStaffMember } from '../../kernel/demo-staff-config';
import { verifyPassword } from '../../kernel/passwords';
import { addStaff, type Caller, caller, claimsOf, LOCAL_CLIENT } from '../../testing/auth-helpers';
import { databases, openTestApp, type TestApp, testCounterOptions } from '../../testing/test-db';
import { seedFirstAdmin } from '../auth/staff-seed';
import { refuseDemoStaffLeft } from './demo-staff';
import { createDemoStaffStore } from './demo-store';

const TEAM: DemoStaffMember[] = [
  { email: 'demo.officer@lender.test', name: 'Demo credit officer', roles: ['CREDIT_OFFICER'] },
  { email: 'demo.approver@lender.test', name: 'Demo approver', roles: ['APPROVER'] },
  { email: 'demo.service@lender.test', name: 'Demo customer service', roles: ['CUSTOMER_SERVICE'] },
  { email: 'demo.admin@lender.test', name: 'Demo admin', roles: ['ADMIN'] },
].map((member, index) => ({ ...member, password: `demo password ${index}` }) as DemoStaffMember);

describe.each(databases())('the demo staff team on %s', (kind) => {
  let t: TestApp;
  let call: Caller;
  // Sign-in checks codes on this clock; the outbox shows them on it too.
  const clock = fixedClock('2026-03-02T02:00:10Z');

  /** Another start of the platform on the same database. */
  const restart = async (
    options: Parameters<typeof buildApp>[0] extends infer O ? Partial<O> : never,
  ) => {
    const app = await buildApp({
      db: t.db,
      logLevel: 'silent',
      clock,
      ...testCounterOptions(),
      ...options,
    });
    await app.ready();
    return app;
  };
  const outboxOf = async (app: App, to?: string, ip: string = LOCAL_CLIENT.ip) => {
    const query = to ? `?to=${encodeURIComponent(to)}` : '';
    const response = await app.inject({
      method: 'GET',
      url: `${AUTH_PATHS.sandboxOutbox}${query}`,
      remoteAddress: ip,
    });
    return { status: response.statusCode, entries: response.json() as OutboxMessage[] };
  };
  const demoRows = () => t.db.orm.select().from(staffUsers).where(eq(staffUsers.demo, true));

  beforeAll(async () => {
    t = await openTestApp(kind, { clock, demoStaff: TEAM });
    call = caller(t.app);
  });
  afterAll(() => t.close());

  it('seeds each member once, enrolled, with an audit row, however often it starts', async () => {
    const first = await demoRows();
    expect(first.map((row) => row.email).sort()).toEqual(TEAM.map((m) => m.email).sort());
    for (const row of first) {
      expect(row.totpEnrolledAt).not.toBeNull();
      expect(row.roles).toEqual(TEAM.find((m) => m.email === row.email)!.roles);
    }
    const seededAudit = () =>
      t.db.orm.select().from(auditLog).where(eq(auditLog.action, 'staff.demo_seeded'));
    expect(await seededAudit()).toHaveLength(TEAM.length);

    const again = await restart({ demoStaff: TEAM });
    await again.close();
    const second = await demoRows();
    expect(second).toHaveLength(TEAM.length);
    // The same authenticators: a phone or the outbox keeps working across restarts.
    expect(second.map((row) => [row.id, row.totpSecret]).sort()).toEqual(
      first.map((row) => [row.id, row.totpSecret]).sort(),
    );
    expect(await seededAudit()).toHaveLength(TEAM.length);
  });

  it('still creates the first admin beside the demo team', async () => {
    expect(
      await seedFirstAdmin(t.db.orm, {
        email: 'first.admin@lender.test',
        password: 'first admin pw',
      }),
    ).toBe('created');
    expect(
      await seedFirstAdmin(t.db.orm, { email: 'other@lender.test', password: 'x'.repeat(12) }),
    ).toBe('exists');
  });

  it('gives a member the configured password back, and never touches a real member', async () => {
    await addStaff(t.db.orm, 'real.member@lender.test', 'real member password', ['APPROVER']);
    const [real] = await t.db.orm
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.email, 'real.member@lender.test'));
    const changed = TEAM.map((m, i) => (i === 0 ? { ...m, password: 'a new demo password' } : m));
    const app = await restart({
      demoStaff: [
        ...changed,
        { email: real!.email, name: 'Taken', roles: ['ADMIN'], password: 'taken password 1' },
      ],
    });
    await app.close();
    const rows = await t.db.orm.select().from(staffUsers);
    const officer = rows.find((row) => row.email === TEAM[0]!.email)!;
    expect(await verifyPassword(officer.passwordHash, 'a new demo password')).toBe(true);
    const reset = await t.db.orm
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'staff.demo_password_reset'),
          eq(auditLog.subject, `staff:${officer.id}`),
        ),
      );
    expect(reset).toHaveLength(1);
    expect(rows.find((row) => row.email === real!.email)).toEqual(real);

    const back = await restart({ demoStaff: TEAM });
    await back.close();
  });

  it('shows each member’s current code in the outbox, with which every role signs in', async () => {
    for (const member of TEAM) {
      const { status, entries } = await outboxOf(t.app, member.email);
      expect(status).toBe(200);
      const entry = entries.find((e) => e.channel === 'authenticator');
      expect(entry).toMatchObject({
        to: member.email,
        subject: `Demo authenticator: ${member.name}`,
      });
      const code = /Sign-in code: (\d{6})/.exec(entry!.body)![1]!;

      const first = await call('POST', AUTH_PATHS.staffLogin, {
        body: { email: member.email, password: member.password },
      });
      expect(first.status).toBe(200);
      expect(first.body.step).toBe('CODE');
      const second = await call('POST', STAFF_PATHS.secondFactor, {
        body: { challengeToken: first.body.challengeToken, code },
      });
      expect(second.status).toBe(200);
      expect(claimsOf(second.body.accessToken).roles).toEqual(member.roles);
    }
  });

  it('lists the codes first on the outbox page, to this machine only like every message', async () => {
    const all = await outboxOf(t.app);
    expect(all.entries.slice(0, TEAM.length).map((e) => e.channel)).toEqual(
      TEAM.map(() => 'authenticator'),
    );
    const page = await t.app.inject({
      method: 'GET',
      url: AUTH_PATHS.sandboxOutboxPage,
      remoteAddress: LOCAL_CLIENT.ip,
    });
    expect(page.body).toContain('Demo authenticator: Demo approver');
    expect(page.body).toMatch(/Sign-in code: \d{6}/);
    const malay = await t.app.inject({
      method: 'GET',
      url: `${AUTH_PATHS.sandboxOutboxPage}?lang=ms`,
      remoteAddress: LOCAL_CLIENT.ip,
    });
    expect(malay.body).toContain('Pengesah demo: Demo approver');
    expect(malay.body).toMatch(/Kod log masuk: \d{6}/);
    expect(malay.body).not.toContain('Sign-in code');
    expect((await outboxOf(t.app, undefined, '203.0.113.9')).status).toBe(404);
    const away = await t.app.inject({
      method: 'GET',
      url: AUTH_PATHS.sandboxOutboxPage,
      remoteAddress: '203.0.113.9',
    });
    expect(away.statusCode).toBe(404);
  });

  it('shows no code for a disabled member, nor on a start without the demo team', async () => {
    await t.db.orm
      .update(staffUsers)
      .set({ disabledAt: clock.now() })
      .where(eq(staffUsers.email, TEAM[1]!.email));
    const codes = (await outboxOf(t.app)).entries.filter((e) => e.channel === 'authenticator');
    expect(codes.map((e) => e.to).sort()).toEqual(
      TEAM.filter((_, i) => i !== 1)
        .map((m) => m.email)
        .sort(),
    );

    const plain = await restart({});
    const { entries } = await outboxOf(plain, TEAM[0]!.email);
    await plain.close();
    expect(entries.filter((e) => e.channel === 'authenticator')).toEqual([]);
  });

  it('is refused beside a real provider, and refuses a production start while any is active', async () => {
    await expect(
      restart({
        demoStaff: TEAM,
        email: { provider: 'smtp', url: 'smtp://127.0.0.1:1', from: 'no-reply@lender.test' },
      }),
    ).rejects.toThrow('demo staff are refused: real providers are configured (email)');

    const store = createDemoStaffStore(t.db.orm);
    await expect(refuseDemoStaffLeft(store, 'NODE_ENV is production')).rejects.toThrow(
      '3 demo staff member(s) are still active in this database, and demo staff are refused here: NODE_ENV is production',
    );
    await t.db.orm
      .update(staffUsers)
      .set({ disabledAt: clock.now() })
      .where(eq(staffUsers.demo, true));
    await expect(refuseDemoStaffLeft(store, 'NODE_ENV is production')).resolves.toBeUndefined();
  });
});
