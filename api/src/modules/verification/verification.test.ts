import { APPLICATION_PATHS, AUTH_PATHS, REGISTRATION_PATHS } from '@lending/contracts';
import { eq } from 'drizzle-orm';

import { applications, loanReasons, organizations, verificationCodes } from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import { type Caller, caller, LOCAL_CLIENT, register } from '../../testing/auth-helpers';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

describe.each(databases())('verification codes on %s', (kind) => {
  let t: TestApp;
  let call: Caller;
  const clock = fixedClock('2026-06-15T02:00:00Z');

  beforeAll(async () => {
    t = await openTestApp(kind, { clock });
    call = caller(t.app);
  });
  afterAll(() => t.close());

  const send = (channel: 'email' | 'sms', token: string) =>
    call('POST', REGISTRATION_PATHS.sendCode(channel), { token });
  const verify = (channel: 'email' | 'sms', token: string, code: string) =>
    call('POST', REGISTRATION_PATHS.verifyCode(channel), { token, body: { code } });

  /** The code in the newest message the sandbox outbox holds for `to`. */
  async function codeSentTo(to: string): Promise<string> {
    const { body } = await call(
      'GET',
      `${AUTH_PATHS.sandboxOutbox}?to=${encodeURIComponent(to)}`,
      LOCAL_CLIENT,
    );
    const match = /\b(\d{6})\b/.exec(body[0]?.body ?? '');
    if (!match) throw new Error(`no code sent to ${to}`);
    return match[1]!;
  }
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('verifies the email with the emailed code and records it', async () => {
    const { person, session } = await register(call);
    const sent = await send('email', session.accessToken);
    expect(sent.status).toBe(200);
    expect(sent.body.sentTo).toMatch(/^a\*\*\*@example\.com$/);
    const code = await codeSentTo(person.email);
    // Kept hashed, never in clear.
    const [row] = await t.db.orm
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.destination, person.email));
    expect(row!.codeHash).not.toContain(code);

    const result = await verify('email', session.accessToken, code);
    expect(result.status).toBe(200);
    expect(result.body.email).toEqual({
      verified: true,
      verifiedAt: clock.now().toISOString(),
      pending: null,
    });
    expect(result.body.sms.verified).toBe(false);
    const status = await call('GET', REGISTRATION_PATHS.verificationStatus, {
      token: session.accessToken,
    });
    expect(status.body.email.verified).toBe(true);
    // A code works once.
    expect((await verify('email', session.accessToken, code)).body.message).toBe('Invalid OTP');
  });

  it('tells a reloaded page of the code already sent while it can still be entered', async () => {
    const { session } = await register(call);
    const status = () =>
      call('GET', REGISTRATION_PATHS.verificationStatus, { token: session.accessToken });
    expect((await status()).body.sms.pending).toBeNull();
    const sent = await send('sms', session.accessToken);
    clock.advance(20 * 1000);
    const after = await status();
    expect(after.body.sms.pending).toEqual(sent.body);
    expect(after.body.email.pending).toBeNull();
    // Not once it has expired.
    clock.advance(10 * 60 * 1000);
    expect((await status()).body.sms.pending).toBeNull();
  });

  it('offers no pending code once five wrong attempts used it up', async () => {
    const { person, session } = await register(call);
    await send('email', session.accessToken);
    const code = await codeSentTo(person.email);
    for (let i = 0; i < 5; i += 1) await verify('email', session.accessToken, wrong(code));
    const status = await call('GET', REGISTRATION_PATHS.verificationStatus, {
      token: session.accessToken,
    });
    expect(status.body.email.pending).toBeNull();
  });

  it('verifies the mobile number with the code sent by SMS', async () => {
    const { person, session } = await register(call);
    await send('sms', session.accessToken);
    const code = await codeSentTo(person.phoneNo);
    const result = await verify('sms', session.accessToken, code);
    expect(result.body.sms.verified).toBe(true);
  });

  it('answers "Invalid OTP" to a wrong code', async () => {
    const { person, session } = await register(call);
    await send('email', session.accessToken);
    const code = await codeSentTo(person.email);
    const result = await verify('email', session.accessToken, wrong(code));
    expect(result).toMatchObject({ status: 400, body: { message: 'Invalid OTP' } });
  });

  it('refuses a code after 10 minutes', async () => {
    const { person, session } = await register(call);
    await send('email', session.accessToken);
    const code = await codeSentTo(person.email);
    clock.advance(10 * 60 * 1000);
    const result = await verify('email', session.accessToken, code);
    expect(result.body.message).toBe('This code has expired, please request a new one');
  });

  it('needs a new code after 5 wrong attempts, even for the right one', async () => {
    const { person, session } = await register(call);
    await send('email', session.accessToken);
    const code = await codeSentTo(person.email);
    for (let i = 0; i < 5; i += 1) {
      expect((await verify('email', session.accessToken, wrong(code))).body.message).toBe(
        'Invalid OTP',
      );
    }
    expect((await verify('email', session.accessToken, code)).body.message).toBe(
      'Too many wrong attempts, please request a new code',
    );
    clock.advance(61 * 1000);
    await send('email', session.accessToken);
    const fresh = await codeSentTo(person.email);
    expect((await verify('email', session.accessToken, fresh)).status).toBe(200);
  });

  it('throttles resending to once a minute, and only the newest code counts', async () => {
    const { person, session } = await register(call);
    await send('sms', session.accessToken);
    const first = await codeSentTo(person.phoneNo);
    const soon = await send('sms', session.accessToken);
    expect(soon.status).toBe(429);
    expect(soon.body.message).toBe('Please wait 60 seconds before asking for a new code');
    clock.advance(60 * 1000);
    expect((await send('sms', session.accessToken)).status).toBe(200);
    const second = await codeSentTo(person.phoneNo);
    if (first !== second) {
      expect((await verify('sms', session.accessToken, first)).body.message).toBe('Invalid OTP');
    }
    expect((await verify('sms', session.accessToken, second)).status).toBe(200);
  });

  it("limits codes per account, so people sharing one address do not use up each other's", async () => {
    const office = '10.200.0.1';
    const { session } = await register(call);
    for (let sent = 0; sent < 10; sent += 1) {
      expect(
        (
          await call('POST', REGISTRATION_PATHS.sendCode('sms'), {
            token: session.accessToken,
            ip: office,
          })
        ).status,
      ).toBe(200);
      clock.advance(61 * 1000);
    }
    const eleventh = await call('POST', REGISTRATION_PATHS.sendCode('sms'), {
      token: session.accessToken,
      ip: '10.200.0.2',
    });
    expect(eleventh.status).toBe(429);
    const colleague = (await register(call)).session;
    const theirs = await call('POST', REGISTRATION_PATHS.sendCode('sms'), {
      token: colleague.accessToken,
      ip: office,
    });
    expect(theirs.status).toBe(200);
  });

  it('rejects a code that is not 6 digits, and callers who are not signed in', async () => {
    const { session } = await register(call);
    const short = await verify('email', session.accessToken, '123');
    expect(short).toMatchObject({
      status: 400,
      body: { message: 'Please enter all 6 digits of the code' },
    });
    expect((await call('POST', REGISTRATION_PATHS.sendCode('email'))).status).toBe(401);
    expect(
      (await call('POST', '/api/verification/fax/send', { token: session.accessToken })).status,
    ).toBe(400);
  });

  it('records email verification on the applicant draft application', async () => {
    const { person, session } = await register(call);
    const userId = session.userDetails!.id;
    const [org] = await t.db.orm
      .insert(organizations)
      .values({
        tenant: 'arkcash',
        userId,
        organizationType: 'COMPANY',
        companyName: 'Kedai Verifikasi Sdn Bhd',
        newBusinessRegistrationNo: `20190100${String(process.pid % 10000).padStart(4, '0')}`,
        applicantName: person.firstName,
        applicantEmail: person.email,
      })
      .returning();
    const [app] = await t.db.orm
      .insert(applications)
      .values({
        tenant: 'arkcash',
        userId,
        organizationId: org!.id,
        referenceNo: `TEST-${process.pid}-${Date.now()}`,
        status: 'DRAFT',
      })
      .returning();
    await send('email', session.accessToken);
    await verify('email', session.accessToken, await codeSentTo(person.email));
    const [after] = await t.db.orm.select().from(applications).where(eq(applications.id, app!.id));
    expect(after!.progress).toContain('EMAILVERIFICATIONCOMPLETED');
  });

  it('counts an email verified at registration for the draft started afterwards', async () => {
    const { person, session } = await register(call);
    const userId = session.userDetails!.id;
    await t.db.orm.insert(organizations).values({
      tenant: 'arkcash',
      userId,
      organizationType: 'SOLE_PROP',
      companyName: 'Kedai Awal Verifikasi',
      newBusinessRegistrationNo: `20180300${String((process.pid + 1) % 10000).padStart(4, '0')}`,
      applicantName: person.firstName,
      applicantEmail: person.email,
    });
    await send('email', session.accessToken);
    await verify('email', session.accessToken, await codeSentTo(person.email));
    const [reason] = await t.db.orm.select().from(loanReasons).limit(1);
    const created = await call('POST', APPLICATION_PATHS.create, {
      token: session.accessToken,
      body: { requestedAmountSen: 1_000_000, tenureMonths: 12, loanReasonId: reason!.id },
    });
    expect(created.status).toBe(201);
    expect(created.body.progress).toContain('EMAILVERIFICATIONCOMPLETED');
    const [stored] = await t.db.orm
      .select()
      .from(applications)
      .where(eq(applications.id, created.body.id));
    expect(stored!.progress).toContain('EMAILVERIFICATIONCOMPLETED');
  });
});
