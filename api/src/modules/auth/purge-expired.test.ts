import { randomUUID } from 'node:crypto';

import {
  authSessions,
  captchaPasses,
  passwordResetTokens,
  refreshTokens,
  users,
  verificationCodes,
} from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe.each(databases('hand-written SQL'))('the daily purge of expired things on %s', (kind) => {
  let testApp: TestApp;
  // 00:00 in Malaysia: the purge is due at 00:30.
  const clock = fixedClock('2026-01-05T16:00:00Z');
  const runAt = new Date('2026-01-05T16:31:00Z');
  const ago = (ms: number) => new Date(runAt.getTime() - ms);
  const ahead = (ms: number) => new Date(runAt.getTime() + ms);

  beforeAll(async () => {
    testApp = await openTestApp(kind, { clock });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('removes what was spent or expired over a day ago and keeps the rest, once a day', async () => {
    const { orm } = testApp.db;
    expect(await testApp.app.jobs.runDue()).toEqual([]);

    const [user] = await orm
      .insert(users)
      .values({
        tenant: 'arkcash',
        email: `purge.${randomUUID()}@example.com`,
        passwordHash: 'not used here',
        firstName: 'Aisyah',
      })
      .returning({ id: users.id });
    const userId = user!.id;
    const session = (name: string, createdAgo: number, revoked = false) => ({
      id: randomUUID(),
      audience: 'applicant' as const,
      subjectId: userId,
      createdAt: ago(createdAgo),
      revokedAt: revoked ? ago(createdAgo - HOUR) : null,
      revokeReason: revoked ? name : null,
    });
    const ended = session('ended', 3 * DAY);
    const revoked = session('revoked', 3 * DAY, true);
    const rotated = session('rotated', 3 * DAY);
    const recent = session('recent', 2 * HOUR, true);
    await orm.insert(authSessions).values([ended, revoked, rotated, recent]);
    const token = (name: string, sessionId: string, expiresAt: Date, usedAt?: Date) => ({
      tokenHash: name,
      sessionId,
      issuedAt: new Date(expiresAt.getTime() - DAY),
      expiresAt,
      usedAt: usedAt ?? null,
    });
    await orm
      .insert(refreshTokens)
      .values([
        token('ended-1', ended.id, ago(2 * DAY)),
        token('revoked-1', revoked.id, ago(2 * DAY)),
        token('rotated-old', rotated.id, ago(2 * DAY), ago(2 * DAY + HOUR)),
        token('rotated-used-lately', rotated.id, ago(HOUR), ago(2 * HOUR)),
        token('rotated-live', rotated.id, ahead(20 * HOUR)),
        token('recent-1', recent.id, ahead(22 * HOUR)),
      ]);
    const resetToken = (name: string, createdAgo: number, expiresAt: Date, usedAt?: Date) => ({
      tokenHash: name,
      userId,
      createdAt: ago(createdAgo),
      expiresAt,
      usedAt: usedAt ?? null,
    });
    await orm
      .insert(passwordResetTokens)
      .values([
        resetToken('reset-used-long-ago', 3 * DAY, ago(3 * DAY - HOUR), ago(3 * DAY - 1000)),
        resetToken('reset-expired-long-ago', 3 * DAY, ago(3 * DAY - HOUR)),
        resetToken('reset-expired-lately', 3 * HOUR, ago(2 * HOUR)),
        resetToken('reset-live', 10 * 60 * 1000, ahead(50 * 60 * 1000)),
      ]);
    const code = (name: string, createdAgo: number, expiresAt: Date, usedAt?: Date) => ({
      userId,
      channel: 'email' as const,
      destination: name,
      codeHash: name,
      createdAt: ago(createdAgo),
      expiresAt,
      usedAt: usedAt ?? null,
    });
    await orm
      .insert(verificationCodes)
      .values([
        code('code-expired-long-ago', 2 * DAY, ago(2 * DAY - 10 * 60 * 1000)),
        code('code-used-long-ago', 2 * DAY, ago(2 * DAY - 10 * 60 * 1000), ago(2 * DAY - 1000)),
        code('code-used-lately', 2 * HOUR, ago(2 * HOUR - 10 * 60 * 1000), ago(HOUR)),
        code('code-live', 60 * 1000, ahead(9 * 60 * 1000)),
      ]);
    // A pass lives ten minutes; spent ones are spent within them.
    const pass = (name: string, createdAgo: number, spent: boolean) => ({
      tokenHash: name,
      provider: name.startsWith('google') ? ('recaptcha-v2' as const) : ('sandbox' as const),
      createdAt: ago(createdAgo),
      expiresAt: ago(createdAgo - 10 * 60 * 1000),
      consumedAt: spent ? ago(createdAgo - 60 * 1000) : null,
    });
    await orm
      .insert(captchaPasses)
      .values([
        pass('pass-spent-long-ago', 2 * DAY, true),
        pass('pass-expired-long-ago', 2 * DAY, false),
        pass('google-pass-spent-long-ago', 3 * DAY, true),
        pass('pass-spent-lately', 3 * HOUR, true),
        pass('pass-live', 60 * 1000, false),
      ]);

    clock.set(runAt);
    // Other jobs run at the same time of day (late charges); this one is purge-expired's.
    const runs = await testApp.app.jobs.runDue();
    expect(runs.filter((run) => run.name === 'purge-expired')).toEqual([
      expect.objectContaining({
        name: 'purge-expired',
        outcome: 'completed',
        counts: {
          sessions: 2,
          refreshTokens: 3,
          resetTokens: 2,
          verificationCodes: 2,
          captchaPasses: 3,
          staffPasswordLinks: 0,
          staffChallenges: 0,
        },
      }),
    ]);

    const sessionsLeft = (await orm.select().from(authSessions)).map((row) => row.id);
    expect(sessionsLeft).toEqual(expect.arrayContaining([rotated.id, recent.id]));
    expect(sessionsLeft).not.toContain(ended.id);
    expect(sessionsLeft).not.toContain(revoked.id);
    expect((await orm.select().from(refreshTokens)).map((row) => row.tokenHash).sort()).toEqual(
      expect.arrayContaining(['recent-1', 'rotated-live', 'rotated-used-lately']),
    );
    expect(
      (await orm.select().from(refreshTokens)).filter((row) =>
        ['ended-1', 'revoked-1', 'rotated-old'].includes(row.tokenHash),
      ),
    ).toEqual([]);
    expect(
      (await orm.select().from(passwordResetTokens)).map((row) => row.tokenHash).sort(),
    ).toEqual(['reset-expired-lately', 'reset-live']);
    expect(
      (await orm.select().from(verificationCodes)).map((row) => row.destination).sort(),
    ).toEqual(['code-live', 'code-used-lately']);
    expect((await orm.select().from(captchaPasses)).map((row) => row.tokenHash).sort()).toEqual([
      'pass-live',
      'pass-spent-lately',
    ]);

    // Run again before the next 00:30: the purge does not run (other daily jobs may).
    clock.advance(12 * HOUR);
    const later = await testApp.app.jobs.runDue();
    expect(later.filter((run) => run.name === 'purge-expired')).toEqual([]);
  });
});
