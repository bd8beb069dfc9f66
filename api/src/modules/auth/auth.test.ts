import { AUTH_PATHS } from '@lending/contracts';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';

import { auditLog, authSessions } from '../../db/schema';
import { type FixedClock, fixedClock } from '../../kernel/clock';
import {
  addStaff,
  type Caller,
  caller,
  claimsOf,
  LOCAL_CLIENT,
  login,
  newPerson,
  nextIp,
  register,
  solveCaptcha,
  staffLogin,
} from '../../testing/auth-helpers';
import { databases, openTestApp, type TestApp, testsOn } from '../../testing/test-db';
import { seedFirstAdmin } from './staff-seed';

const MINUTE = 60 * 1000;

describe.each(databases('concurrency'))('accounts and sessions on %s', (kind) => {
  // The blocks holding tests that run everywhere are `globalThis.describe`.
  const { it, describe, everywhere } = testsOn(kind);
  let t: TestApp;
  let call: Caller;
  let clock: FixedClock;

  beforeAll(async () => {
    clock = fixedClock(new Date());
    t = await openTestApp(kind, { clock, jwtSecret: 'test-signing-secret-of-at-least-32-chars' });
    call = caller(t.app);
  });
  afterAll(() => t.close());

  const me = (token: string | null) => call('GET', AUTH_PATHS.userMe, { token });
  const auditActions = async (subject: string) =>
    (await t.db.orm.select().from(auditLog).where(eq(auditLog.subject, subject))).map(
      (row) => row.action,
    );

  describe('registration', () => {
    it('opens an account, signs the person in and keeps the email normalised', async () => {
      const person = newPerson({ email: '  Nur.Aina@Example.COM ' });
      const { session } = await register(call, person);
      expect(session).toMatchObject({
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
        redOneJwt: null,
        applicationDetails: [],
        agreementDetails: null,
        userDetails: {
          email: 'nur.aina@example.com',
          firstName: person.firstName,
          role: 'APPLICANT',
        },
      });
      const { status, body } = await me(session.accessToken);
      expect(status).toBe(200);
      expect(body.email).toBe('nur.aina@example.com');
      expect(claimsOf(session.accessToken)).toMatchObject({
        aud: 'applicant',
        sub: body.id,
        tenant: 'arkcash',
        iss: 'lending-api',
      });
      const lifetime =
        (claimsOf(session.accessToken).exp as number) -
        (claimsOf(session.accessToken).iat as number);
      expect(lifetime).toBe(15 * 60);
    });

    it('refuses an email or a phone number that already has an account on the tenant', async () => {
      const { person } = await register(call);
      const captchaToken = await solveCaptcha(call);
      const again = await call('POST', AUTH_PATHS.register, {
        body: { ...newPerson(), email: person.email.toUpperCase(), captchaToken },
      });
      expect(again).toMatchObject({ status: 409, body: { message: 'Email already exists' } });
      const samePhone = await call('POST', AUTH_PATHS.register, {
        body: { ...newPerson(), phoneNo: person.phoneNo, captchaToken: await solveCaptcha(call) },
      });
      expect(samePhone).toMatchObject({
        status: 409,
        body: { message: 'Phone number already exists' },
      });
      // The other tenant is another lender's book: the same person may open an account there.
      await expect(register(call, person, 'redcash')).resolves.toBeDefined();
    });

    it('needs a bot check that was really passed, and each pass works once', async () => {
      const person = newPerson();
      expect(await call('POST', AUTH_PATHS.register, { body: person })).toMatchObject({
        status: 400,
        body: { message: 'Please complete the bot check' },
      });
      expect(
        await call('POST', AUTH_PATHS.register, {
          body: { ...person, captchaToken: 'sandbox.made-up' },
        }),
      ).toMatchObject({
        status: 400,
        body: { message: 'The bot check has expired, please tick it again' },
      });
      const captchaToken = await solveCaptcha(call);
      expect(
        (await call('POST', AUTH_PATHS.register, { body: { ...person, captchaToken } })).status,
      ).toBe(201);
      const spent = await call('POST', AUTH_PATHS.register, {
        body: { ...newPerson(), captchaToken },
      });
      expect(spent.status).toBe(400);
    });

    it('checks the fields on the server with messages a person can read', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ password: 'short' }, 'Password must be at least 8 characters'],
        [{ email: 'not-an-email' }, 'Please enter a valid email'],
        [{ phoneNo: '012-3456789' }, 'Please enter a valid phone number with its country code'],
        [{ firstName: '' }, 'Please enter your name'],
        [{ password: 'x'.repeat(1025) }, 'password must be at most 1024 characters'],
      ];
      for (const [change, message] of cases) {
        const result = await call('POST', AUTH_PATHS.register, {
          body: { ...newPerson(), ...change, captchaToken: await solveCaptcha(call) },
        });
        expect({ status: result.status, message: result.body.message }).toEqual({
          status: 400,
          message,
        });
      }
    });

    it('takes the language from the path on the user-creation path, and the tenant from the redcash path', async () => {
      const person = newPerson({ language: 'EN' });
      const created = await call('POST', AUTH_PATHS.createUser('ms'), {
        body: { ...person, captchaToken: await solveCaptcha(call) },
      });
      expect(created).toMatchObject({ status: 201, body: { userDetails: { language: 'MS' } } });
      const redcash = await call('POST', AUTH_PATHS.createRedcashUser, {
        body: { ...newPerson(), captchaToken: await solveCaptcha(call) },
      });
      expect(redcash.status).toBe(201);
      expect(claimsOf(redcash.body.accessToken).tenant).toBe('redcash');
    });
  });

  globalThis.describe('sign-in', () => {
    it('signs in with a trimmed, lower-cased email and writes an audit row', async () => {
      const { person, session } = await register(call);
      const result = await login(call, `  ${person.email.toUpperCase()} `, person.password);
      expect(result.status).toBe(200);
      expect(result.body.userDetails.id).toBe(session.userDetails!.id);
      expect(await auditActions(`user:${session.userDetails!.id}`)).toEqual(
        expect.arrayContaining(['auth.register', 'auth.login']),
      );
    });

    it('answers a wrong password and an unknown email alike', async () => {
      const { person } = await register(call);
      const wrong = await login(call, person.email, 'not the password');
      const unknown = await login(call, 'nobody.here@example.com', 'not the password');
      expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid email or password' } });
      expect(unknown.body).toEqual(wrong.body);
      const [failure] = await t.db.orm
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'auth.login_failed'))
        .limit(1);
      expect(failure).toMatchObject({ actor: null, detail: { tenant: 'arkcash' } });
    });

    everywhere(
      'spends the pass whether or not the password is right: one tick, one attempt',
      async () => {
        const { person } = await register(call);
        const expired = {
          status: 400,
          body: { message: 'The bot check has expired, please tick it again' },
        };
        const wrongOnce = await solveCaptcha(call);
        const attempt = (password: string, captchaToken: string) =>
          call('POST', AUTH_PATHS.login, { body: { email: person.email, password, captchaToken } });
        expect((await attempt('not the password', wrongOnce)).status).toBe(401);
        expect(await attempt(person.password, wrongOnce)).toMatchObject(expired);
        const rightOnce = await solveCaptcha(call);
        expect((await attempt(person.password, rightOnce)).status).toBe(200);
        expect(await attempt(person.password, rightOnce)).toMatchObject(expired);
        expect(await attempt(person.password, 'sandbox.made-up')).toMatchObject(expired);
        // An unknown email spends its pass too, so the pass does not tell whether an account exists.
        const unknownOnce = await solveCaptcha(call);
        const nobody = (captchaToken: string) =>
          call('POST', AUTH_PATHS.login, {
            body: { email: 'nobody.here@example.com', password: 'x'.repeat(8), captchaToken },
          });
        expect((await nobody(unknownOnce)).status).toBe(401);
        expect(await nobody(unknownOnce)).toMatchObject(expired);
      },
    );

    it('does not spend a pass that has expired', async () => {
      const { person } = await register(call);
      const captchaToken = await solveCaptcha(call);
      clock.advance(11 * MINUTE);
      expect(
        await call('POST', AUTH_PATHS.login, {
          body: { email: person.email, password: person.password, captchaToken },
        }),
      ).toMatchObject({
        status: 400,
        body: { message: 'The bot check has expired, please tick it again' },
      });
    });

    it('needs the bot check', async () => {
      const { person } = await register(call);
      const result = await call('POST', AUTH_PATHS.login, {
        body: { email: person.email, password: person.password },
      });
      expect(result).toMatchObject({
        status: 400,
        body: { message: 'Please complete the bot check' },
      });
    });

    it('takes a long password whole', async () => {
      const head = 'p'.repeat(72);
      const { person } = await register(call, newPerson({ password: head + 'q'.repeat(128) }));
      expect((await login(call, person.email, person.password)).status).toBe(200);
      expect((await login(call, person.email, head)).status).toBe(401);
      expect((await login(call, person.email, head + 'r'.repeat(128))).status).toBe(401);
    });

    it('slows down guessing at one account from one address without locking the owner out', async () => {
      const { person } = await register(call);
      const attacker = nextIp();
      for (let i = 0; i < 5; i += 1) {
        expect(
          (await login(call, person.email, `guess number ${i}`, { ip: attacker })).status,
        ).toBe(401);
      }
      const limited = await login(call, person.email, person.password, { ip: attacker });
      expect(limited).toMatchObject({
        status: 429,
        body: {
          statusCode: 429,
          message: expect.stringMatching(/^Too many attempts, please try again in /),
        },
      });
      // The owner, elsewhere, signs in as usual.
      expect((await login(call, person.email, person.password, { ip: nextIp() })).status).toBe(200);
      // And the window passes.
      clock.advance(16 * MINUTE);
      expect((await login(call, person.email, person.password, { ip: attacker })).status).toBe(200);
    });

    it('locks an account guessed at from many addresses, tells its owner in their language, and answers an email without an account alike', async () => {
      const { person, session } = await register(call, newPerson({ language: 'MS' }));
      const nobody = `nobody.${Date.now()}@example.com`;
      for (const email of [person.email, nobody]) {
        // Ten wrong passwords, each from an address of its own: none is slowed down alone.
        for (let i = 0; i < 10; i += 1) {
          expect((await login(call, email, `guess number ${i}`)).status).toBe(401);
        }
      }
      // Locked for everyone, the right password included, and alike for both emails.
      for (const email of [person.email, nobody]) {
        const locked = await login(call, email, person.password);
        expect(locked).toMatchObject({
          status: 429,
          body: {
            code: 'SIGN_IN_LOCKED',
            message:
              'This account is locked after too many failed sign-ins, please try again in 15 minutes',
          },
        });
      }
      const inMalay = await t.app.inject({
        method: 'POST',
        url: AUTH_PATHS.login,
        remoteAddress: nextIp(),
        headers: { 'accept-language': 'ms' },
        payload: { email: person.email, password: person.password, captchaToken: 'x' },
      });
      expect(inMalay.json()).toMatchObject({
        code: 'SIGN_IN_LOCKED',
        message:
          'Akaun ini dikunci selepas terlalu banyak log masuk yang gagal, sila cuba lagi dalam 15 minit',
      });

      // The owner is told once, in the language they chose; nobody else is written to.
      await t.app.settle();
      const outbox = async (to: string) =>
        (
          await call(
            'GET',
            `${AUTH_PATHS.sandboxOutbox}?to=${encodeURIComponent(to)}`,
            LOCAL_CLIENT,
          )
        ).body as { subject: string; body: string; links: string[] }[];
      // The link names the address the request came to, as every link of the API does.
      const notices = (await outbox(person.email)).filter((mail) => /dikunci/.test(mail.subject));
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        subject: 'Akaun anda telah dikunci selepas log masuk yang gagal',
        links: ['http://localhost/reset-password-request'],
      });
      expect(notices[0]!.body).toContain('15 minit');
      expect(await outbox(nobody)).toEqual([]);
      expect(await auditActions(`user:${session.userDetails!.id}`)).toContain(
        'auth.account_locked',
      );

      // The window passes and the owner signs in.
      clock.advance(16 * MINUTE);
      expect((await login(call, person.email, person.password)).status).toBe(200);
    });

    it('has no telecom token for an email sign-in, on either tenant', async () => {
      const { person } = await register(call, newPerson(), 'redcash');
      const signedIn = await login(call, person.email, person.password, { tenant: 'redcash' });
      expect(signedIn).toMatchObject({ status: 200, body: { redOneJwt: null } });
    });
  });

  describe('access tokens', () => {
    it('refuses no token, a forged one, an unsigned one, another audience and an expired one', async () => {
      const { session } = await register(call);
      const token = session.accessToken;
      expect((await me(null)).status).toBe(401);
      const [header, payload] = token.split('.');
      const forged = `${header}.${payload}.${'A'.repeat(43)}`;
      expect((await me(forged)).status).toBe(401);
      const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      expect((await me(unsigned)).status).toBe(401);
      const claims = claimsOf(token);
      const otherKey = new TextEncoder().encode('another-secret-that-is-long-enough-0000');
      const foreign = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(otherKey);
      expect((await me(foreign)).status).toBe(401);
      const key = new TextEncoder().encode('test-signing-secret-of-at-least-32-chars');
      const wrongAudience = await new SignJWT({ ...claims, aud: 'mobile' })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(key);
      expect((await me(wrongAudience)).status).toBe(401);
      expect((await me(token)).status).toBe(200);
      clock.advance(15 * MINUTE + 1000);
      expect((await me(token)).status).toBe(401);
    });
  });

  globalThis.describe('refresh', () => {
    everywhere(
      'swaps the refresh token on every use; reusing one ends the whole session',
      async () => {
        const { session } = await register(call);
        const first = await call('POST', AUTH_PATHS.refresh, {
          body: { refreshToken: session.refreshToken },
        });
        expect(first.status).toBe(200);
        expect(first.body.refreshToken).not.toBe(session.refreshToken);
        expect((await me(first.body.accessToken)).status).toBe(200);
        const second = await call('POST', AUTH_PATHS.refresh, {
          body: { refreshToken: first.body.refreshToken },
        });
        expect(second.status).toBe(200);

        // The first token shows up again: someone copied it. Everything of this sign-in stops.
        const replay = await call('POST', AUTH_PATHS.refresh, {
          body: { refreshToken: session.refreshToken },
        });
        expect(replay).toMatchObject({
          status: 401,
          body: { message: 'Session expired, please login again' },
        });
        expect(
          (
            await call('POST', AUTH_PATHS.refresh, {
              body: { refreshToken: second.body.refreshToken },
            })
          ).status,
        ).toBe(401);
        expect((await me(second.body.accessToken)).status).toBe(401);
        expect(await auditActions(`user:${session.userDetails!.id}`)).toContain(
          'auth.refresh_reuse',
        );
      },
    );

    it('refuses an unknown token, an expired one and a staff token', async () => {
      expect(
        (await call('POST', AUTH_PATHS.refresh, { body: { refreshToken: 'nope' } })).status,
      ).toBe(401);
      const { session } = await register(call);
      clock.advance(25 * 60 * MINUTE);
      expect(
        (await call('POST', AUTH_PATHS.refresh, { body: { refreshToken: session.refreshToken } }))
          .status,
      ).toBe(401);
    });

    everywhere('lets only one of two requests racing with the same token win', async () => {
      const { session } = await register(call);
      const results = await Promise.all([
        call('POST', AUTH_PATHS.refresh, { body: { refreshToken: session.refreshToken } }),
        call('POST', AUTH_PATHS.refresh, { body: { refreshToken: session.refreshToken } }),
      ]);
      expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    });
  });

  describe('logout', () => {
    it('ends the session: its access and refresh tokens stop working', async () => {
      const { session } = await register(call);
      const out = await call('POST', AUTH_PATHS.logout, {
        body: { refreshToken: session.refreshToken },
      });
      expect(out.status).toBe(204);
      expect((await me(session.accessToken)).status).toBe(401);
      expect(
        (await call('POST', AUTH_PATHS.refresh, { body: { refreshToken: session.refreshToken } }))
          .status,
      ).toBe(401);
      expect(await auditActions(`user:${session.userDetails!.id}`)).toContain('auth.logout');
      // Unknown tokens get the same quiet answer.
      expect(
        (await call('POST', AUTH_PATHS.logout, { body: { refreshToken: 'unknown' } })).status,
      ).toBe(204);
    });
  });

  describe('password reset', () => {
    async function resetLink(email: string): Promise<string> {
      await t.app.settle();
      const { body } = await call(
        'GET',
        `${AUTH_PATHS.sandboxOutbox}?to=${encodeURIComponent(email)}`,
        LOCAL_CLIENT,
      );
      const link = body[0]?.links[0] as string | undefined;
      if (!link) throw new Error('no reset email');
      return new URL(link).searchParams.get('token')!;
    }

    it('emails a single-use link; the new password works and every session ends', async () => {
      const { person, session } = await register(call, newPerson({ language: 'MS' }));
      const asked = await call('POST', AUTH_PATHS.requestResetPassword, {
        body: { email: person.email, captchaToken: await solveCaptcha(call) },
      });
      expect(asked).toEqual({
        status: 200,
        body: {
          message: 'If an account exists for this email, we have sent a link to reset the password',
        },
        headers: expect.anything(),
      });
      await t.app.settle();
      const { body: mails } = await call(
        'GET',
        `${AUTH_PATHS.sandboxOutbox}?to=${encodeURIComponent(person.email)}`,
        LOCAL_CLIENT,
      );
      expect(mails[0]).toMatchObject({
        channel: 'email',
        subject: 'Tetapkan semula kata laluan anda',
      });
      expect(mails[0].links[0]).toMatch(/^http:\/\/localhost\/reset-password\?token=/);
      const token = await resetLink(person.email);

      expect((await call('POST', AUTH_PATHS.checkResetToken, { body: { token } })).body).toEqual({
        valid: true,
      });
      const reset = await call('PATCH', AUTH_PATHS.resetPassword, {
        token,
        body: { password: 'a brand new password' },
      });
      expect(reset.status).toBe(204);
      expect((await call('POST', AUTH_PATHS.checkResetToken, { body: { token } })).body).toEqual({
        valid: false,
      });
      expect(
        (
          await call('PATCH', AUTH_PATHS.resetPassword, {
            token,
            body: { password: 'yet another one' },
          })
        ).status,
      ).toBe(401);
      expect((await me(session.accessToken)).status).toBe(401);
      expect((await login(call, person.email, person.password)).status).toBe(401);
      expect((await login(call, person.email, 'a brand new password')).status).toBe(200);
      expect(await auditActions(`user:${session.userDetails!.id}`)).toEqual(
        expect.arrayContaining(['auth.password_reset_requested', 'auth.password_reset']),
      );
    });

    it('answers the same for an email without an account and sends nothing', async () => {
      const email = `nobody.${Date.now()}@example.com`;
      const asked = await call('POST', AUTH_PATHS.requestResetPassword, {
        body: { email, captchaToken: await solveCaptcha(call) },
      });
      expect(asked.status).toBe(200);
      expect(asked.body.message).toBe(
        'If an account exists for this email, we have sent a link to reset the password',
      );
      await t.app.settle();
      expect(
        (await call('GET', `${AUTH_PATHS.sandboxOutbox}?to=${email}`, LOCAL_CLIENT)).body,
      ).toEqual([]);
    });

    it('lets a link expire after 30 minutes and refuses a made-up one', async () => {
      const { person } = await register(call);
      await call('POST', AUTH_PATHS.requestResetPassword, {
        body: { email: person.email, captchaToken: await solveCaptcha(call) },
      });
      const token = await resetLink(person.email);
      clock.advance(31 * MINUTE);
      expect((await call('POST', AUTH_PATHS.checkResetToken, { body: { token } })).body).toEqual({
        valid: false,
      });
      expect(
        await call('PATCH', AUTH_PATHS.resetPassword, {
          token,
          body: { password: 'a brand new password' },
        }),
      ).toMatchObject({
        status: 401,
        body: { message: 'This reset link is invalid or has expired' },
      });
      expect(
        (
          await call('PATCH', AUTH_PATHS.resetPassword, {
            body: { password: 'a brand new password' },
          })
        ).status,
      ).toBe(401);
    });

    it('limits reset requests for one email from one address', async () => {
      const ip = nextIp();
      const email = 'someone.busy@example.com';
      for (let i = 0; i < 3; i += 1) {
        const ok = await call('POST', AUTH_PATHS.requestResetPassword, {
          body: { email, captchaToken: await solveCaptcha(call) },
          ip,
        });
        expect(ok.status).toBe(200);
      }
      const limited = await call('POST', AUTH_PATHS.requestResetPassword, {
        body: { email, captchaToken: await solveCaptcha(call) },
        ip,
      });
      expect(limited.status).toBe(429);
    });
  });

  describe('changing the password', () => {
    it('needs the current password, then ends the other sessions but not this one', async () => {
      const { person, session } = await register(call);
      const other = await login(call, person.email, person.password);
      const wrong = await call('PATCH', AUTH_PATHS.updatePassword, {
        token: session.accessToken,
        body: { currentPassword: 'not it at all', newPassword: 'the next password' },
      });
      expect(wrong).toMatchObject({
        status: 400,
        body: { message: 'Your current password is incorrect' },
      });
      const changed = await call('PATCH', AUTH_PATHS.updatePassword, {
        token: session.accessToken,
        body: { currentPassword: person.password, newPassword: 'the next password' },
      });
      expect(changed.status).toBe(204);
      expect((await me(session.accessToken)).status).toBe(200);
      expect((await me(other.body.accessToken)).status).toBe(401);
      expect((await login(call, person.email, 'the next password')).status).toBe(200);
      expect(await auditActions(`user:${session.userDetails!.id}`)).toContain(
        'auth.password_changed',
      );
    });
  });

  describe('captcha', () => {
    it('says which bot check runs and verifies a pass without spending it', async () => {
      expect((await call('GET', AUTH_PATHS.captchaConfig)).body).toEqual({
        provider: 'sandbox',
        siteKey: null,
      });
      const token = await solveCaptcha(call);
      expect((await call('POST', AUTH_PATHS.captchaVerify, { body: { token } })).body).toEqual({
        success: true,
      });
      expect((await call('POST', AUTH_PATHS.captchaVerify, { body: { token } })).body).toEqual({
        success: true,
      });
      expect(
        (await call('POST', AUTH_PATHS.captchaVerify, { body: { token: 'sandbox.forged' } })).body,
      ).toEqual({
        success: false,
      });
    });

    it('limits verification calls from one address', async () => {
      const ip = nextIp();
      let last = 0;
      for (let i = 0; i < 31; i += 1) {
        last = (await call('POST', AUTH_PATHS.captchaVerify, { body: { token: 'x' }, ip })).status;
      }
      expect(last).toBe(429);
    });
  });

  globalThis.describe('staff sign-in', () => {
    beforeAll(async () => {
      expect(
        await seedFirstAdmin(t.db.orm, {
          email: ' Admin@Lender.test ',
          password: 'admin password 1',
        }),
      ).toBe('created');
      expect(await seedFirstAdmin(t.db.orm, { email: 'second@lender.test', password: 'x' })).toBe(
        'exists',
      );
    });

    it('gives the staff id, name and roles in a staff token, refreshes it and refuses wrong passwords', async () => {
      const pair = await staffLogin(call, 'admin@lender.test', 'admin password 1');
      expect(claimsOf(pair.accessToken)).toMatchObject({
        aud: 'staff',
        email: 'admin@lender.test',
        name: expect.any(String),
        roles: ['ADMIN'],
        sub: expect.any(String),
      });
      const wrong = await call('POST', AUTH_PATHS.staffLogin, {
        body: { email: 'admin@lender.test', password: 'nope nope' },
      });
      expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid credentials' } });
      const refreshed = await call('POST', AUTH_PATHS.staffRefresh, {
        body: { refreshToken: pair.refreshToken },
      });
      expect(refreshed.status).toBe(200);
      // Applicant and staff refresh tokens do not cross over.
      expect(
        (
          await call('POST', AUTH_PATHS.refresh, {
            body: { refreshToken: refreshed.body.refreshToken },
          })
        ).status,
      ).toBe(401);
      // A staff token is not an applicant's.
      expect((await me(pair.accessToken)).status).toBe(403);
      const out = await call('POST', AUTH_PATHS.staffLogout, {
        body: { refreshToken: refreshed.body.refreshToken },
      });
      expect(out.status).toBe(204);
      const sessions = await t.db.orm
        .select()
        .from(authSessions)
        .where(and(eq(authSessions.audience, 'staff'), eq(authSessions.revokeReason, 'logout')));
      expect(sessions.length).toBeGreaterThan(0);
    });

    it('locks a staff account guessed at from many addresses and tells the member in both languages', async () => {
      const member = { email: `officer.${Date.now()}@lender.test`, password: 'officer password 1' };
      await addStaff(t.db.orm, member.email, member.password, ['CREDIT_OFFICER']);
      const attempt = (password: string) =>
        t.app.inject({
          method: 'POST',
          url: AUTH_PATHS.staffLogin,
          remoteAddress: nextIp(),
          payload: { email: member.email, password },
        });
      for (let i = 0; i < 10; i += 1) expect((await attempt(`guess ${i}`)).statusCode).toBe(401);
      const locked = await attempt(member.password);
      expect([locked.statusCode, locked.json().code]).toEqual([429, 'SIGN_IN_LOCKED']);
      await t.app.settle();
      const { body: mails } = await call(
        'GET',
        `${AUTH_PATHS.sandboxOutbox}?to=${encodeURIComponent(member.email)}`,
        LOCAL_CLIENT,
      );
      const notice = (mails as { subject: string; body: string; links: string[] }[]).find((mail) =>
        /locked/.test(mail.subject),
      );
      expect(notice).toMatchObject({
        subject:
          'Akaun anda telah dikunci selepas log masuk yang gagal / Your account was locked after failed sign-ins',
        links: [],
      });
      expect(notice!.body).toContain('maklumkan kepada pentadbir');
      expect(notice!.body).toContain('tell an administrator');
      clock.advance(16 * MINUTE);
      expect((await attempt(member.password)).statusCode).toBe(200);
    });

    it('keeps a member at work signed in past the access token, and ends an idle session', async () => {
      await addStaff(t.db.orm, 'working@lender.test', 'working password', ['APPROVER']);
      const staffMe = (token: string) => call('GET', '/api/admin/applications', { token });
      let pair = await staffLogin(call, 'working@lender.test', 'working password');
      // Working for an hour: the page swaps the tokens before each access token ends.
      for (let minute = 0; minute < 60; minute += 13) {
        clock.advance(13 * MINUTE);
        expect((await staffMe(pair.accessToken)).status).toBe(200);
        const swapped = await call('POST', AUTH_PATHS.staffRefresh, {
          body: { refreshToken: pair.refreshToken },
        });
        expect(swapped.status).toBe(200);
        pair = swapped.body;
      }
      expect((await staffMe(pair.accessToken)).status).toBe(200);
      // Then nobody touches the session for the access token's 15 minutes plus 15 idle ones.
      clock.advance(30 * MINUTE + 1000);
      expect((await staffMe(pair.accessToken)).status).toBe(401);
      const late = await call('POST', AUTH_PATHS.staffRefresh, {
        body: { refreshToken: pair.refreshToken },
      });
      expect(late).toMatchObject({
        status: 401,
        body: { message: 'Session expired, please login again' },
      });
    });

    everywhere('ends the whole staff session when a refresh token is used twice', async () => {
      await addStaff(t.db.orm, 'copied@lender.test', 'copied password', ['CREDIT_OFFICER']);
      const pair = await staffLogin(call, 'copied@lender.test', 'copied password');
      const first = await call('POST', AUTH_PATHS.staffRefresh, {
        body: { refreshToken: pair.refreshToken },
      });
      expect(first.status).toBe(200);
      const replay = await call('POST', AUTH_PATHS.staffRefresh, {
        body: { refreshToken: pair.refreshToken },
      });
      expect(replay.status).toBe(401);
      expect(
        (
          await call('POST', AUTH_PATHS.staffRefresh, {
            body: { refreshToken: first.body.refreshToken },
          })
        ).status,
      ).toBe(401);
      expect(
        (await call('GET', '/api/admin/applications', { token: first.body.accessToken })).status,
      ).toBe(401);
      const id = claimsOf(pair.accessToken).sub as string;
      expect(await auditActions(`staff:${id}`)).toContain('staff.refresh_reuse');
    });

    it('seeds nobody when the first admin is not configured', async () => {
      const fresh = await openTestApp(kind);
      try {
        expect(await seedFirstAdmin(fresh.db.orm, null)).toBe('not-configured');
      } finally {
        await fresh.close();
      }
    });

    it('keeps roles the staff member has', async () => {
      await addStaff(t.db.orm, 'officer@lender.test', 'officer password', ['CREDIT_OFFICER']);
      const pair = await staffLogin(call, 'officer@lender.test', 'officer password');
      expect(claimsOf(pair.accessToken).roles).toEqual(['CREDIT_OFFICER']);
    });
  });

  describe('sandbox outbox page', () => {
    it('shows sent messages with clickable links', async () => {
      const { person } = await register(call);
      await call('POST', AUTH_PATHS.requestResetPassword, {
        body: { email: person.email, captchaToken: await solveCaptcha(call) },
      });
      await t.app.settle();
      const page = await call(
        'GET',
        `${AUTH_PATHS.sandboxOutboxPage}?to=${encodeURIComponent(person.email)}`,
        LOCAL_CLIENT,
      );
      expect(page.status).toBe(200);
      expect(String(page.headers['content-type'])).toMatch(/text\/html/);
      expect(page.body).toContain('Reset your password');
      // Its stylesheet runs under a nonce; nothing inline without it.
      const nonce = /<style nonce="([^"]+)">/.exec(page.body)?.[1];
      expect(String(page.headers['content-security-policy'])).toContain(
        `style-src 'nonce-${nonce}'`,
      );
      expect(String(page.headers['content-security-policy'])).not.toContain('unsafe-inline');
      expect(page.body).toMatch(/<a href="http:\/\/localhost\/reset-password\?token=[\w-]+">/);
    });
  });
});

