import { AUTH_PATHS, LEGAL_TEXT_VERSION, REGISTRATION_PATHS } from '@lending/contracts';
import { eq } from 'drizzle-orm';

import { auditLog } from '../../db/schema';
import { type FixedClock, fixedClock } from '../../kernel/clock';
import {
  type Caller,
  caller,
  claimsOf,
  LOCAL_CLIENT,
  nextIp,
  solveCaptcha,
} from '../../testing/auth-helpers';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

const PASSWORD = 'Sandbox#2026';
/** Lines of the sandbox telecom's directory (docs/architecture.md, "Telecom sign-in"). */
const LINE = {
  postpaid24: { callerId: '+60111000001', nric: '900101145677', local: '0111000001' },
  postpaid3: { callerId: '+60111000002', nric: '920315105432', local: '0111000002' },
  prepaid: { callerId: '+60111000003', nric: '881212081235', local: '0111000003' },
  postpaid6: { callerId: '+60111000004', nric: '950620015566', local: '0111000004' },
  closed: { callerId: '+60111000005', nric: '850808145688', local: '0111000005' },
};
const MINUTE = 60 * 1000;

let n = 0;
/** A complete onboarding registration for the given phone number and NRIC. */
function registrationForm(localPhone: string, nric: string) {
  n += 1;
  const seq = String(n * 41 + (process.pid % 1000)).padStart(6, '0');
  return {
    organizationType: 'COMPANY',
    companyName: `Kedai Talian ${seq} Sdn Bhd`,
    newBusinessRegistrationNo: `201902${seq}`,
    businessContactCountryCode: '+60',
    businessContactNo: `03${seq.slice(-4)}5678`,
    establishedDate: '2019-03-01',
    natureOfBusinessId: 1,
    businessAuthorizedPostcode: '80000',
    applicantName: `Pelanggan ${seq}`,
    applicantIdentityCardType: 'MYKAD',
    applicantIdentityCardNo: nric,
    applicantRaceId: 1,
    applicantContactCountryCode: '+60',
    applicantContactNo: localPhone,
    applicantEmail: `telecom${seq}.${process.pid}@example.com`,
    password: 'correct horse battery',
    passwordConfirmation: 'correct horse battery',
    termsAccepted: true,
    consentTextVersion: LEGAL_TEXT_VERSION,
    acceptMarketingConsent: false,
    language: 'EN',
  };
}

