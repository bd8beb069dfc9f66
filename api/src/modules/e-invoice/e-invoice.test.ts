import {
  AUTH_PATHS,
  E_INVOICE_PATHS,
  LEGAL_TEXT_VERSION,
  REGISTRATION_PATHS,
} from '@lending/contracts';
import { and, eq } from 'drizzle-orm';

import { auditLog } from '../../db/schema';
import {
  addStaff,
  type Caller,
  caller,
  register,
  solveCaptcha,
  staffLogin,
} from '../../testing/auth-helpers';
import { databases, openTestApp, type TestApp, testsOn } from '../../testing/test-db';
import { NO_IDENTITY_ON_FILE, TIN_ALREADY_STORED } from './service';

let n = 0;
/** A registration as the onboarding form sends it: the identity the TIN is checked against. */
function form(overrides: Record<string, unknown> = {}) {
  n += 1;
  const seq = String(n * 41 + (process.pid % 1000)).padStart(6, '0');
  return {
    organizationType: 'COMPANY',
    companyName: `Kedai E-Invois ${seq} Sdn Bhd`,
    newBusinessRegistrationNo: `201901${seq}`,
    businessContactCountryCode: '+60',
    businessContactNo: `03${seq.slice(-4)}5678`,
    establishedDate: '2019-03-01',
    natureOfBusinessId: 1,
    businessAuthorizedPostcode: '80000',
    applicantName: `Siti Invois ${seq}`,
    applicantIdentityCardType: 'MYKAD',
    applicantIdentityCardNo: '900101-14-5678',
    applicantRaceId: 1,
    applicantContactCountryCode: '+60',
    applicantContactNo: `013${seq.slice(-6)}0`,
    applicantEmail: `einvoice${seq}.${process.pid}@example.com`,
    password: 'correct horse battery',
    passwordConfirmation: 'correct horse battery',
    termsAccepted: true,
    consentTextVersion: LEGAL_TEXT_VERSION,
    acceptMarketingConsent: false,
    language: 'EN',
    ...overrides,
  };
}

interface Registered {
  userId: string;
  token: string;
}

