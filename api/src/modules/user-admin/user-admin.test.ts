import {
  ADMIN_USER_PATHS,
  AUTH_PATHS,
  LEGAL_TEXT_VERSION,
  REGISTRATION_PATHS,
} from '@lending/contracts';
import { and, desc, eq } from 'drizzle-orm';

import { auditLog, partners } from '../../db/schema';
import { agreementAt, approvedApplicant } from '../../testing/agreements';
import {
  addStaff,
  type Caller,
  caller,
  claimsOf,
  LOCAL_CLIENT,
  login,
  register,
  solveCaptcha,
  staffLogin,
} from '../../testing/auth-helpers';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

let n = 0;
/** A business registration (the onboarding form), so the account has an organization and a
 *  sealed identity card number. */
function form(nric: string) {
  n += 1;
  const seq = String(n * 53 + (process.pid % 1000)).padStart(6, '0');
  return {
    organizationType: 'COMPANY',
    companyName: `Bengkel Zaitun ${seq} Sdn Bhd`,
    newBusinessRegistrationNo: `202001${seq}`,
    businessContactCountryCode: '+60',
    businessContactNo: `03${seq.slice(-4)}5678`,
    establishedDate: '2019-03-01',
    natureOfBusinessId: 1,
    businessAuthorizedPostcode: '80000',
    applicantName: `Zaitun Hamid ${seq}`,
    applicantIdentityCardType: 'MYKAD',
    applicantIdentityCardNo: nric,
    applicantRaceId: 1,
    applicantContactCountryCode: '+60',
    applicantContactNo: `017${seq.slice(-6)}1`,
    applicantEmail: `zaitun${seq}.${process.pid}@example.com`,
    password: 'zaitun password 1',
    passwordConfirmation: 'zaitun password 1',
    termsAccepted: true,
    consentTextVersion: LEGAL_TEXT_VERSION,
    acceptMarketingConsent: true,
    language: 'MS',
  };
}

