import {
  AUTH_PATHS,
  BOT_CHECK_HEADER,
  LEGAL_TEXT_VERSION,
  REGISTRATION_PATHS,
} from '@lending/contracts';
import { eq } from 'drizzle-orm';

import { organizations, registrations, users } from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import { type Caller, caller, nextIp, solveCaptcha } from '../../testing/auth-helpers';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

let n = 0;
/** A complete, valid registration form; every call a different person and business. */
function form(overrides: Record<string, unknown> = {}) {
  n += 1;
  const seq = String(n * 37 + (process.pid % 1000)).padStart(6, '0');
  return {
    organizationType: 'COMPANY',
    companyName: `Kedai Runcit ${seq} Sdn Bhd`,
    newBusinessRegistrationNo: `201901${seq}`,
    businessContactCountryCode: '+60',
    businessContactNo: `03${seq.slice(-4)}1234`,
    establishedDate: '2019-03-01',
    natureOfBusinessId: 1,
    businessAuthorizedPostcode: '80000',
    applicantName: `Nur Aisyah ${seq}`,
    applicantIdentityCardType: 'MYKAD',
    applicantIdentityCardNo: '900101-14-5678',
    applicantRaceId: 1,
    applicantContactCountryCode: '+60',
    applicantContactNo: `012${seq.slice(-6)}0`,
    applicantEmail: `register${seq}.${process.pid}@example.com`,
    password: 'correct horse battery',
    passwordConfirmation: 'correct horse battery',
    termsAccepted: true,
    consentTextVersion: LEGAL_TEXT_VERSION,
    acceptMarketingConsent: true,
    language: 'EN',
    ...overrides,
  };
}