describe.each(databases('concurrency'))('the e-invoice TIN on %s', (kind) => {
  const { it, everywhere } = testsOn(kind);
  let t: TestApp;
  let call: Caller;
  let staffToken: string;

  beforeAll(async () => {
    t = await openTestApp(kind);
    call = caller(t.app);
    await addStaff(t.db.orm, 'cs@einvoice.test', 'customer service pw', ['CUSTOMER_SERVICE']);
    staffToken = (await staffLogin(call, 'cs@einvoice.test', 'customer service pw')).accessToken;
  });
  afterAll(() => t.close());

  async function registered(overrides: Record<string, unknown> = {}): Promise<Registered> {
    const { status, body } = await call('POST', REGISTRATION_PATHS.register, {
      body: { ...form(overrides), captchaToken: await solveCaptcha(call) },
    });
    if (status !== 201) throw new Error(`register answered ${status}: ${JSON.stringify(body)}`);
    return { userId: body.userDetails.id as string, token: body.accessToken as string };
  }

  const validate = (who: Registered, tinNumber: unknown) =>
    call('POST', E_INVOICE_PATHS.validateTin, { token: who.token, body: { tinNumber } });
  const storedTin = async (who: Registered) =>
    (await call('GET', AUTH_PATHS.userMe, { token: who.token })).body.tinNumber as string | null;
  const auditOf = (who: Registered, action: 'user.tin_stored' | 'user.tin_rejected') =>
    t.db.orm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, `user:${who.userId}`), eq(auditLog.action, action)));

  it('keeps an individual TIN the tax authority knows for the MyKad registered, audited', async () => {
    const siti = await registered();
    expect(await storedTin(siti)).toBeNull();
    const answer = await validate(siti, ' ig123456789 ');
    expect(answer).toMatchObject({
      status: 200,
      body: { tinNumber: 'IG123456789', valid: true, stored: true },
    });
    expect(await storedTin(siti)).toBe('IG123456789');
    const [row, ...more] = await auditOf(siti, 'user.tin_stored');
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      actor: `user:${siti.userId}`,
      detail: { tinKind: 'INDIVIDUAL', idType: 'NRIC', provider: 'sandbox' },
    });
    // Neither the TIN nor the identity it was matched with is written to the audit row.
    expect(JSON.stringify(row)).not.toMatch(/123456789|900101/);

    // Kept once: the page disables the field, and the API refuses a second TIN either way.
    for (const again of [
      await validate(siti, 'IG987654321'),
      await call('PATCH', AUTH_PATHS.userTinNumber(siti.userId), {
        token: siti.token,
        body: { tinNumber: 'IG987654321' },
      }),
    ]) {
      expect(again).toMatchObject({
        status: 409,
        body: { message: TIN_ALREADY_STORED, code: 'TIN_ALREADY_STORED' },
      });
    }
    expect(await storedTin(siti)).toBe('IG123456789');
  });

  it('answers invalid, and keeps nothing, for a TIN the tax authority does not know', async () => {
    const ali = await registered();
    for (const tin of ['IG12345678', 'IG123456789012', 'IG000000000', 'D2584563200', 'X12345']) {
      const answer = await validate(ali, tin);
      expect({ tin, status: answer.status, body: answer.body }).toEqual({
        tin,
        status: 200,
        body: { tinNumber: tin, valid: false, stored: false },
      });
    }
    expect(await storedTin(ali)).toBeNull();
    expect(await auditOf(ali, 'user.tin_rejected')).toHaveLength(5);
    // A company's TIN is matched with its business registration (entity code 01).
    expect((await validate(ali, 'C2584563200')).body).toEqual({
      tinNumber: 'C2584563200',
      valid: true,
      stored: true,
    });
    const [row] = await auditOf(ali, 'user.tin_stored');
    expect(row!.detail).toMatchObject({ tinKind: 'BUSINESS', idType: 'BRN' });
  });

  it('checks a passport holder against the passport registered', async () => {
    const maria = await registered({
      applicantIdentityCardType: 'PASSPORT',
      applicantIdentityCardNo: 'a1234567',
      applicantDateOfBirth: '1988-04-02',
      applicantGender: 'FEMALE',
    });
    expect((await validate(maria, 'IG12345678901')).body).toMatchObject({ valid: true });
    const [row] = await auditOf(maria, 'user.tin_stored');
    expect(row!.detail).toMatchObject({ idType: 'PASSPORT' });
  });

  it('refuses input that is no TIN before asking anyone', async () => {
    const lee = await registered();
    for (const tinNumber of ['IG-1234', '', 'IG1234567890123456789012']) {
      expect(await validate(lee, tinNumber)).toMatchObject({
        status: 400,
        body: { message: tinNumber ? 'Please enter a valid TIN' : expect.any(String) },
      });
    }
    const missing = await call('POST', E_INVOICE_PATHS.validateTin, { token: lee.token, body: {} });
    expect(missing).toMatchObject({ status: 400, body: { message: 'Please enter your TIN' } });
    expect(await auditOf(lee, 'user.tin_rejected')).toEqual([]);
  });

  it('cannot check a TIN without registration details to match it with', async () => {
    const { session } = await register(call);
    const bare = { userId: session.userDetails!.id, token: session.accessToken };
    expect(await validate(bare, 'IG123456789')).toMatchObject({
      status: 409,
      body: { message: NO_IDENTITY_ON_FILE, code: 'TIN_IDENTITY_MISSING' },
    });
    expect(await storedTin(bare)).toBeNull();
  });

  it("keeps the spec's store path for the owner only, and only for a valid TIN", async () => {
    const owner = await registered();
    const other = await registered();
    const patch = (token: string | null, tinNumber = 'IG11122233344') =>
      call('PATCH', AUTH_PATHS.userTinNumber(owner.userId), { token, body: { tinNumber } });

    expect((await patch(null)).status).toBe(401);
    expect((await patch(staffToken)).status).toBe(403);
    // Someone else's account looks like no account, and is left as it was.
    expect((await patch(other.token)).status).toBe(404);
    expect(await storedTin(owner)).toBeNull();
    expect(await storedTin(other)).toBeNull();

    expect(await patch(owner.token, 'IG1234')).toMatchObject({
      status: 422,
      body: { message: 'TIN is invalid' },
    });
    expect(await storedTin(owner)).toBeNull();
    const kept = await patch(owner.token, 'ig11122233344');
    expect(kept).toMatchObject({
      status: 200,
      body: { id: owner.userId, tinNumber: 'IG11122233344' },
    });
  });

  everywhere('keeps one TIN when two checks race', async () => {
    const racer = await registered();
    const answers = await Promise.all([
      validate(racer, 'IG100000001'),
      validate(racer, 'IG200000002'),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200)!.body.tinNumber;
    expect(await storedTin(racer)).toBe(winner);
    expect(await auditOf(racer, 'user.tin_stored')).toHaveLength(1);
  });

  it('limits the checks of one account, not of the next', async () => {
    const busy = await registered();
    for (let i = 0; i < 10; i += 1) {
      expect((await validate(busy, `IG1234567${i}`)).body).toMatchObject({ valid: false });
    }
    expect((await validate(busy, 'IG123456789')).status).toBe(429);
    expect(await storedTin(busy)).toBeNull();
    const next = await registered();
    expect((await validate(next, 'IG123456789')).body).toMatchObject({ valid: true });
  });
});
