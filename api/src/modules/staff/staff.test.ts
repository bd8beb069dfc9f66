import { AUTH_PATHS, STAFF_PATHS, type TokenPair } from '@lending/contracts';
import { and, eq } from 'drizzle-orm';

import { auditLog, staffRecoveryCodes, staffUsers } from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import {
  addStaff,
  type Caller,
  caller,
  LOCAL_CLIENT,
  register,
  staffLogin,
  totpCode,
} from '../../testing/auth-helpers';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

describe.each(databases())('staff accounts and their second factor on %s', (kind) => {
  let t: TestApp;
  let call: Caller;
  const clock = fixedClock('2026-03-02T02:00:10Z');
  const epoch = () => Math.floor(clock.now().getTime() / 1000);
  let admin: TokenPair;

  beforeAll(async () => {
    t = await openTestApp(kind, { clock });
    call = caller(t.app);
    await addStaff(t.db.orm, 'admin@lender.test', 'admin password', ['ADMIN']);
    await addStaff(t.db.orm, 'officer@lender.test', 'officer password', ['CREDIT_OFFICER']);
    admin = await staffLogin(call, 'admin@lender.test', 'admin password');
  });
  afterAll(() => t.close());

  const passwordStep = async (email: string, password: string) => {
    const { status, body } = await call('POST', AUTH_PATHS.staffLogin, {
      body: { email, password },
    });
    expect(status).toBe(200);
    return body;
  };
  const secondStep = (challengeToken: string, proof: Record<string, string>) =>
    call('POST', STAFF_PATHS.secondFactor, { body: { challengeToken, ...proof } });
  const auditOf = async (action: string, subject: string) =>
    t.db.orm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.subject, subject)));
  const staffRow = async (email: string) =>
    (await t.db.orm.select().from(staffUsers).where(eq(staffUsers.email, email)))[0]!;
  const lastLink = async (email: string) => {
    const { body } = await call(
      'GET',
      `${AUTH_PATHS.sandboxOutbox}?to=${encodeURIComponent(email)}`,
      LOCAL_CLIENT,
    );
    const link = body[0]?.links[0] as string | undefined;
    if (!link) throw new Error('no set-password email');
    return new URL(link).searchParams.get('token')!;
  };

  describe('sign-in with an authenticator app', () => {
    const email = 'enrol@lender.test';
    let secret: string;
    let recoveryCodes: string[];

    beforeAll(() => addStaff(t.db.orm, email, 'enrol password', ['CREDIT_OFFICER']));

    it('enrols an app on the first sign-in, refusing a wrong first code', async () => {
      const step = await passwordStep(email, 'enrol password');
      expect(step).toMatchObject({ step: 'ENROL', challengeToken: expect.any(String) });
      expect(step.accessToken).toBeUndefined();
      secret = step.secret;
      expect(step.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
      expect(step.otpauthUrl).toContain(`secret=${secret}`);
      // Kept sealed, never as it is.
      const stored = (await staffRow(email)).totpSecret!;
      expect(stored.startsWith('v1.')).toBe(true);
      expect(stored).not.toContain(secret);
      // The same secret is offered until it is confirmed.
      expect((await passwordStep(email, 'enrol password')).secret).toBe(secret);

      // The challenge opens nothing else.
      expect((await call('GET', STAFF_PATHS.list, { token: step.challengeToken })).status).toBe(
        401,
      );
      const wrong = await secondStep(step.challengeToken, { code: '000000' });
      expect(wrong).toMatchObject({ status: 401, body: { code: 'TOTP_CODE_INVALID' } });

      const right = await secondStep(step.challengeToken, {
        code: await totpCode(secret, epoch()),
      });
      expect(right.status).toBe(200);
      expect(right.body.accessToken).toEqual(expect.any(String));
      recoveryCodes = right.body.recoveryCodes;
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      const kept = await t.db.orm
        .select()
        .from(staffRecoveryCodes)
        .where(eq(staffRecoveryCodes.staffId, (await staffRow(email)).id));
      expect(kept).toHaveLength(10);
      expect(kept.map((row) => row.codeHash)).not.toContain(recoveryCodes[0]);
      const id = (await staffRow(email)).id;
      expect(await auditOf('staff.second_factor_enrolled', `staff:${id}`)).toHaveLength(1);
      expect(await auditOf('staff.second_factor_failed', `staff:${id}`)).toHaveLength(1);
    });

    it('asks enrolled staff for a code and refuses the same code twice', async () => {
      clock.advance(30_000);
      const code = await totpCode(secret, epoch());
      const first = await passwordStep(email, 'enrol password');
      expect(first).toEqual({ step: 'CODE', challengeToken: expect.any(String) });
      const signedIn = await secondStep(first.challengeToken, { code });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.recoveryCodes).toBeNull();

      const again = await passwordStep(email, 'enrol password');
      const replayed = await secondStep(again.challengeToken, { code });
      expect(replayed).toMatchObject({ status: 401, body: { code: 'TOTP_CODE_REPLAYED' } });

      clock.advance(30_000);
      const next = await secondStep(again.challengeToken, {
        code: await totpCode(secret, epoch()),
      });
      expect(next.status).toBe(200);
    });

    it('takes each recovery code once', async () => {
      const step = await passwordStep(email, 'enrol password');
      const used = await secondStep(step.challengeToken, {
        recoveryCode: recoveryCodes[0]!.toLowerCase(),
      });
      expect(used.status).toBe(200);
      const next = await passwordStep(email, 'enrol password');
      const reused = await secondStep(next.challengeToken, { recoveryCode: recoveryCodes[0]! });
      expect(reused).toMatchObject({ status: 401, body: { code: 'RECOVERY_CODE_INVALID' } });
      const id = (await staffRow(email)).id;
      expect(await auditOf('staff.recovery_code_used', `staff:${id}`)).toHaveLength(1);
    });

    it('opens one session at most with a challenge, however right the next code', async () => {
      const id = (await staffRow(email)).id;
      const reusedBefore = (await auditOf('staff.sign_in_challenge_reused', `staff:${id}`)).length;
      clock.advance(30_000);
      const step = await passwordStep(email, 'enrol password');
      // A mistyped code leaves the challenge usable.
      expect((await secondStep(step.challengeToken, { code: '000000' })).status).toBe(401);
      const signedIn = await secondStep(step.challengeToken, {
        code: await totpCode(secret, epoch()),
      });
      expect(signedIn.status).toBe(200);
      // The same challenge with the next right code, or a recovery code, opens nothing.
      clock.advance(30_000);
      const again = await secondStep(step.challengeToken, {
        code: await totpCode(secret, epoch()),
      });
      expect(again).toMatchObject({
        status: 401,
        body: {
          code: 'SIGN_IN_CHALLENGE_USED',
          message: 'This sign-in step was used already, please enter your password again',
        },
      });
      expect(again.body.accessToken).toBeUndefined();
      const withRecovery = await secondStep(step.challengeToken, {
        recoveryCode: recoveryCodes[1]!,
      });
      expect(withRecovery).toMatchObject({ status: 401, body: { code: 'SIGN_IN_CHALLENGE_USED' } });
      // The recovery code was not spent on the refused attempt.
      const fresh = await passwordStep(email, 'enrol password');
      expect(
        (await secondStep(fresh.challengeToken, { recoveryCode: recoveryCodes[1]! })).status,
      ).toBe(200);
      expect(await auditOf('staff.sign_in_challenge_reused', `staff:${id}`)).toHaveLength(
        reusedBefore + 2,
      );
    });

    it('lets a challenge live five minutes', async () => {
      clock.advance(30_000);
      const step = await passwordStep(email, 'enrol password');
      clock.advance(5 * 60_000 + 1000);
      const late = await secondStep(step.challengeToken, {
        code: await totpCode(secret, epoch()),
      });
      expect(late).toMatchObject({ status: 401, body: { code: 'SIGN_IN_CHALLENGE_EXPIRED' } });
    });

    it('limits wrong codes and lets a challenge expire', async () => {
      const step = await passwordStep(email, 'enrol password');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1)
        statuses.push((await secondStep(step.challengeToken, { code: '123456' })).status);
      // The earlier refused code in this window counts too: at most five refusals, then 429.
      const limited = statuses.indexOf(429);
      expect(limited).toBeGreaterThanOrEqual(4);
      expect(statuses.slice(0, limited).every((status) => status === 401)).toBe(true);
      expect(statuses.slice(limited).every((status) => status === 429)).toBe(true);

      clock.advance(16 * 60_000);
      const late = await secondStep(step.challengeToken, {
        code: await totpCode(secret, epoch()),
      });
      expect(late).toMatchObject({ status: 401, body: { code: 'SIGN_IN_CHALLENGE_EXPIRED' } });
      const forged = await secondStep(admin.accessToken, { code: '123456' });
      expect(forged).toMatchObject({ status: 401, body: { code: 'SIGN_IN_CHALLENGE_EXPIRED' } });
    });
  });

  describe('managing staff', () => {
    // Access tokens live 15 minutes and the clock moves: the admin signs in afresh each time.
    beforeEach(async () => {
      clock.advance(30_000);
      admin = await staffLogin(call, 'admin@lender.test', 'admin password');
    });

    it('lets only admins manage staff', async () => {
      const officer = await staffLogin(call, 'officer@lender.test', 'officer password');
      const { session } = await register(call);
      const someone = (await staffRow('officer@lender.test')).id;
      const attempts: [string, string, unknown][] = [
        ['GET', STAFF_PATHS.list, undefined],
        ['POST', STAFF_PATHS.create, { name: 'X', email: 'x@lender.test', roles: ['ADMIN'] }],
        ['PUT', STAFF_PATHS.roles(someone), { roles: ['ADMIN'] }],
        ['POST', STAFF_PATHS.disable(someone), undefined],
        ['POST', STAFF_PATHS.enable(someone), undefined],
        ['POST', STAFF_PATHS.passwordLink(someone), undefined],
      ];
      for (const [method, url, body] of attempts) {
        expect(
          (await call(method as 'GET', url, { body, token: officer.accessToken })).status,
        ).toBe(403);
        expect(
          (await call(method as 'GET', url, { body, token: session.accessToken })).status,
        ).toBe(403);
        expect((await call(method as 'GET', url, { body })).status).toBe(401);
      }
      const list = await call('GET', STAFF_PATHS.list, { token: admin.accessToken });
      expect(list.status).toBe(200);
      expect(list.body.items.map((m: { email: string }) => m.email)).toContain(
        'officer@lender.test',
      );
    });

    it('creates a member who chooses a password through a single-use link', async () => {
      const created = await call('POST', STAFF_PATHS.create, {
        token: admin.accessToken,
        body: { name: 'Nurul Huda', email: ' Nurul@Lender.test ', roles: ['APPROVER'] },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        email: 'nurul@lender.test',
        roles: ['APPROVER'],
        passwordSet: false,
        secondFactorEnrolled: false,
        disabledAt: null,
      });
      expect(await auditOf('staff.created', `staff:${created.body.id}`)).toHaveLength(1);
      const duplicate = await call('POST', STAFF_PATHS.create, {
        token: admin.accessToken,
        body: { name: 'Again', email: 'nurul@lender.test', roles: ['APPROVER'] },
      });
      expect(duplicate).toMatchObject({ status: 409, body: { code: 'STAFF_EMAIL_EXISTS' } });

      const token = await lastLink('nurul@lender.test');
      expect(
        (await call('POST', STAFF_PATHS.checkPasswordLink, { body: { token } })).body.valid,
      ).toBe(true);
      const set = await call('POST', STAFF_PATHS.setPassword, {
        body: { token, password: 'nurul chose this' },
      });
      expect(set.status).toBe(204);
      const again = await call('POST', STAFF_PATHS.setPassword, {
        body: { token, password: 'someone else' },
      });
      expect(again).toMatchObject({ status: 401, body: { code: 'PASSWORD_LINK_INVALID' } });
      expect(
        (await call('POST', STAFF_PATHS.checkPasswordLink, { body: { token } })).body.valid,
      ).toBe(false);
      expect(await auditOf('staff.password_set', `staff:${created.body.id}`)).toHaveLength(1);
      const pair = await staffLogin(call, 'nurul@lender.test', 'nurul chose this');
      expect(pair.accessToken).toEqual(expect.any(String));
    });

    it('sends reset links that expire and replace the one before', async () => {
      const id = (await staffRow('nurul@lender.test')).id;
      const send = () => call('POST', STAFF_PATHS.passwordLink(id), { token: admin.accessToken });
      expect((await send()).status).toBe(204);
      const older = await lastLink('nurul@lender.test');
      expect((await send()).status).toBe(204);
      const newer = await lastLink('nurul@lender.test');
      expect(
        (
          await call('POST', STAFF_PATHS.setPassword, {
            body: { token: older, password: 'x'.repeat(9) },
          })
        ).status,
      ).toBe(401);
      clock.advance(31 * 60_000);
      expect(
        (
          await call('POST', STAFF_PATHS.setPassword, {
            body: { token: newer, password: 'x'.repeat(9) },
          })
        ).body.code,
      ).toBe('PASSWORD_LINK_INVALID');
      expect(await auditOf('staff.password_link_sent', `staff:${id}`)).toHaveLength(2);
    });

    it('ends a disabled member’s sessions at once, and lets them back when enabled', async () => {
      await addStaff(t.db.orm, 'leaving@lender.test', 'leaving password', ['ADMIN']);
      const id = (await staffRow('leaving@lender.test')).id;
      const theirs = await staffLogin(call, 'leaving@lender.test', 'leaving password');
      expect((await call('GET', STAFF_PATHS.list, { token: theirs.accessToken })).status).toBe(200);

      const disabled = await call('POST', STAFF_PATHS.disable(id), { token: admin.accessToken });
      expect(disabled.status).toBe(200);
      expect(disabled.body.disabledAt).toEqual(expect.any(String));
      expect((await call('GET', STAFF_PATHS.list, { token: theirs.accessToken })).status).toBe(401);
      expect(
        (
          await call('POST', AUTH_PATHS.staffRefresh, {
            body: { refreshToken: theirs.refreshToken },
          })
        ).status,
      ).toBe(401);
      expect(
        (
          await call('POST', AUTH_PATHS.staffLogin, {
            body: { email: 'leaving@lender.test', password: 'leaving password' },
          })
        ).status,
      ).toBe(401);
      expect(await auditOf('staff.disabled', `staff:${id}`)).toHaveLength(1);

      expect(
        (await call('POST', STAFF_PATHS.enable(id), { token: admin.accessToken })).status,
      ).toBe(200);
      expect(await auditOf('staff.enabled', `staff:${id}`)).toHaveLength(1);
      await staffLogin(call, 'leaving@lender.test', 'leaving password');
    });

    it('changes roles, ending the sessions of a member who lost one', async () => {
      const id = (await staffRow('officer@lender.test')).id;
      const theirs = await staffLogin(call, 'officer@lender.test', 'officer password');
      const given = await call('PUT', STAFF_PATHS.roles(id), {
        token: admin.accessToken,
        body: { roles: ['CREDIT_OFFICER', 'ADMIN'] },
      });
      expect(given.body.roles).toEqual(['CREDIT_OFFICER', 'ADMIN']);
      const upgraded = await staffLogin(call, 'officer@lender.test', 'officer password');
      expect((await call('GET', STAFF_PATHS.list, { token: upgraded.accessToken })).status).toBe(
        200,
      );
      const taken = await call('PUT', STAFF_PATHS.roles(id), {
        token: admin.accessToken,
        body: { roles: ['CREDIT_OFFICER'] },
      });
      expect(taken.status).toBe(200);
      expect((await call('GET', STAFF_PATHS.list, { token: upgraded.accessToken })).status).toBe(
        401,
      );
      expect(
        (
          await call('POST', AUTH_PATHS.staffRefresh, {
            body: { refreshToken: theirs.refreshToken },
          })
        ).status,
      ).toBe(401);
      const [change] = await auditOf('staff.roles_changed', `staff:${id}`);
      expect(change).toMatchObject({
        actor: expect.stringMatching(/^staff:/),
        detail: { from: ['CREDIT_OFFICER'], to: ['CREDIT_OFFICER', 'ADMIN'] },
      });
    });

    it('never lets an admin disable themself or remove the last admin', async () => {
      const adminId = (await staffRow('admin@lender.test')).id;
      const self = await call('POST', STAFF_PATHS.disable(adminId), { token: admin.accessToken });
      expect(self).toMatchObject({ status: 409, body: { code: 'STAFF_SELF_DISABLE' } });

      // The only other admin goes; the last one cannot lose the role.
      const other = (await staffRow('leaving@lender.test')).id;
      expect(
        (await call('POST', STAFF_PATHS.disable(other), { token: admin.accessToken })).status,
      ).toBe(200);
      const last = await call('PUT', STAFF_PATHS.roles(adminId), {
        token: admin.accessToken,
        body: { roles: ['APPROVER'] },
      });
      expect(last).toMatchObject({ status: 409, body: { code: 'STAFF_LAST_ADMIN' } });
      expect((await staffRow('admin@lender.test')).roles).toEqual(['ADMIN']);
    });
  });
});
