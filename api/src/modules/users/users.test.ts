import { AUTH_PATHS, type LoginResponse, type TokenPair } from '@lending/contracts';

import type { newPerson } from '../../testing/auth-helpers';
import {
  addStaff,
  type Caller,
  caller,
  login,
  nextIp,
  register,
  solveCaptcha,
  staffLogin,
} from '../../testing/auth-helpers';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

describe.each(databases())('users and who may reach them on %s', (kind) => {
  let t: TestApp;
  let call: Caller;
  let alice: { person: ReturnType<typeof newPerson>; session: LoginResponse };
  let bob: { person: ReturnType<typeof newPerson>; session: LoginResponse };
  let admin: TokenPair;
  let officer: TokenPair;
  let service: TokenPair;

  beforeAll(async () => {
    t = await openTestApp(kind);
    call = caller(t.app);
    alice = await register(call);
    bob = await register(call);
    await addStaff(t.db.orm, 'admin@lender.test', 'admin password', ['ADMIN']);
    await addStaff(t.db.orm, 'officer@lender.test', 'officer password', ['CREDIT_OFFICER']);
    await addStaff(t.db.orm, 'service@lender.test', 'service password', ['CUSTOMER_SERVICE']);
    admin = await staffLogin(call, 'admin@lender.test', 'admin password');
    officer = await staffLogin(call, 'officer@lender.test', 'officer password');
    service = await staffLogin(call, 'service@lender.test', 'service password');
  });
  afterAll(() => t.close());

  const id = (who: typeof alice) => who.session.userDetails!.id;
  const as = (who: typeof alice) => who.session.accessToken;

  it('gives each applicant themselves, never someone else', async () => {
    expect((await call('GET', AUTH_PATHS.userById(id(alice)), { token: as(alice) })).status).toBe(
      200,
    );
    const requests: [string, string, unknown][] = [
      ['GET', AUTH_PATHS.userById(id(bob)), undefined],
      ['PATCH', AUTH_PATHS.userEmail(id(bob)), { email: 'taken.over@example.com' }],
      ['PATCH', AUTH_PATHS.userTinNumber(id(bob)), { tinNumber: 'IG12345678901' }],
      ['PATCH', AUTH_PATHS.userApplicationCreated(id(bob)), undefined],
      ['DELETE', AUTH_PATHS.userById(id(bob)), undefined],
    ];
    for (const [method, url, body] of requests) {
      const result = await call(method as 'GET', url, { token: as(alice), body });
      expect({ method, url, status: result.status }).toEqual({ method, url, status: 404 });
    }
    // Bob is untouched.
    const bobNow = await call('GET', AUTH_PATHS.userMe, { token: as(bob) });
    expect(bobNow.body).toMatchObject({ email: bob.person.email, tinNumber: null });
  });

  it('lets staff read any user; an applicant token does not become staff by asking', async () => {
    expect(
      (await call('GET', AUTH_PATHS.userById(id(bob)), { token: officer.accessToken })).status,
    ).toBe(200);
    expect(
      (await call('GET', AUTH_PATHS.userById(id(bob)), { token: service.accessToken })).status,
    ).toBe(200);
    const notAnId = await call('GET', AUTH_PATHS.userById('not-a-user-id'), {
      token: admin.accessToken,
    });
    expect(notAnId.status).toBe(400);
  });

  // The back office's changes to a user (profile, sign-in details) are tested with the rest of
  // the back office's applicant paths, in user-admin.test.ts.

  it('changes the own email, refusing one another account uses', async () => {
    const dave = await register(call);
    const taken = await call('PATCH', AUTH_PATHS.userEmail(id(dave)), {
      token: as(dave),
      body: { email: alice.person.email },
    });
    expect(taken).toMatchObject({ status: 409, body: { message: 'Email already exists' } });
    const changed = await call('PATCH', AUTH_PATHS.userEmail(id(dave)), {
      token: as(dave),
      body: { email: ' Dave.New@Example.com ' },
    });
    expect(changed).toMatchObject({ status: 200, body: { email: 'dave.new@example.com' } });
    expect((await login(call, 'dave.new@example.com', dave.person.password)).status).toBe(200);
  });

  it('keeps the first application time once', async () => {
    const erin = await register(call);
    const first = await call('PATCH', AUTH_PATHS.userApplicationCreated(id(erin)), {
      token: as(erin),
    });
    const second = await call('PATCH', AUTH_PATHS.userApplicationCreated(id(erin)), {
      token: as(erin),
    });
    expect(first.body.applicationCreatedAt).toEqual(expect.any(String));
    expect(second.body.applicationCreatedAt).toBe(first.body.applicationCreatedAt);
  });

  it('closes an account: no sign-in afterwards, and the email may register again', async () => {
    const frank = await register(call);
    expect(
      (await call('DELETE', AUTH_PATHS.userById(id(frank)), { token: as(frank) })).status,
    ).toBe(204);
    expect((await call('GET', AUTH_PATHS.userMe, { token: as(frank) })).status).toBe(401);
    expect((await login(call, frank.person.email, frank.person.password)).status).toBe(401);
    await expect(register(call, frank.person)).resolves.toBeDefined();
  });

  it('tells the registration form whether an email or a phone number is taken, behind the bot check', async () => {
    const check = async (email: string, phone: string, pass?: string) =>
      call('POST', AUTH_PATHS.checkEmailExisted, {
        body: { email, phoneNo: phone, ...(pass ? { captchaToken: pass } : {}) },
      });
    const pass = await solveCaptcha(call);
    expect((await check(alice.person.email.toUpperCase(), '+60111111111', pass)).body).toEqual({
      emailExisted: true,
      phoneNoExisted: false,
    });
    // Checking does not spend the pass: the registration it belongs to does.
    expect((await check('new.person@example.com', alice.person.phoneNo, pass)).body).toEqual({
      emailExisted: false,
      phoneNoExisted: true,
    });
    // Without a pass, or with a made-up one, nothing is said of any account.
    for (const refused of [
      await check(alice.person.email, alice.person.phoneNo),
      await check(alice.person.email, alice.person.phoneNo, 'made-up-pass'),
    ]) {
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).not.toMatch(/Existed/);
    }
    // The email and phone number are never in the address any more.
    const old = `/arkcash/api/v1.0/user/checkEmailExisted/email/${encodeURIComponent(alice.person.email)}/phoneNo/${encodeURIComponent(alice.person.phoneNo)}`;
    expect((await call('POST', old)).status).toBe(404);
  });

  it('limits existence checks from one address', async () => {
    const pass = await solveCaptcha(call);
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const answer = await call('POST', AUTH_PATHS.checkEmailExisted, {
        body: { email: `someone.${i}@example.com`, phoneNo: '+60111111111', captchaToken: pass },
        ip,
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
  });

  it('masks the identity card number it returns', async () => {
    const { users } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    await t.db.orm
      .update(users)
      .set({ nric: '900101145678' })
      .where(eq(users.id, id(alice)));
    const { body } = await call('GET', AUTH_PATHS.userMe, { token: as(alice) });
    expect(body.nric).not.toContain('145678');
    expect(body.nric.startsWith('900101')).toBe(true);
  });
});