describe.each(databases('concurrency'))('signing in with reCAPTCHA on %s', (kind) => {
  // Google's siteverify as the adapter sees it: each token it issued is good for one answer.
  const issued = new Set<string>();
  const asked: string[] = [];
  const siteverify: typeof fetch = async (_url, init) => {
    const token = new URLSearchParams(String(init?.body)).get('response')!;
    asked.push(token);
    const success = issued.delete(token);
    return new Response(JSON.stringify({ success }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  const googleIssues = (token: string) => {
    issued.add(token);
    return token;
  };
  let t: TestApp;
  let call: Caller;
  beforeAll(async () => {
    t = await openTestApp(kind, {
      captcha: { provider: 'recaptcha-v2', siteKey: 'site', secret: 'secret', fetch: siteverify },
    });
    call = caller(t.app);
  });
  afterAll(() => t.close());

  async function account() {
    const person = newPerson();
    const captchaToken = googleIssues(`register-${person.email}`);
    expect(
      (await call('POST', AUTH_PATHS.register, { body: { ...person, captchaToken } })).status,
    ).toBe(201);
    return person;
  }
  const attempt = (email: string, password: string, captchaToken: string) =>
    call('POST', AUTH_PATHS.login, { body: { email, password, captchaToken } });

  it('spends a token the page verified first without asking Google again', async () => {
    const person = await account();
    const token = googleIssues(`checked-${person.email}`);
    expect((await call('POST', AUTH_PATHS.captchaVerify, { body: { token } })).body).toEqual({
      success: true,
    });
    expect(asked.filter((t) => t === token)).toHaveLength(1);
    expect((await attempt(person.email, person.password, token)).status).toBe(200);
    expect(asked.filter((t) => t === token)).toHaveLength(1);
    expect((await attempt(person.email, person.password, token)).status).toBe(400);
  });

  it('asks Google about a token the page did not verify, once', async () => {
    const person = await account();
    const token = googleIssues(`unchecked-${person.email}`);
    expect((await attempt(person.email, person.password, token)).status).toBe(200);
    expect(await attempt(person.email, person.password, token)).toMatchObject({
      status: 400,
      body: { message: 'The bot check has expired, please tick it again' },
    });
    expect((await attempt(person.email, person.password, 'never-issued')).status).toBe(400);
  });
});

describe.each(databases('concurrency'))('outside the sandbox on %s', (kind) => {
  it('serves no outbox and no sandbox captcha when real providers are configured', async () => {
    const t = await openTestApp(kind, {
      email: { provider: 'smtp', url: 'smtp://127.0.0.1:2525', from: 'no-reply@example.com' },
      captcha: { provider: 'recaptcha-v2', siteKey: 'site-key', secret: 'secret' },
    });
    try {
      const call = caller(t.app);
      expect((await call('GET', AUTH_PATHS.sandboxOutbox)).status).toBe(404);
      expect((await call('POST', AUTH_PATHS.sandboxCaptchaSolve)).status).toBe(404);
      expect((await call('GET', AUTH_PATHS.captchaConfig)).body).toEqual({
        provider: 'recaptcha-v2',
        siteKey: 'site-key',
      });
    } finally {
      await t.close();
    }
  });
});