describe.each(databases())('the back office applicants on %s', (kind) => {
  let t: TestApp;
  let call: Caller;
  const tokens: Record<string, string> = {};
  const staffIds: Record<string, string> = {};
  let zaitun: { userId: string; token: string; form: ReturnType<typeof form> };
  let bob: Awaited<ReturnType<typeof register>>;

  beforeAll(async () => {
    t = await openTestApp(kind);
    call = caller(t.app);
    for (const role of ['ADMIN', 'CUSTOMER_SERVICE', 'CREDIT_OFFICER', 'APPROVER']) {
      const email = `${role.toLowerCase()}.users@lender.test`;
      await addStaff(t.db.orm, email, `${role} password`, [role]);
      const { accessToken } = await staffLogin(call, email, `${role} password`);
      tokens[role] = accessToken;
      staffIds[role] = String(claimsOf(accessToken).sub);
    }
    const body = form('880505-10-1234');
    const answer = await call('POST', REGISTRATION_PATHS.register, {
      body: { ...body, captchaToken: await solveCaptcha(call) },
    });
    expect(answer.status).toBe(201);
    zaitun = { userId: answer.body.userDetails.id, token: answer.body.accessToken, form: body };
    bob = await register(call);
  });
  afterAll(() => t.close());

  const auditsOf = (userId: string, action: string) =>
    t.db.orm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, `user:${userId}`), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.id));

  const search = (q: string, token = tokens.CUSTOMER_SERVICE) =>
    call('GET', `${ADMIN_USER_PATHS.search}?q=${encodeURIComponent(q)}`, { token });
  const idsOf = (answer: { body: { items: { id: string }[] } }) =>
    answer.body.items.map((item) => item.id);

  it('lets admins and customer service read and edit profiles, and only admins sign-in details', async () => {
    // Someone of their own: the admin's call sets a password, which ends their sessions.
    const target = await register(call);
    const bobId = target.session.userDetails!.id;
    const paths = [
      { method: 'GET', url: ADMIN_USER_PATHS.search, body: undefined },
      { method: 'GET', url: ADMIN_USER_PATHS.detail(bobId), body: undefined },
      { method: 'PATCH', url: ADMIN_USER_PATHS.update(bobId), body: { language: 'MS' } },
      {
        method: 'PATCH',
        url: ADMIN_USER_PATHS.updateAuthOnly(bobId),
        body: { password: 'set by an admin 1' },
      },
    ] as const;
    const allowed: Record<string, boolean[]> = {
      ADMIN: [true, true, true, true],
      CUSTOMER_SERVICE: [true, true, true, false],
      CREDIT_OFFICER: [false, false, false, false],
      APPROVER: [false, false, false, false],
    };
    for (const [role, answers] of Object.entries(allowed)) {
      for (const [i, path] of paths.entries()) {
        const { status } = await call(path.method, path.url, {
          token: tokens[role],
          body: path.body,
        });
        expect({ role, url: path.url, status }).toEqual({
          role,
          url: path.url,
          status: answers[i] ? 200 : 403,
        });
      }
    }
    // Nobody signed in, and an applicant (even for their own account), get nothing.
    for (const path of paths) {
      expect((await call(path.method, path.url, { body: path.body })).status).toBe(401);
      const own = paths.indexOf(path) === 0 ? path.url : path.url.replace(bobId, zaitun.userId);
      expect((await call(path.method, own, { token: zaitun.token, body: path.body })).status).toBe(
        403,
      );
    }
  });

  it('finds an applicant by name, email, phone number or whole identity card number', async () => {
    const { form: registered, userId } = zaitun;
    const local = `0${(await call('GET', AUTH_PATHS.userMe, { token: zaitun.token })).body.phoneNo.slice(3)}`;
    for (const q of [
      registered.applicantName.toUpperCase(),
      registered.companyName.slice(0, 20).toLowerCase(),
      registered.applicantEmail.split('@')[0]!,
      local,
      `${local.slice(0, 3)}-${local.slice(3)}`,
      '880505-10-1234',
      '880505101234',
    ]) {
      expect({ q, found: idsOf(await search(q)) }).toEqual({ q, found: [userId] });
    }
    // Part of an identity card number, or another one, finds nobody: only the whole one is kept.
    expect(idsOf(await search('880505'))).toEqual([]);
    expect(idsOf(await search('880505-10-1235'))).toEqual([]);
    expect(idsOf(await search('%'))).toEqual([]);

    const [item] = (await search('880505101234')).body.items;
    expect(item).toMatchObject({
      email: registered.applicantEmail,
      companyName: registered.companyName,
      tenant: 'arkcash',
    });
    // The number is shown masked, never whole.
    expect(item.identityCardNo.startsWith('880505')).toBe(true);
    expect(item.identityCardNo).not.toContain('1234');
  });

  it('pages the list, newest first', async () => {
    const first = await call('GET', `${ADMIN_USER_PATHS.search}?pageSize=1`, {
      token: tokens.ADMIN,
    });
    const second = await call('GET', `${ADMIN_USER_PATHS.search}?pageSize=1&page=2`, {
      token: tokens.ADMIN,
    });
    expect(first.body).toMatchObject({ page: 1, pageSize: 1, total: expect.any(Number) });
    expect(first.body.total).toBeGreaterThanOrEqual(2);
    expect(first.body.items).toHaveLength(1);
    expect(second.body.items).toHaveLength(1);
    expect(second.body.items[0].id).not.toBe(first.body.items[0].id);
    expect(first.body.items[0].createdAt >= second.body.items[0].createdAt).toBe(true);
    const tooBig = await call('GET', `${ADMIN_USER_PATHS.search}?pageSize=1000`, {
      token: tokens.ADMIN,
    });
    expect(tooBig.status).toBe(400);
  });

  it("shows one applicant's applications, agreements, consents and sessions", async () => {
    const approved = await approvedApplicant(t.db.orm, call);
    const agreement = await agreementAt(t.db.orm, approved);
    const { userId } = approved.applicant;
    const { status, body } = await call('GET', ADMIN_USER_PATHS.detail(userId), {
      token: tokens.CUSTOMER_SERVICE,
    });
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ id: userId, email: approved.applicant.email });
    expect(body.applications).toEqual([
      expect.objectContaining({ id: approved.applicationId, status: 'APPROVED' }),
    ]);
    expect(body.agreements).toEqual([
      expect.objectContaining({
        id: agreement.id,
        agreementNo: agreement.agreementNo,
        status: 'LOANAPPLICATIONAPPROVED',
      }),
    ]);
    expect(body.accounts).toEqual([]);
    expect(body.sessions[0]).toMatchObject({ active: true, endedAt: null });

    const registered = await call('GET', ADMIN_USER_PATHS.detail(zaitun.userId), {
      token: tokens.CUSTOMER_SERVICE,
    });
    expect(registered.body.consents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'TERMS', given: true, textVersion: LEGAL_TEXT_VERSION }),
        expect.objectContaining({ kind: 'MARKETING', given: true }),
      ]),
    );
    expect(registered.body.identityCardNo).toMatch(/^880505/);
    expect(JSON.stringify(registered.body)).not.toContain('101234');

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await call('GET', ADMIN_USER_PATHS.detail(unknown), { token: tokens.ADMIN })).status,
    ).toBe(404);
    expect(
      (await call('GET', ADMIN_USER_PATHS.detail('not-an-id'), { token: tokens.ADMIN })).status,
    ).toBe(400);
  });

  it('changes the profile, auditing each field before and after; the applicant sees it', async () => {
    const person = await register(call);
    const userId = person.session.userDetails!.id;
    await t.db.orm.insert(partners).values({ id: 'PTN001', name: 'Rakan Niaga' });
    const changed = await call('PATCH', ADMIN_USER_PATHS.update(userId), {
      token: tokens.CUSTOMER_SERVICE,
      body: {
        firstName: '  Nurul   Huda ',
        residentialAddress1: 'No 5, Jalan Mawar',
        language: person.person.language,
        partnerId: 'ptn001',
      },
    });
    expect(changed).toMatchObject({
      status: 200,
      body: {
        firstName: 'Nurul Huda',
        residentialAddress1: 'No 5, Jalan Mawar',
        partnerId: 'PTN001',
      },
    });
    const me = await call('GET', AUTH_PATHS.userMe, { token: person.session.accessToken });
    expect(me.body).toMatchObject({
      firstName: 'Nurul Huda',
      residentialAddress1: 'No 5, Jalan Mawar',
    });

    const [row] = await auditsOf(userId, 'staff.user_updated');
    expect(row).toMatchObject({
      actor: `staff:${staffIds.CUSTOMER_SERVICE}`,
      entity: `user:${userId}`,
      detail: {
        changes: {
          firstName: { from: person.person.firstName, to: 'Nurul Huda' },
          residentialAddress1: { from: null, to: 'No 5, Jalan Mawar' },
          partnerId: { from: null, to: 'PTN001' },
        },
      },
    });
    // The language was sent unchanged: it is not in the record of what changed.
    expect(Object.keys((row!.detail as { changes: object }).changes)).not.toContain('language');

    // Sending the same again changes nothing, and records nothing.
    await call('PATCH', ADMIN_USER_PATHS.update(userId), {
      token: tokens.CUSTOMER_SERVICE,
      body: { firstName: 'Nurul Huda' },
    });
    expect(await auditsOf(userId, 'staff.user_updated')).toHaveLength(1);
  });

  it('checks the profile on the server', async () => {
    const userId = bob.session.userDetails!.id;
    const patch = (body: Record<string, unknown>) =>
      call('PATCH', ADMIN_USER_PATHS.update(userId), { token: tokens.CUSTOMER_SERVICE, body });
    expect((await patch({ phoneNo: '+60123456789' })).body).toMatchObject({
      code: 'SIGN_IN_DETAIL_REFUSED',
    });
    expect((await patch({ firstName: '   ' })).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Please enter the first name',
    });
    expect((await patch({ partnerId: 'NOSUCH' })).body).toMatchObject({
      code: 'PARTNER_ID_INVALID',
      message: 'Invalid partner ID',
    });
    expect((await patch({ tinNumber: 'IG 123' })).status).toBe(400);
    expect((await patch({ language: 'FR' })).status).toBe(400);
    expect((await patch({ allowToApplyNewLoanAfterDateTime: 'tomorrow' })).status).toBe(400);
    // Fields the path does not change are dropped, never written.
    const unknown = await patch({ role: 'ADMIN', passwordHash: 'x', tinNumber: 'ig123456789' });
    expect(unknown).toMatchObject({
      status: 200,
      body: { role: 'APPLICANT', tinNumber: 'IG123456789' },
    });
    expect((await login(call, bob.person.email, bob.person.password)).status).toBe(200);
  });

  it('lets an admin change the sign-in details: every session ends, the audit keeps no secret', async () => {
    const carol = await register(call);
    const userId = carol.session.userDetails!.id;
    const newEmail = `carol.new.${process.pid}@example.com`;
    const newPhone = `+6011${String(process.pid).padStart(8, '0').slice(-8)}`;
    const changed = await call('PATCH', ADMIN_USER_PATHS.updateAuthOnly(userId), {
      token: tokens.ADMIN,
      body: {
        email: ` ${newEmail.toUpperCase()} `,
        phoneNo: newPhone,
        password: 'chosen by admin',
      },
    });
    expect(changed).toMatchObject({ status: 200, body: { email: newEmail, phoneNo: newPhone } });
    expect(
      (await call('GET', AUTH_PATHS.userMe, { token: carol.session.accessToken })).status,
    ).toBe(401);
    expect((await login(call, carol.person.email, 'chosen by admin')).status).toBe(401);
    expect((await login(call, newEmail, 'chosen by admin')).status).toBe(200);

    const [row] = await auditsOf(userId, 'staff.user_auth_updated');
    expect(row).toMatchObject({
      actor: `staff:${staffIds.ADMIN}`,
      detail: {
        changes: {
          email: { from: carol.person.email, to: newEmail },
          phoneNo: { from: carol.person.phoneNo, to: newPhone },
          password: { changed: true },
        },
        sessionsEnded: true,
      },
    });
    expect(JSON.stringify(row!.detail)).not.toMatch(/chosen by admin|argon|scrypt|\$2/);

    // The old address and the new one are both told, without the new password.
    for (const address of [carol.person.email, newEmail]) {
      const { body: outbox } = await call(
        'GET',
        `${AUTH_PATHS.sandboxOutbox}?to=${encodeURIComponent(address)}`,
        LOCAL_CLIENT,
      );
      const notice = outbox.find(
        (message: { subject: string }) => message.subject === 'Your sign-in details were changed',
      );
      expect(notice.body).toContain('sign-in email, mobile number, password');
      expect(notice.body).not.toContain('chosen by admin');
    }

    const detail = await call('GET', ADMIN_USER_PATHS.detail(userId), { token: tokens.ADMIN });
    const registered = detail.body.sessions.find(
      (session: { id: string }) => session.id === claimsOf(carol.session.accessToken).sid,
    );
    expect(registered).toMatchObject({
      active: false,
      endReason: 'sign-in-details-changed-by-staff',
    });
  });

  it('refuses sign-in details another account uses, or that are not valid', async () => {
    const dina = await register(call);
    const userId = dina.session.userDetails!.id;
    const patch = (body: Record<string, unknown>) =>
      call('PATCH', ADMIN_USER_PATHS.updateAuthOnly(userId), { token: tokens.ADMIN, body });
    expect((await patch({ email: bob.person.email })).body).toMatchObject({
      statusCode: 409,
      code: 'USER_EMAIL_EXISTS',
    });
    expect((await patch({ phoneNo: bob.person.phoneNo })).body).toMatchObject({
      statusCode: 409,
      code: 'USER_PHONE_EXISTS',
    });
    expect((await patch({ phoneNo: '0123456789' })).status).toBe(400);
    // A landline cannot receive the one-time codes.
    expect((await patch({ phoneNo: '+60321234567' })).status).toBe(400);
    expect((await patch({ email: 'not an email' })).status).toBe(400);
    expect((await patch({ password: 'short' })).status).toBe(400);
    expect((await patch({})).body).toMatchObject({
      message: 'Send an email, a phone number or a password to change',
    });
    // Nothing refused was written, and the applicant is still signed in.
    expect(await auditsOf(userId, 'staff.user_auth_updated')).toEqual([]);
    expect((await call('GET', AUTH_PATHS.userMe, { token: dina.session.accessToken })).status).toBe(
      200,
    );
  });
});