describe.each(databases())('the telecom sign-in on %s', (kind) => {
  let t: TestApp;
  let call: Caller;
  let clock: FixedClock;

  beforeAll(async () => {
    clock = fixedClock('2026-06-15T02:00:00Z');
    t = await openTestApp(kind, { clock });
    call = caller(t.app);
  });
  afterAll(() => t.close());

  const firstLogin = (callerId: string, password = PASSWORD, ip = nextIp()) =>
    call('POST', AUTH_PATHS.redOneFirstLogin, {
      body: { callerId, password },
      tenant: 'redcash',
      ip,
    });
  const validateNric = (token: string | null, nric: string, ip = nextIp()) =>
    call('POST', AUTH_PATHS.redOneValidateNric, { body: { nric }, token, tenant: 'redcash', ip });
  const resetPassword = (callerId: string, ip = nextIp()) =>
    call('POST', AUTH_PATHS.redOneResetPassword, { body: { callerId }, tenant: 'redcash', ip });
  const cepLogin = (email: string, password = PASSWORD, ip = nextIp()) =>
    call('POST', AUTH_PATHS.cepLogin, { body: { email, password }, tenant: 'redcash', ip });
  async function registerOnRedcash(localPhone: string, nric: string) {
    const body = { ...registrationForm(localPhone, nric), captchaToken: await solveCaptcha(call) };
    const answer = await call('POST', REGISTRATION_PATHS.register, { body, tenant: 'redcash' });
    expect(answer.status).toBe(201);
    return answer.body;
  }
  const smsTo = async (phone: string) =>
    (await call('GET', `${AUTH_PATHS.sandboxOutbox}?to=${encodeURIComponent(phone)}`, LOCAL_CLIENT))
      .body as { body: string }[];

  it('sends a line with no account of ours to registration, its number carried over', async () => {
    const { status, body } = await firstLogin(LINE.postpaid3.callerId);
    expect(status).toBe(200);
    expect(body).toEqual({
      redOneJwt: expect.any(String),
      accessToken: null,
      refreshToken: null,
      userDetails: null,
      applicationDetails: [],
      agreementDetails: null,
      phoneNo: LINE.postpaid3.callerId,
      phoneNoTaken: false,
    });
    expect(claimsOf(body.redOneJwt)).toMatchObject({ aud: 'redone', sub: LINE.postpaid3.callerId });
    // The line's proof opens no account.
    const me = await call('GET', AUTH_PATHS.userMe, { token: body.redOneJwt, tenant: 'redcash' });
    expect(me.status).toBe(401);
  });

  it('signs in the account with the same phone number and NRIC as the line', async () => {
    const registered = await registerOnRedcash(LINE.postpaid24.local, '900101-14-5677');
    const { status, body } = await firstLogin(LINE.postpaid24.callerId);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      redOneJwt: expect.any(String),
      phoneNo: LINE.postpaid24.callerId,
      userDetails: { id: registered.userDetails.id, phoneNo: LINE.postpaid24.callerId },
    });
    expect(claimsOf(body.accessToken)).toMatchObject({ aud: 'applicant', tenant: 'redcash' });
    const me = await call('GET', AUTH_PATHS.userMe, { token: body.accessToken, tenant: 'redcash' });
    expect(me).toMatchObject({ status: 200, body: { id: registered.userDetails.id } });
  });

  it('never opens an account whose NRIC is not the line owner’s, even with the same number', async () => {
    await registerOnRedcash(LINE.postpaid6.local, '900101-14-5678');
    const { status, body } = await firstLogin(LINE.postpaid6.callerId);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      accessToken: null,
      refreshToken: null,
      userDetails: null,
      phoneNoTaken: true,
    });
  });

  it('refuses a wrong password, an unknown or closed line alike, and records the attempt', async () => {
    const before = await t.db.orm
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.login_failed'));
    for (const [callerId, password] of [
      [LINE.postpaid3.callerId, 'not-the-password'],
      ['+60119999999', PASSWORD],
      [LINE.closed.callerId, PASSWORD],
    ] as const) {
      const answer = await firstLogin(callerId, password);
      expect(answer).toMatchObject({
        status: 401,
        body: { message: 'Invalid phone number or password', code: 'UNAUTHENTICATED' },
      });
    }
    const after = await t.db.orm
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.login_failed'));
    expect(after.length - before.length).toBe(3);
    const invalid = await call('POST', AUTH_PATHS.redOneFirstLogin, {
      body: { callerId: '0111000001', password: PASSWORD },
      tenant: 'redcash',
    });
    expect(invalid).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });

  it('slows down guessing a line’s password from one address, not the line’s owner elsewhere', async () => {
    const attacker = nextIp();
    for (let i = 0; i < 5; i += 1) {
      expect((await firstLogin(LINE.prepaid.callerId, `guess-${i}`, attacker)).status).toBe(401);
    }
    expect((await firstLogin(LINE.prepaid.callerId, PASSWORD, attacker)).status).toBe(429);
    expect((await firstLogin(LINE.prepaid.callerId)).status).toBe(200);
    clock.advance(16 * MINUTE);
    expect((await firstLogin(LINE.prepaid.callerId, PASSWORD, attacker)).status).toBe(200);
  });

  describe('validateNric', () => {
    const proofOf = async (callerId: string) =>
      (await firstLogin(callerId)).body.redOneJwt as string;

    it('confirms the line owner’s NRIC and reports the line for the postpaid rule', async () => {
      const long = await validateNric(await proofOf(LINE.postpaid24.callerId), '900101-14-5677');
      expect(long).toMatchObject({
        status: 200,
        body: {
          valid: true,
          accountType: 'POSTPAID',
          postpaidTenureMonths: 24,
          telecomPostpaid: { pass: true },
        },
      });
      const young = await validateNric(await proofOf(LINE.postpaid3.callerId), LINE.postpaid3.nric);
      expect(young.body).toMatchObject({
        postpaidTenureMonths: 3,
        telecomPostpaid: { pass: false, reason: 'telecomPostpaidTooNew' },
      });
      const prepaid = await validateNric(await proofOf(LINE.prepaid.callerId), LINE.prepaid.nric);
      expect(prepaid.body).toMatchObject({
        accountType: 'PREPAID',
        postpaidTenureMonths: null,
        telecomPostpaid: { pass: false, reason: 'noTelecomPostpaid' },
      });
    });

    it('says "Invalid NRIC entered" for a wrong one, and allows only a few guesses per line', async () => {
      const proof = await proofOf(LINE.postpaid6.callerId);
      for (let i = 0; i < 5; i += 1) {
        // From anywhere: the limit is the line's.
        expect(await validateNric(proof, `95062001556${i}`)).toMatchObject({
          status: 400,
          body: { message: 'Invalid NRIC entered', code: 'TELECOM_NRIC_INVALID' },
        });
      }
      expect((await validateNric(proof, LINE.postpaid6.nric)).status).toBe(429);
      clock.advance(16 * MINUTE);
      expect((await validateNric(proof, LINE.postpaid6.nric)).status).toBe(200);
    });

    it('takes only a live redOne token of the telecom sign-in', async () => {
      expect((await validateNric(null, LINE.postpaid24.nric)).status).toBe(401);
      const access = (await firstLogin(LINE.postpaid24.callerId)).body.accessToken as string;
      expect((await validateNric(access, LINE.postpaid24.nric)).status).toBe(401);
      const proof = await proofOf(LINE.postpaid24.callerId);
      const [header, payload] = proof.split('.');
      expect((await validateNric(`${header}.${payload}.${'A'.repeat(43)}`, '1')).status).toBe(401);
      clock.advance(61 * MINUTE);
      expect(await validateNric(proof, LINE.postpaid24.nric)).toMatchObject({
        status: 401,
        body: { message: 'Your telecom sign-in has expired, please sign in again' },
      });
    });
  });

  describe('resetPassword', () => {
    it('has the telecom text the line a new password; the old one stops working', async () => {
      const answer = await resetPassword(LINE.postpaid3.callerId);
      expect(answer).toMatchObject({
        status: 200,
        body: {
          message:
            'If this number is a line of our telecom partner, a new password is on its way by SMS',
        },
      });
      const [sms] = await smsTo(LINE.postpaid3.callerId);
      const newPassword = /password is (\S+)\./.exec(sms!.body)![1]!;
      expect(sms!.body).toContain(`telekomunikasi anda ialah ${newPassword}`);
      expect((await firstLogin(LINE.postpaid3.callerId)).status).toBe(401);
      expect((await firstLogin(LINE.postpaid3.callerId, newPassword)).status).toBe(200);
    });

    it('answers the same for a number that is not the telecom’s, and texts no one', async () => {
      const answer = await resetPassword('+60119999998');
      expect(answer.status).toBe(200);
      expect(answer.body.message).toContain('If this number is a line of our telecom partner');
      expect(await smsTo('+60119999998')).toEqual([]);
    });

    it('limits resets per address and line', async () => {
      const ip = nextIp();
      for (let i = 0; i < 3; i += 1) {
        expect((await resetPassword('+60119999997', ip)).status).toBe(200);
      }
      expect((await resetPassword('+60119999997', ip)).status).toBe(429);
    });
  });

  describe('cep/login', () => {
    it('answers tokens only, the access token naming the user', async () => {
      const { status, body } = await cepLogin('Aiman@Telecom.Sandbox.test');
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual(['accessToken', 'refreshToken']);
      const claims = claimsOf(body.accessToken);
      expect(claims).toMatchObject({
        aud: 'applicant',
        tenant: 'redcash',
        email: expect.stringContaining('@example.com'),
        name: expect.stringContaining('Pelanggan'),
      });
      const me = await call('GET', AUTH_PATHS.userMe, {
        token: body.accessToken,
        tenant: 'redcash',
      });
      expect(me).toMatchObject({ status: 200, body: { id: claims.sub } });
      const refreshed = await call('POST', AUTH_PATHS.refresh, {
        body: { refreshToken: body.refreshToken },
      });
      expect(refreshed.status).toBe(200);
    });

    it('refuses wrong credentials, and a portal login with no account of ours', async () => {
      expect(await cepLogin('aiman@telecom.sandbox.test', 'wrong-password')).toMatchObject({
        status: 401,
        body: { message: 'Invalid credentials' },
      });
      expect(await cepLogin('weiming@telecom.sandbox.test')).toMatchObject({
        status: 404,
        body: { code: 'TELECOM_NO_ACCOUNT' },
      });
      expect((await cepLogin('not-an-email')).status).toBe(400);
    });
  });

  describe('the postpaid eligibility rule', () => {
    const applicant = {
      isMalaysianCitizen: true,
      nric: '900101-14-5678',
      businessEstablishedDate: '2020-01-01',
      annualTurnoverSen: 12_000_000,
      grossMonthlyIncomeSen: 300_000,
      // Typed by the person; the telecom's report of the line outweighs it.
      telecomPostpaidSince: '2015-01-01',
    };
    const check = (redOneJwt?: string) =>
      call('POST', REGISTRATION_PATHS.eligibilityCheck, {
        body: { ...applicant, ...(redOneJwt ? { redOneJwt } : {}) },
        tenant: 'redcash',
      });
    const postpaidRule = (body: { rules: { rule: string }[] }) =>
      body.rules.find((rule) => rule.rule === 'telecomPostpaid');

    it("takes the line's tenure from the telecom when the line's proof is sent", async () => {
      expect(postpaidRule((await check()).body)).toEqual({ rule: 'telecomPostpaid', pass: true });
      const long = await check((await firstLogin(LINE.postpaid24.callerId)).body.redOneJwt);
      expect(long).toMatchObject({ status: 200, body: { eligible: true } });
      const prepaid = await check((await firstLogin(LINE.prepaid.callerId)).body.redOneJwt);
      expect(prepaid.body.eligible).toBe(false);
      expect(postpaidRule(prepaid.body)).toEqual({
        rule: 'telecomPostpaid',
        pass: false,
        reason: 'noTelecomPostpaid',
      });
      const sixMonths = await check((await firstLogin(LINE.postpaid6.callerId)).body.redOneJwt);
      expect(postpaidRule(sixMonths.body)).toMatchObject({ reason: 'telecomPostpaidTooNew' });
    });

    it('refuses a proof that is not a live one', async () => {
      expect((await check('not-a-token')).status).toBe(401);
    });
  });

  it('does not exist on the other tenant', async () => {
    const bodies: [string, object][] = [
      [AUTH_PATHS.redOneFirstLogin, { callerId: LINE.postpaid24.callerId, password: PASSWORD }],
      [AUTH_PATHS.redOneValidateNric, { nric: LINE.postpaid24.nric }],
      [AUTH_PATHS.redOneResetPassword, { callerId: LINE.postpaid24.callerId }],
      [AUTH_PATHS.cepLogin, { email: 'aiman@telecom.sandbox.test', password: PASSWORD }],
    ];
    for (const [url, body] of bodies) {
      expect((await call('POST', url, { body })).status).toBe(404);
      expect((await call('POST', url, { body, tenant: 'arkcash' })).status).toBe(404);
    }
  });

  it('shows the sandbox directory to this machine only', async () => {
    const local = await call('GET', AUTH_PATHS.sandboxTelecomSubscribers, LOCAL_CLIENT);
    expect(local.status).toBe(200);
    expect(local.body).toContainEqual(
      expect.objectContaining({
        callerId: LINE.postpaid24.callerId,
        accountType: 'POSTPAID',
        postpaidTenureMonths: 24,
        password: PASSWORD,
      }),
    );
    const remote = await call('GET', AUTH_PATHS.sandboxTelecomSubscribers, { ip: '203.0.113.9' });
    expect(remote.status).toBe(404);
  });
});