describe.each(databases())('registration on %s', (kind) => {
  let t: TestApp;
  let call: Caller;
  const clock = fixedClock('2026-06-15T02:00:00Z');

  beforeAll(async () => {
    t = await openTestApp(kind, { clock });
    call = caller(t.app);
  });
  afterAll(() => t.close());

  async function submit(body: Record<string, unknown>, tenant?: string) {
    return call('POST', REGISTRATION_PATHS.register, {
      body: { ...body, captchaToken: await solveCaptcha(call) },
      tenant,
    });
  }

  it('opens the account and the organization, signs in and returns the NRIC facts', async () => {
    const body = form();
    const { status, body: answer } = await submit(body);
    expect(status).toBe(201);
    expect(answer.accessToken).toEqual(expect.any(String));
    expect(answer.userDetails).toMatchObject({
      email: body.applicantEmail,
      firstName: body.applicantName,
      phoneNo: `+60${body.applicantContactNo.slice(1)}`,
    });
    expect(answer.applicant).toEqual({ dateOfBirth: '1990-01-01', gender: 'FEMALE', age: 36 });

    const [org] = await t.db.orm
      .select()
      .from(organizations)
      .where(eq(organizations.id, answer.organizationId));
    expect(org).toMatchObject({
      organizationType: 'COMPANY',
      newBusinessRegistrationNo: body.newBusinessRegistrationNo,
      businessContactNo: `+60${body.businessContactNo.slice(1)}`,
      applicantIdentityCardType: 'MYKAD',
    });
    // The NRIC is sealed at rest, never kept in clear.
    expect(org!.applicantIdentityCardSealed).not.toContain('900101');
    expect(org!.applicantIdentityCardHash).toMatch(/^[0-9a-f]{64}$/);
    const [extra] = await t.db.orm
      .select()
      .from(registrations)
      .where(eq(registrations.organizationId, answer.organizationId));
    expect(extra).toMatchObject({ applicantBirthDate: '1990-01-01', applicantGender: 'FEMALE' });
    expect(extra!.marketingConsentAt).toEqual(clock.now());
    expect(extra!.termsAcceptedAt).toEqual(clock.now());
    expect(extra!.consentTextVersion).toBe(LEGAL_TEXT_VERSION);

    const me = await call('GET', AUTH_PATHS.userMe, { token: answer.accessToken });
    expect(me.status).toBe(200);
  });

  it('gives the applicant their own registration back, to start the application from', async () => {
    const body = form({ referralSourceId: undefined });
    const { body: answer } = await submit(body);
    const own = await call('GET', REGISTRATION_PATHS.details, { token: answer.accessToken });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      organizationType: 'COMPANY',
      companyName: body.companyName,
      establishedDate: '2019-03-01',
      natureOfBusinessId: 1,
      businessPostcode: '80000',
      applicantName: body.applicantName,
      applicantIdentityCardType: 'MYKAD',
      applicantIdentityCardNo: '900101145678',
      applicantRaceId: 1,
      applicantContactNo: `+60${String(body.applicantContactNo).slice(1)}`,
      applicantEmail: body.applicantEmail,
      applicantDateOfBirth: '1990-01-01',
      applicantGender: 'FEMALE',
      acceptMarketingConsent: true,
    });
    // Only one's own, and only signed in.
    expect((await call('GET', REGISTRATION_PATHS.details)).status).toBe(401);
    const other = await submit(form());
    const theirs = await call('GET', REGISTRATION_PATHS.details, {
      token: other.body.accessToken,
    });
    expect(theirs.body.companyName).not.toBe(body.companyName);
  });

  it('takes a passport with the date of birth and gender given', async () => {
    const { status, body } = await submit(
      form({
        applicantIdentityCardType: 'PASSPORT',
        applicantIdentityCardNo: 'a12345678',
        applicantDateOfBirth: '1985-07-20',
        applicantGender: 'MALE',
      }),
    );
    expect(status).toBe(201);
    expect(body.applicant).toEqual({ dateOfBirth: '1985-07-20', gender: 'MALE', age: 40 });
  });

  it('refuses a passport without a date of birth or gender', async () => {
    const passport = { applicantIdentityCardType: 'PASSPORT', applicantIdentityCardNo: 'A1234567' };
    expect((await submit(form({ ...passport, applicantGender: 'MALE' }))).body.message).toBe(
      'Please enter your date of birth',
    );
    expect(
      (await submit(form({ ...passport, applicantDateOfBirth: '1985-07-20' }))).body.message,
    ).toBe('Please select gender');
  });

  it.each([
    [
      'an NRIC that is not a real date',
      { applicantIdentityCardNo: '901301-14-5678' },
      'Please enter a valid NRIC',
    ],
    [
      'an NRIC with an unknown place of birth',
      { applicantIdentityCardNo: '900101-99-5678' },
      'Please enter a valid NRIC',
    ],
    [
      'a business number in the old format',
      { newBusinessRegistrationNo: '1234567-X' },
      'Please enter a valid business registration number (new 12-digit format)',
    ],
    [
      'a business number with an unknown entity code',
      { newBusinessRegistrationNo: '201909123456' },
      'Please enter a valid business registration number (new 12-digit format)',
    ],
    [
      'a phone number with dashes',
      { applicantContactNo: '012-3456789' },
      'Please enter your phone number without dashes',
    ],
    [
      'a phone number without a country code',
      { applicantContactCountryCode: '' },
      'Please select the country code of your phone number',
    ],
    [
      'a phone number that is not a Malaysian number',
      { applicantContactNo: '0223' },
      'Please enter a valid phone number',
    ],
    [
      'a business contact number with dashes',
      { businessContactNo: '03-21234567' },
      'Please enter your business contact number without dashes',
    ],
    [
      'a password shorter than 8 characters',
      { password: 'short', passwordConfirmation: 'short' },
      'Password must be at least 8 characters',
    ],
    [
      'a confirmation that does not match',
      { passwordConfirmation: 'something else' },
      'Passwords do not match',
    ],
    ['terms not accepted', { termsAccepted: false }, 'Please accept the terms and conditions'],
    [
      'no version of the accepted text',
      { consentTextVersion: '' },
      'Please accept the terms and conditions',
    ],
    ['an unknown postcode', { businessAuthorizedPostcode: '00001' }, 'Postcode not found'],
    ['an unknown partner ID', { partnerId: 'NOBODY99' }, 'Invalid partner ID'],
    [
      'the "other" referral source without its text',
      { referralSourceId: 'OTHERS' },
      'Please enter your other referral source',
    ],
    ['an invalid email', { applicantEmail: 'not-an-email' }, 'Please enter a valid email'],
    [
      'an establishment date in the future',
      { establishedDate: '2027-01-01' },
      'Please enter a valid date of establishment',
    ],
    [
      'a postcode that is not 5 digits',
      { businessAuthorizedPostcode: '8000' },
      'Please enter a valid postcode',
    ],
  ])('rejects %s', async (_name, overrides, message) => {
    const body: Record<string, unknown> = form(overrides);
    if (body.referralSourceId === 'OTHERS') {
      const sources = await call('GET', '/api/referralSource?pageSize=100');
      const list = Array.isArray(sources.body) ? sources.body : sources.body.data;
      body.referralSourceId = list.find((s: { code: string }) => s.code === 'OTHERS').id;
    }
    const { status, body: answer } = await submit(body);
    expect({ status, message: answer.message }).toEqual({ status: 400, message });
  });

  it.each([
    [
      'an applicant aged 16 by the NRIC',
      { applicantIdentityCardNo: '100101-14-5678' },
      'Applicants must be aged 20 to 65; you are 16',
    ],
    [
      'an applicant aged 66 by the NRIC',
      { applicantIdentityCardNo: '600101-14-5678' },
      'Applicants must be aged 20 to 65; you are 66',
    ],
    [
      'an applicant aged 19 by the passport date of birth',
      {
        applicantIdentityCardType: 'PASSPORT',
        applicantIdentityCardNo: 'A1234567',
        applicantDateOfBirth: '2006-06-16',
        applicantGender: 'MALE',
      },
      'Applicants must be aged 20 to 65; you are 19',
    ],
    [
      'a business established this year',
      { establishedDate: '2026-01-05' },
      'The business must be more than 12 months old to borrow; it can apply from 2027-01-06',
    ],
    [
      'a business exactly twelve months old',
      { establishedDate: '2025-06-15' },
      'The business must be more than 12 months old to borrow; it can apply from 2026-06-16',
    ],
  ])('refuses what the product cannot lend to: %s', async (_name, overrides, message) => {
    const body = form(overrides);
    const { status, body: answer } = await submit(body);
    expect({ status, message: answer.message, code: answer.code }).toEqual({
      status: 400,
      message,
      code: 'NOT_ELIGIBLE',
    });
    const [user] = await t.db.orm
      .select()
      .from(users)
      .where(eq(users.email, String(body.applicantEmail)));
    expect(user).toBeUndefined();
  });

  it('takes an applicant who turned 20 today and a business just over twelve months old', async () => {
    const { status } = await submit(
      form({ applicantIdentityCardNo: '060615-14-5678', establishedDate: '2025-06-14' }),
    );
    expect(status).toBe(201);
  });

  it('refuses an acceptance of an older terms and privacy text, asking to read them again', async () => {
    const { status, body } = await submit(form({ consentTextVersion: '2020-01-01' }));
    expect(status).toBe(409);
    expect(body.code).toBe('LEGAL_TEXT_CHANGED');
  });

  it('rejects a business number whose entity code does not fit the organization type, naming the type', async () => {
    const { status, body } = await submit(form({ organizationType: 'SOLE_PROP' }));
    expect(status).toBe(400);
    expect(body.message).toBe(
      'This business registration number is for a company, not a sole proprietorship; please choose the matching organization type',
    );
    const partnership = form({
      organizationType: 'PARTNERSHIP',
      newBusinessRegistrationNo: `201904${String(n).padStart(6, '0')}`,
    });
    expect((await submit(partnership)).status).toBe(201);
  });

  it('accepts a known partner ID and the "other" referral text, and records them', async () => {
    const sources = await call('GET', '/api/referralSource?pageSize=100');
    const list = Array.isArray(sources.body) ? sources.body : sources.body.data;
    const others = list.find((s: { code: string }) => s.code === 'OTHERS');
    const { status, body } = await submit(
      form({ partnerId: 'ptnr0001', referralSourceId: others.id, referralSourceOther: 'A friend' }),
    );
    expect(status).toBe(201);
    expect(body.userDetails.partnerId).toBe('PTNR0001');
    const [row] = await t.db.orm
      .select()
      .from(registrations)
      .where(eq(registrations.organizationId, body.organizationId));
    expect(row).toMatchObject({ partnerId: 'PTNR0001', referralSourceOther: 'A friend' });
  });

  it('refuses a business already registered in this tenant, and answers the live check', async () => {
    const first = form();
    expect((await submit(first)).status).toBe(201);
    // Behind the bot check: a pass in its header, which checking does not spend.
    const pass = await solveCaptcha(call);
    const check = async (no: string, tenant?: string, botPass: string | null = pass) => {
      const answer = await t.app.inject({
        method: 'GET',
        url: `${REGISTRATION_PATHS.checkOrganizationExistence}?newBusinessRegistrationNo=${no}`,
        remoteAddress: nextIp(),
        headers: {
          ...(tenant ? { 'x-tenant': tenant } : {}),
          ...(botPass ? { [BOT_CHECK_HEADER]: botPass } : {}),
        },
      });
      return { status: answer.statusCode, body: answer.json() };
    };
    expect((await check(first.newBusinessRegistrationNo)).body).toEqual({ exists: true });
    expect((await check('201901999999')).body).toEqual({ exists: false });
    expect((await check(first.newBusinessRegistrationNo, 'redcash')).body).toEqual({
      exists: false,
    });
    for (const botPass of [null, 'made-up-pass']) {
      const refused = await check(first.newBusinessRegistrationNo, undefined, botPass);
      expect(refused.status).toBe(400);
      expect(refused.body).not.toHaveProperty('exists');
    }

    const again = await submit(
      form({ newBusinessRegistrationNo: first.newBusinessRegistrationNo }),
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This business registration number is already registered');
  });

  it('keeps nothing when the account cannot be opened (one transaction)', async () => {
    const first = form();
    expect((await submit(first)).status).toBe(201);
    const second = form({ applicantEmail: first.applicantEmail });
    const { status, body } = await submit(second);
    expect(status).toBe(409);
    expect(body.message).toBe('Email already exists');
    const orgs = await t.db.orm
      .select()
      .from(organizations)
      .where(eq(organizations.newBusinessRegistrationNo, second.newBusinessRegistrationNo));
    expect(orgs).toEqual([]);
  });

  it('requires the bot check, and does not spend it on a form with mistakes', async () => {
    const body = form();
    const without = await call('POST', REGISTRATION_PATHS.register, { body });
    expect(without.body.message).toBe('Please complete the bot check');
    const captchaToken = await solveCaptcha(call);
    const wrong = await call('POST', REGISTRATION_PATHS.register, {
      body: { ...body, termsAccepted: false, captchaToken },
    });
    expect(wrong.status).toBe(400);
    const right = await call('POST', REGISTRATION_PATHS.register, {
      body: { ...body, captchaToken },
    });
    expect(right.status).toBe(201);
    const created = await t.db.orm.select().from(users).where(eq(users.email, body.applicantEmail));
    expect(created).toHaveLength(1);
  });

  it('answers a missing field with the form wording, never a 500', async () => {
    const body: Record<string, unknown> = form();
    delete body.companyName;
    const { status, body: answer } = await submit(body);
    expect(status).toBe(400);
    expect(answer.message).toBe('Please enter your company name');
  });

  it('limits registrations per address', async () => {
    const ip = '10.250.0.1';
    let last = 0;
    for (let i = 0; i < 40 && last !== 429; i += 1) {
      last = (await call('POST', REGISTRATION_PATHS.register, { body: {}, ip })).status;
    }
    expect(last).toBe(429);
  });

  it('tells whether a partner ID is known', async () => {
    const check = (id: string) => call('GET', `${REGISTRATION_PATHS.checkPartner}?partnerId=${id}`);
    expect((await check('PTNR0002')).body).toEqual({ valid: true });
    expect((await check('XYZ')).body).toEqual({ valid: false });
  });
});
