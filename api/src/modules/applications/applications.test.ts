import {
  APPLICATION_PATHS,
  type ApplicationProgressStep,
  FILE_PATHS,
  type LoginResponse,
  type OrganizationType,
  type TokenPair,
} from '@lending/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';

import { createSealer, loadDataKey } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import { systemClock } from '../../kernel/clock';
import { applicationStore } from '../../testing/application-store';
import {
  addStaff,
  type Caller,
  caller,
  login,
  register,
  staffLogin,
} from '../../testing/auth-helpers';
import { multipart, pdf, uploadRequiredDocuments } from '../../testing/files';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';
import { createApplicationService } from './service';
import type { StatusChange } from './store';

const recordProgress = (db: Orm, applicationId: string, step: ApplicationProgressStep) =>
  applicationStore(db).recordProgress(applicationId, step);
const changeStatus = (db: Orm, change: StatusChange) => applicationStore(db).changeStatus(change);

let registrations = 0;
/** A business number of the right entity code, different on every call. */
function businessNumber(type: OrganizationType): string {
  registrations += 1;
  const code = type === 'COMPANY' ? '01' : type === 'SOLE_PROP' ? '03' : '04';
  return `2019${code}${String(registrations + (process.pid % 1000) * 1000).padStart(6, '0')}`;
}

/** The organization registration creates, written directly (registration is its own module). */
async function addOrganization(
  db: Orm,
  userId: string,
  type: OrganizationType,
  businessContactNo: string | null = null,
) {
  const [row] = await db
    .insert(t.organizations)
    .values({
      tenant: 'arkcash',
      userId,
      organizationType: type,
      companyName: 'Kedai Runcit Maju',
      newBusinessRegistrationNo: businessNumber(type),
      businessContactNo,
      applicantName: 'Nur Aisyah',
      applicantEmail: `owner.${userId.slice(0, 8)}@example.com`,
    })
    .returning();
  return row!;
}

type Session = LoginResponse;

describe.each(databases())('applications API on %s', (kind) => {
  let t0: TestApp;
  let call: Caller;
  let admin: TokenPair;
  let officer: TokenPair;
  let service: TokenPair;
  const master = {
    raceId: 0,
    nationalityId: 0,
    bankId: 0,
    natureOfBusinessId: 0,
    relationshipId: 0,
    otherRelationshipId: 0,
    loanReasonId: 0,
    otherLoanReasonId: 0,
  };

  async function firstId(table: 'races' | 'nationalities' | 'banks' | 'natures_of_business') {
    const result = await t0.db.orm.execute<{ id: number }>(
      sql.raw(`select id from ${table} order by id limit 1`),
    );
    return (result as unknown as { rows: { id: number }[] }).rows[0]!.id;
  }

  beforeAll(async () => {
    t0 = await openTestApp(kind);
    call = caller(t0.app);
    await addStaff(t0.db.orm, 'admin@lender.test', 'admin password', ['ADMIN']);
    await addStaff(t0.db.orm, 'officer@lender.test', 'officer password', ['CREDIT_OFFICER']);
    await addStaff(t0.db.orm, 'service@lender.test', 'service password', ['CUSTOMER_SERVICE']);
    admin = await staffLogin(call, 'admin@lender.test', 'admin password');
    officer = await staffLogin(call, 'officer@lender.test', 'officer password');
    service = await staffLogin(call, 'service@lender.test', 'service password');
    master.raceId = await firstId('races');
    master.nationalityId = await firstId('nationalities');
    master.bankId = await firstId('banks');
    master.natureOfBusinessId = await firstId('natures_of_business');
    const relationships = await t0.db.orm
      .select()
      .from(t.relationships)
      .orderBy(asc(t.relationships.id));
    master.relationshipId = relationships.find((row) => !row.needsOtherText)!.id;
    master.otherRelationshipId = relationships.find((row) => row.needsOtherText)!.id;
    const reasons = await t0.db.orm.select().from(t.loanReasons).orderBy(asc(t.loanReasons.id));
    master.loanReasonId = reasons.find((row) => !row.needsOtherText)!.id;
    master.otherLoanReasonId = reasons.find((row) => row.needsOtherText)!.id;
  });
  afterAll(() => t0.close());

  const token = (who: Session) => who.accessToken;
  const userId = (who: Session) => who.userDetails!.id;

  async function applicant(type: OrganizationType, businessContactNo: string | null = null) {
    const { session, person } = await register(call);
    const organization = await addOrganization(t0.db.orm, userId(session), type, businessContactNo);
    return { session, person, organization };
  }

  const loan = (overrides: Record<string, unknown> = {}) => ({
    requestedAmountSen: 1_000_000,
    tenureMonths: 12,
    loanReasonId: master.loanReasonId,
    ...overrides,
  });

  async function start(who: Session, overrides: Record<string, unknown> = {}) {
    const created = await call('POST', APPLICATION_PATHS.create, {
      token: token(who),
      body: loan(overrides),
    });
    expect(created.status).toBe(201);
    return created.body as { id: string; [key: string]: unknown };
  }

  const address = (postcode = '80000') => ({ line1: '12 Jalan Bunga', postcode });

  const company = (brn: string, overrides: Record<string, unknown> = {}) => ({
    companyName: 'Kedai Runcit Maju',
    newBusinessRegistrationNo: brn,
    natureOfBusinessId: master.natureOfBusinessId,
    businessContactNo: '+60321234567',
    establishedDate: '2019-03-01',
    companyEmail: 'hello@kedai.example.com',
    businessAuthorisedAddress: address(),
    registeredSsmAddress: address(),
    mailingAddress: address(),
    ...overrides,
  });

  const applicantDetails = (overrides: Record<string, unknown> = {}) => ({
    name: 'Nur Aisyah binti Ahmad',
    identityCardType: 'MYKAD',
    identityCardNo: '900101-14-5678',
    raceId: master.raceId,
    nationalityId: master.nationalityId,
    contactNo: '+60123456789',
    personalEmail: 'aisyah.personal@example.com',
    nricAddress: address(),
    homeAddress: address(),
    mailingAddress: address(),
    personalBankId: master.bankId,
    personalBankAccountNo: '1234567890',
    acceptMarketingConsent: false,
    ...overrides,
  });

  /** What a sole proprietor has still to upload before anything is: the required files. */
  const solePropDocuments = [
    { kind: 'document', fileType: 'SSM_DOCUMENT', required: 1, uploaded: 0 },
    { kind: 'document', fileType: 'FORM_EA_OR_BE', required: 1, uploaded: 0 },
    { kind: 'document', fileType: 'BANK_STATEMENT', required: 1, uploaded: 0 },
    { kind: 'document', fileType: 'PREMISE_PICTURE', required: 5, uploaded: 0 },
  ];

  const disbursement = { bankId: 0, accountName: 'Kedai Runcit Maju', accountNumber: '9876543210' };

  const contacts = (email = 'brother@example.com') => ({
    contacts: [
      {
        name: 'Ahmad bin Ali',
        relationshipId: master.relationshipId,
        contactNo: '+60129876543',
        email,
      },
    ],
  });

  const partner = (ic: string, role = 'PARTNER') => ({
    role,
    name: `Partner ${ic.slice(-4)}`,
    identityCardType: 'MYKAD',
    identityCardNo: ic,
    contactNo: '+60131234567',
    personalEmail: `p${ic.slice(-4)}@example.com`,
  });

  async function save(who: Session, path: string, applicationId: string, body: object) {
    return call('POST', path, { token: token(who), body: { applicationId, ...body } });
  }

  async function fillSoleProp(who: Session, applicationId: string, brn: string) {
    for (const [path, body] of [
      [APPLICATION_PATHS.companyDetails, company(brn)],
      [APPLICATION_PATHS.applicantDetails, applicantDetails()],
      [APPLICATION_PATHS.disbursementDetails, { ...disbursement, bankId: master.bankId }],
      [APPLICATION_PATHS.emergencyContactDetails, contacts()],
    ] as const) {
      const saved = await save(who, path, applicationId, body);
      expect({ path, status: saved.status, body: saved.body.message }).toMatchObject({
        path,
        status: 200,
      });
    }
  }

  describe('starting an application', () => {
    it('starts a draft with a reference number and the estimated monthly instalment', async () => {
      const { session, organization } = await applicant('SOLE_PROP');
      const created = await start(session);
      expect(created).toMatchObject({
        status: 'DRAFT',
        applicationStatus: 'DRAFT',
        organizationId: organization.id,
        organizationType: 'SOLE_PROP',
        requestedAmountSen: 1_000_000,
        tenureMonths: 12,
        interestRateBp: 1680,
        // The spec's simulation: RM10,000 at 1.5% a month flat over 12 months is RM11,800,
        // 12 x RM983.33 with a last of RM983.37.
        estimatedMonthlyInstalmentSen: 98_333,
        progress: [],
      });
      expect(created.referenceNo).toMatch(/^AC-\d{4}-\d{6}$/);
      const history = await t0.db.orm
        .select()
        .from(t.applicationStatusHistory)
        .where(eq(t.applicationStatusHistory.applicationId, created.id));
      expect(history).toMatchObject([{ fromStatus: null, toStatus: 'DRAFT' }]);
    });

    it('estimates at the simulation rate the product is set to, not a built-in one', async () => {
      const rateOf = (simulatorMonthlyRateBp: number) =>
        t0.db.orm
          .update(t.products)
          .set({ simulatorMonthlyRateBp })
          .where(eq(t.products.tenant, 'arkcash'));
      await rateOf(125);
      try {
        const { session } = await applicant('SOLE_PROP');
        const created = await start(session);
        // RM10,000 at 1.25% a month over 12 months: RM11,500, 12 x RM958.33.
        expect(created.estimatedMonthlyInstalmentSen).toBe(95_833);
      } finally {
        await rateOf(150);
      }
    });

    it('refuses a loan outside the product limits, an unknown reason and a missing other reason', async () => {
      const { session } = await applicant('SOLE_PROP');
      const attempt = (body: Record<string, unknown>) =>
        call('POST', APPLICATION_PATHS.create, { token: token(session), body: loan(body) });
      expect(await attempt({ requestedAmountSen: 499_999 })).toMatchObject({
        status: 400,
        body: { message: 'Loan amount must be between RM 5,000.00 and RM 50,000.00' },
      });
      expect((await attempt({ requestedAmountSen: 5_000_001 })).status).toBe(400);
      expect(await attempt({ tenureMonths: 25 })).toMatchObject({
        status: 400,
        body: { message: 'Loan period must be between 6 and 24 months' },
      });
      expect(await attempt({ loanReasonId: 99_999 })).toMatchObject({
        status: 400,
        body: { message: 'Please select a loan reason' },
      });
      expect(await attempt({ loanReasonId: master.otherLoanReasonId })).toMatchObject({
        status: 400,
        body: { message: 'Please enter your other reason' },
      });
      expect(await attempt({ campaignCode: 'NOSUCHCODE' })).toMatchObject({
        status: 400,
        body: { message: 'Invalid campaign code' },
      });
      expect((await attempt({ requestedAmountSen: 'a lot' })).status).toBe(400);
    });

    it('accepts a running campaign code and an other reason when the reason needs one', async () => {
      const { session } = await applicant('SOLE_PROP');
      const created = await start(session, {
        campaignCode: 'partner10',
        loanReasonId: master.otherLoanReasonId,
        loanReasonOther: 'Festive stock',
      });
      expect(created).toMatchObject({
        campaignCode: 'PARTNER10',
        loanReasonOther: 'Festive stock',
      });
    });

    it('keeps one open application per applicant', async () => {
      const { session } = await applicant('SOLE_PROP');
      await start(session);
      const second = await call('POST', APPLICATION_PATHS.create, {
        token: token(session),
        body: loan(),
      });
      expect(second).toMatchObject({
        status: 409,
        body: {
          message: 'You already have an application in progress; continue it or cancel it first',
        },
      });
    });

    it('refuses an applicant without an organization', async () => {
      const { session } = await register(call);
      const created = await call('POST', APPLICATION_PATHS.create, {
        token: token(session),
        body: loan(),
      });
      expect(created).toMatchObject({ status: 404, body: { message: 'Organization not found' } });
    });

    it('changes the loan while a draft', async () => {
      const { session } = await applicant('SOLE_PROP');
      const created = await start(session);
      const changed = await call('PATCH', APPLICATION_PATHS.loan(created.id), {
        token: token(session),
        body: loan({ requestedAmountSen: 2_000_000, tenureMonths: 24 }),
      });
      expect(changed).toMatchObject({
        status: 200,
        body: { requestedAmountSen: 2_000_000, tenureMonths: 24 },
      });
      const bad = await call('PATCH', APPLICATION_PATHS.loan(created.id), {
        token: token(session),
        body: loan({ tenureMonths: 3 }),
      });
      expect(bad.status).toBe(400);
    });
  });

  describe('company details', () => {
    it('stores the addresses with the city and state of their postcode', async () => {
      const { session, organization } = await applicant('SOLE_PROP');
      const { id } = await start(session);
      const saved = await save(
        session,
        APPLICATION_PATHS.companyDetails,
        id,
        company(organization.newBusinessRegistrationNo),
      );
      expect(saved.status).toBe(200);
      expect(saved.body.sections.company.mailingAddress).toMatchObject({
        postcode: '80000',
        cityName: 'Johor Bahru',
        stateName: 'Johor',
      });
      expect(saved.body.missing).toContainEqual({ kind: 'section', section: 'applicant' });
      expect(saved.body.missing).not.toContainEqual({ kind: 'section', section: 'company' });
    });

    it.each([
      [
        'an unknown postcode',
        { mailingAddress: address('00000') },
        'Postcode not found (mailing address)',
      ],
      [
        'a phone number without its country code',
        { businessContactNo: '0321234567' },
        'Please enter your business contact number with its country code',
      ],
      [
        'a phone number with a dash',
        { businessContactNo: '+603-21234567' },
        'Please enter your business contact number without dashes',
      ],
      [
        'an establishment date in the future',
        { establishedDate: '2999-01-01' },
        'Year of establishment cannot be in the future',
      ],
      [
        'an expired SSM registration',
        { ssmExpiryDate: '2020-01-01' },
        'Your SSM registration has expired',
      ],
      [
        'an invalid company email',
        { companyEmail: 'not-an-email' },
        'Please enter a valid company email',
      ],
      [
        'an unknown nature of business',
        { natureOfBusinessId: 99_999 },
        'Please select a nature of business',
      ],
    ])('refuses %s', async (_case, overrides, message) => {
      const { session, organization } = await applicant('SOLE_PROP');
      const { id } = await start(session);
      const saved = await save(
        session,
        APPLICATION_PATHS.companyDetails,
        id,
        company(organization.newBusinessRegistrationNo, overrides),
      );
      expect(saved).toMatchObject({ status: 400, body: { message } });
    });

    it('refuses a business number of another organization type or another business', async () => {
      const { session, organization } = await applicant('SOLE_PROP');
      const { id } = await start(session);
      const wrongType = await save(
        session,
        APPLICATION_PATHS.companyDetails,
        id,
        company(
          `${organization.newBusinessRegistrationNo.slice(0, 4)}01${organization.newBusinessRegistrationNo.slice(6)}`,
        ),
      );
      expect(wrongType).toMatchObject({
        status: 400,
        body: {
          message:
            'This business registration number belongs to a company, not a sole proprietorship',
        },
      });
      const other = await save(
        session,
        APPLICATION_PATHS.companyDetails,
        id,
        company(businessNumber('SOLE_PROP')),
      );
      expect(other).toMatchObject({
        status: 400,
        body: {
          message:
            'The business registration number must be the one your organization registered with',
        },
      });
      const oldFormat = await save(
        session,
        APPLICATION_PATHS.companyDetails,
        id,
        company('SA0123456-A'),
      );
      expect(oldFormat.status).toBe(400);
    });
  });

  describe('applicant details', () => {
    it('reads birth date, gender and age from a MyKad number', async () => {
      const { session } = await applicant('SOLE_PROP');
      const { id } = await start(session);
      const saved = await save(session, APPLICATION_PATHS.applicantDetails, id, applicantDetails());
      expect(saved.status).toBe(200);
      expect(saved.body.sections.applicant).toMatchObject({
        identityCardNo: '900101145678',
        dateOfBirth: '1990-01-01',
        gender: 'FEMALE',
      });
      expect(saved.body.sections.applicant.age).toBeGreaterThanOrEqual(35);
    });

    it('refuses an invalid NRIC', async () => {
      const { session } = await applicant('SOLE_PROP');
      const { id } = await start(session);
      const saved = await save(
        session,
        APPLICATION_PATHS.applicantDetails,
        id,
        applicantDetails({ identityCardNo: '901301145678' }),
      );
      expect(saved).toMatchObject({ status: 400, body: { message: 'Invalid NRIC entered' } });
    });

    it('asks a passport holder for birth date and gender', async () => {
      const { session } = await applicant('SOLE_PROP');
      const { id } = await start(session);
      const passport = { identityCardType: 'PASSPORT', identityCardNo: 'a1234567' };
      const missing = await save(
        session,
        APPLICATION_PATHS.applicantDetails,
        id,
        applicantDetails(passport),
      );
      expect(missing).toMatchObject({
        status: 400,
        body: { message: 'Please enter your date of birth' },
      });
      const saved = await save(
        session,
        APPLICATION_PATHS.applicantDetails,
        id,
        applicantDetails({ ...passport, dateOfBirth: '1985-06-15', gender: 'MALE' }),
      );
      expect(saved.body.sections.applicant).toMatchObject({
        identityCardType: 'PASSPORT',
        identityCardNo: 'A1234567',
        gender: 'MALE',
      });
    });

    it('refuses an applicant outside the age window', async () => {
      const { session } = await applicant('SOLE_PROP');
      const { id } = await start(session);
      const tooOld = await save(
        session,
        APPLICATION_PATHS.applicantDetails,
        id,
        applicantDetails({ identityCardNo: '500101145678' }),
      );
      expect(tooOld).toMatchObject({
        status: 400,
        body: { message: 'Applicants must be between 20 and 65 years old' },
      });
    });

    it('refuses a bank account number that is not 6 to 20 digits', async () => {
      const { session } = await applicant('SOLE_PROP');
      const { id } = await start(session);
      const saved = await save(
        session,
        APPLICATION_PATHS.applicantDetails,
        id,
        applicantDetails({ personalBankAccountNo: '12345' }),
      );
      expect(saved).toMatchObject({
        status: 400,
        body: { message: 'Please enter a valid bank account number (6 to 20 digits)' },
      });
    });

    it('keeps the NRIC sealed in the table', async () => {
      const { session } = await applicant('SOLE_PROP');
      const { id } = await start(session);
      await save(session, APPLICATION_PATHS.applicantDetails, id, applicantDetails());
      const result = await t0.db.orm.execute<{ sealed_data: string }>(
        sql`select sealed_data from application_sections where application_id = ${id}`,
      );
      const [row] = (result as unknown as { rows: { sealed_data: string }[] }).rows;
      expect(row!.sealed_data).not.toContain('900101145678');
      expect(row!.sealed_data).not.toContain('Nur Aisyah');
      expect(row!.sealed_data).toMatch(/^v1\./);
    });
  });

  describe('disbursement and emergency contacts', () => {
    it('refuses an unknown bank and a short account number', async () => {
      const { session } = await applicant('SOLE_PROP');
      const { id } = await start(session);
      expect(
        await save(session, APPLICATION_PATHS.disbursementDetails, id, {
          ...disbursement,
          bankId: 99_999,
        }),
      ).toMatchObject({ status: 400, body: { message: 'Please select company bank' } });
      expect(
        await save(session, APPLICATION_PATHS.disbursementDetails, id, {
          ...disbursement,
          bankId: master.bankId,
          accountNumber: '12-34',
        }),
      ).toMatchObject({ status: 400 });
      const saved = await save(session, APPLICATION_PATHS.disbursementDetails, id, {
        ...disbursement,
        bankId: master.bankId,
      });
      expect(saved.body.sections.disbursement).toEqual({ ...disbursement, bankId: master.bankId });
    });

    it('refuses an emergency contact email equal to the personal email', async () => {
      const { session } = await applicant('SOLE_PROP');
      const { id } = await start(session);
      await save(session, APPLICATION_PATHS.applicantDetails, id, applicantDetails());
      const same = await save(
        session,
        APPLICATION_PATHS.emergencyContactDetails,
        id,
        contacts('Aisyah.Personal@example.com'),
      );
      expect(same).toMatchObject({
        status: 400,
        body: { message: 'Emergency contact email must be different from your personal email' },
      });
    });

    it('numbers the contacts and asks for the other relationship when needed', async () => {
      const { session } = await applicant('SOLE_PROP');
      const { id } = await start(session);
      const two = {
        contacts: [
          contacts().contacts[0],
          {
            name: 'Siti',
            relationshipId: master.otherRelationshipId,
            contactNo: '+60135556666',
            email: 'siti@example.com',
          },
        ],
      };
      const noOther = await save(session, APPLICATION_PATHS.emergencyContactDetails, id, two);
      expect(noOther).toMatchObject({
        status: 400,
        body: { message: 'Please enter other relationship (emergency contact 2)' },
      });
      two.contacts[1] = { ...two.contacts[1]!, relationshipOther: 'Neighbour' } as never;
      const saved = await save(session, APPLICATION_PATHS.emergencyContactDetails, id, two);
      expect(saved.body.sections.emergencyContacts.contacts).toMatchObject([
        { number: 1, name: 'Ahmad bin Ali' },
        { number: 2, name: 'Siti', relationshipOther: 'Neighbour' },
      ]);
      const four = { contacts: [...two.contacts, ...two.contacts] };
      expect(
        (await save(session, APPLICATION_PATHS.emergencyContactDetails, id, four)).status,
      ).toBe(400);
    });
  });

  describe('partners and directors', () => {
    it('does not apply to a sole proprietor', async () => {
      const { session } = await applicant('SOLE_PROP');
      const { id } = await start(session);
      const saved = await save(session, APPLICATION_PATHS.directorDetails, id, {
        people: [partner('850505105671', 'DIRECTOR')],
      });
      expect(saved).toMatchObject({
        status: 400,
        body: { message: 'Director and partner details do not apply to a sole proprietorship' },
      });
    });

    it('asks a partnership for at least 2 partners', async () => {
      const { session } = await applicant('PARTNERSHIP');
      const { id } = await start(session);
      const one = await save(session, APPLICATION_PATHS.directorDetails, id, {
        people: [partner('850505105671')],
      });
      expect(one).toMatchObject({
        status: 400,
        body: { message: 'A partnership needs at least 2 partners' },
      });
      const two = await save(session, APPLICATION_PATHS.directorDetails, id, {
        people: [partner('850505105671'), partner('870707106782')],
      });
      expect(two.status).toBe(200);
      expect(two.body.sections.directors.people).toHaveLength(2);
    });

    it('asks a company for at least 1 director whose IC is 12 digits, hyphens not counted', async () => {
      const { session } = await applicant('COMPANY');
      const { id } = await start(session);
      const none = await save(session, APPLICATION_PATHS.directorDetails, id, { people: [] });
      expect(none).toMatchObject({
        status: 400,
        body: { message: 'A company needs at least 1 director' },
      });
      const short = await save(session, APPLICATION_PATHS.directorDetails, id, {
        people: [partner('85050510567', 'DIRECTOR')],
      });
      expect(short).toMatchObject({
        status: 400,
        body: { message: 'IC number of director 1 must be exactly 12 digits' },
      });
      // Hyphens are not digits: eleven digits grouped to fourteen characters are still short.
      const grouped = await save(session, APPLICATION_PATHS.directorDetails, id, {
        people: [partner('850505-10-567', 'DIRECTOR')],
      });
      expect(grouped).toMatchObject({
        status: 400,
        body: { message: 'IC number of director 1 must be exactly 12 digits' },
      });
      // The number as printed on the card, the applicant's rule: kept as its twelve digits.
      const saved = await save(session, APPLICATION_PATHS.directorDetails, id, {
        people: [partner('850505-10-5671', 'DIRECTOR')],
      });
      expect(saved.status).toBe(200);
      expect(saved.body.sections.directors.people[0].identityCardNo).toBe('850505105671');
    });
  });

  describe('submitting', () => {
    it('refuses an incomplete application with what is missing, then submits it', async () => {
      const { session, organization } = await applicant('SOLE_PROP');
      const { id } = await start(session);
      const refused = await call('PATCH', APPLICATION_PATHS.submit(id), { token: token(session) });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        statusCode: 409,
        error: 'Conflict',
        message: 'Please complete your application before submitting',
        code: 'SUBMIT_REFUSED',
      });
      expect(refused.body.missing).toEqual([
        { kind: 'section', section: 'company' },
        { kind: 'section', section: 'applicant' },
        { kind: 'section', section: 'disbursement' },
        { kind: 'section', section: 'emergencyContacts' },
        { kind: 'emailVerification' },
        ...solePropDocuments,
      ]);

      await fillSoleProp(session, id, organization.newBusinessRegistrationNo);
      const filled = await call('GET', APPLICATION_PATHS.byId(id), { token: token(session) });
      expect(filled.body.progress).toContain('APPLICATIONFORMCOMPLETED');
      expect(filled.body.missing).toEqual([{ kind: 'emailVerification' }, ...solePropDocuments]);

      await recordProgress(t0.db.orm, id, 'EMAILVERIFICATIONCOMPLETED');
      const verified = await call('GET', APPLICATION_PATHS.byId(id), { token: token(session) });
      expect(verified.body.missing).toEqual(solePropDocuments);
      const blocked = await call('PATCH', APPLICATION_PATHS.submit(id), { token: token(session) });
      expect(blocked.status).toBe(409);
      expect(blocked.body.missing).toEqual(solePropDocuments);

      const documents = await uploadRequiredDocuments(t0.app, token(session), id, 'SOLE_PROP');
      expect(documents).toHaveLength(8);
      const complete = await call('GET', APPLICATION_PATHS.byId(id), { token: token(session) });
      expect(complete.body.missing).toEqual([]);
      expect(complete.body.progress).toContain('DOCUMENTUPLOADCOMPLETED');
      const submitted = await call('PATCH', APPLICATION_PATHS.submit(id), {
        token: token(session),
      });
      expect(submitted).toMatchObject({ status: 200, body: { status: 'PENDING', missing: [] } });
      expect(submitted.body.submittedAt).toEqual(expect.any(String));

      const history = await t0.db.orm
        .select()
        .from(t.applicationStatusHistory)
        .where(eq(t.applicationStatusHistory.applicationId, id))
        .orderBy(asc(t.applicationStatusHistory.id));
      expect(history.map((row) => [row.fromStatus, row.toStatus])).toEqual([
        [null, 'DRAFT'],
        ['DRAFT', 'PENDING'],
      ]);
      const audit = await t0.db.orm
        .select()
        .from(t.auditLog)
        .where(eq(t.auditLog.subject, `application:${id}`));
      expect(audit.map((row) => row.action).sort()).toEqual([
        'application.created',
        'application.status_changed',
        ...Array<string>(documents.length).fill('file.uploaded'),
      ]);

      // Submitted: the form and the loan are frozen.
      expect(
        (
          await save(session, APPLICATION_PATHS.disbursementDetails, id, {
            ...disbursement,
            bankId: master.bankId,
          })
        ).status,
      ).toBe(409);
      expect(
        (await call('PATCH', APPLICATION_PATHS.loan(id), { token: token(session), body: loan() }))
          .status,
      ).toBe(409);
      expect(
        (await call('DELETE', APPLICATION_PATHS.byId(id), { token: token(session) })).status,
      ).toBe(409);
    });

    it('records the form-completed step only once every section the organization needs is saved', async () => {
      const { session, organization } = await applicant('PARTNERSHIP');
      const { id } = await start(session);
      await fillSoleProp(session, id, organization.newBusinessRegistrationNo);
      const partial = await call('GET', APPLICATION_PATHS.byId(id), { token: token(session) });
      expect(partial.body.progress).not.toContain('APPLICATIONFORMCOMPLETED');
      expect(partial.body.missing).toContainEqual({ kind: 'section', section: 'directors' });
      const done = await save(session, APPLICATION_PATHS.directorDetails, id, {
        people: [partner('850505105671'), partner('870707106782')],
      });
      expect(done.body.progress).toContain('APPLICATIONFORMCOMPLETED');
    });

    it('adds what other modules require (documents) to what is missing', async () => {
      const { session, organization } = await applicant('SOLE_PROP');
      const { id } = await start(session);
      await fillSoleProp(session, id, organization.newBusinessRegistrationNo);
      await recordProgress(t0.db.orm, id, 'EMAILVERIFICATIONCOMPLETED');
      const documents = createApplicationService({
        store: applicationStore(t0.db.orm),
        sealer: createSealer(await loadDataKey(t0.db.orm, undefined)),
        clock: systemClock,
        submitChecks: [
          async (application) =>
            application.organizationType === 'SOLE_PROP'
              ? [{ kind: 'document', fileType: 'bankstatement', required: 1, uploaded: 0 }]
              : [],
        ],
      });
      const viewer = {
        kind: 'applicant' as const,
        userId: userId(session),
        tenant: 'arkcash' as const,
        sessionId: 'test',
      };
      expect((await documents.get(viewer, id)).missing).toEqual([
        { kind: 'document', fileType: 'bankstatement', required: 1, uploaded: 0 },
      ]);
      expect(await documents.submit(viewer, id, '127.0.0.1')).toMatchObject({ ok: false });
    });

    it('resubmits an application referred back', async () => {
      const { session, organization } = await applicant('SOLE_PROP');
      const { id } = await start(session);
      await fillSoleProp(session, id, organization.newBusinessRegistrationNo);
      await recordProgress(t0.db.orm, id, 'EMAILVERIFICATIONCOMPLETED');
      const withoutFiles = await call('PATCH', APPLICATION_PATHS.submit(id), {
        token: token(session),
      });
      expect(withoutFiles.status).toBe(409);
      expect(withoutFiles.body.missing).toEqual(solePropDocuments);
      await uploadRequiredDocuments(t0.app, token(session), id, 'SOLE_PROP');
      expect(
        (await call('GET', APPLICATION_PATHS.byId(id), { token: token(session) })).body.missing,
      ).toEqual([]);
      expect(
        (await call('PATCH', APPLICATION_PATHS.submit(id), { token: token(session) })).status,
      ).toBe(200);
      await changeStatus(t0.db.orm, {
        applicationId: id,
        to: 'REFERBACK',
        actor: 'staff',
        actorRef: 'staff:test',
      });
      const fixed = await save(session, APPLICATION_PATHS.disbursementDetails, id, {
        ...disbursement,
        bankId: master.bankId,
        accountNumber: '1111222233',
      });
      expect(fixed.status).toBe(200);
      expect(fixed.body.missing).toEqual([]);
      const again = await call('PATCH', APPLICATION_PATHS.submit(id), { token: token(session) });
      expect(again).toMatchObject({ status: 200, body: { status: 'PENDING' } });
    });

    it('lets a referred-back applicant change only what was referred, then resubmit', async () => {
      const { session, organization } = await applicant('SOLE_PROP');
      const { id } = await start(session);
      await fillSoleProp(session, id, organization.newBusinessRegistrationNo);
      await recordProgress(t0.db.orm, id, 'EMAILVERIFICATIONCOMPLETED');
      const files = await uploadRequiredDocuments(t0.app, token(session), id, 'SOLE_PROP');
      expect(
        (await call('PATCH', APPLICATION_PATHS.submit(id), { token: token(session) })).status,
      ).toBe(200);
      const [staff] = await t0.db.orm
        .select({ id: t.staffUsers.id })
        .from(t.staffUsers)
        .where(eq(t.staffUsers.email, 'officer@lender.test'));
      await t0.db.orm.insert(t.applicationReferbacks).values({
        applicationId: id,
        requestedBy: staff!.id,
        items: [
          { kind: 'section', target: 'disbursement', reason: 'Account number does not match' },
          { kind: 'document', target: 'BANK_STATEMENT', reason: 'Bank statement unreadable' },
        ],
      });
      await changeStatus(t0.db.orm, {
        applicationId: id,
        to: 'REFERBACK',
        actor: 'staff',
        actorRef: `staff:${staff!.id}`,
      });

      const notReferred = await save(session, APPLICATION_PATHS.emergencyContactDetails, id, {
        ...contacts('sister@example.com'),
      });
      expect(notReferred).toMatchObject({ status: 409, body: { code: 'REFERBACK_NOT_REFERRED' } });
      const loanChange = await call('PATCH', APPLICATION_PATHS.loan(id), {
        token: token(session),
        body: loan({ requestedAmountSen: 2_000_000 }),
      });
      expect(loanChange).toMatchObject({ status: 409, body: { code: 'REFERBACK_NOT_REFERRED' } });
      const otherDocument = files.find((file) => file.fileType === 'SSM_DOCUMENT')!;
      const removeOther = await call('DELETE', FILE_PATHS.byId(otherDocument.id), {
        token: token(session),
      });
      expect(removeOther).toMatchObject({ status: 409, body: { code: 'REFERBACK_NOT_REFERRED' } });

      const statement = files.find((file) => file.fileType === 'BANK_STATEMENT')!;
      expect(
        (await call('DELETE', FILE_PATHS.byId(statement.id), { token: token(session) })).status,
      ).toBe(204);
      const fixed = await save(session, APPLICATION_PATHS.disbursementDetails, id, {
        ...disbursement,
        bankId: master.bankId,
        accountNumber: '1111222233',
      });
      expect(fixed.status).toBe(200);
      const short = await call('PATCH', APPLICATION_PATHS.submit(id), { token: token(session) });
      expect(short.body.missing).toContainEqual(
        expect.objectContaining({ kind: 'document', fileType: 'BANK_STATEMENT' }),
      );
      const { payload, contentType } = multipart([
        { name: 'applicationId', value: id },
        { name: 'fileType', value: 'BANK_STATEMENT' },
        { name: 'file', file: { filename: 'statement.pdf', content: pdf() } },
      ]);
      const uploaded = await t0.app.inject({
        method: 'POST',
        url: FILE_PATHS.upload,
        headers: { 'content-type': contentType, authorization: `Bearer ${token(session)}` },
        payload,
      });
      expect(uploaded.statusCode).toBe(201);

      const again = await call('PATCH', APPLICATION_PATHS.submit(id), { token: token(session) });
      expect(again).toMatchObject({ status: 200, body: { status: 'PENDING' } });
      const [referback] = await t0.db.orm
        .select()
        .from(t.applicationReferbacks)
        .where(eq(t.applicationReferbacks.applicationId, id));
      expect(referback!.resolvedAt).toBeInstanceOf(Date);
      const history = await t0.db.orm
        .select({ to: t.applicationStatusHistory.toStatus })
        .from(t.applicationStatusHistory)
        .where(eq(t.applicationStatusHistory.applicationId, id))
        .orderBy(asc(t.applicationStatusHistory.id));
      expect(history.map((row) => row.to)).toEqual(['DRAFT', 'PENDING', 'REFERBACK', 'PENDING']);
      // Back in PENDING, nothing is open to change any more.
      const late = await save(session, APPLICATION_PATHS.disbursementDetails, id, {
        ...disbursement,
        bankId: master.bankId,
      });
      expect(late.status).toBe(409);
    });
  });

  describe('cancelling', () => {
    it('lets the applicant cancel their own draft', async () => {
      const { session } = await applicant('SOLE_PROP');
      const { id } = await start(session);
      const cancelled = await call('DELETE', APPLICATION_PATHS.byId(id), { token: token(session) });
      expect(cancelled).toMatchObject({ status: 200, body: { status: 'CANCELLED' } });
      // A new application may start once the old one is closed.
      await start(session);
    });

    const versionOf = async (id: string) =>
      (
        await t0.db.orm
          .select({ version: t.applications.version })
          .from(t.applications)
          .where(eq(t.applications.id, id))
      )[0]!.version;
    const adminCancel = (who: string | null, id: string, body: Record<string, unknown>) =>
      call('PATCH', APPLICATION_PATHS.adminCancel(id), { token: who, body });

    it('lets only an admin cancel from the admin path, with a reason and the version read', async () => {
      const { session } = await applicant('SOLE_PROP');
      const { id } = await start(session);
      const version = await versionOf(id);
      const body = { reason: '  Duplicate of an earlier file  ', version };
      expect((await adminCancel(null, id, body)).status).toBe(401);
      for (const who of [token(session), service.accessToken, officer.accessToken]) {
        expect((await adminCancel(who, id, body)).status).toBe(403);
      }
      for (const bad of [
        { version },
        { reason: '   ', version },
        { reason: 'x'.repeat(501), version },
        { reason: 'Duplicate' },
        { reason: 'Duplicate', version: 0 },
      ]) {
        const refused = await adminCancel(admin.accessToken, id, bad);
        expect([refused.status, refused.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      }
      const blank = await adminCancel(admin.accessToken, id, { reason: ' ', version });
      expect(blank.body.message).toContain('Please give a reason for cancelling');
      const stale = await adminCancel(admin.accessToken, id, { ...body, version: version + 1 });
      expect([stale.status, stale.body.code]).toEqual([409, 'APPLICATION_CHANGED']);
      expect(await adminCancel(admin.accessToken, id, body)).toMatchObject({
        status: 200,
        body: { decision: 'CANCEL', from: 'DRAFT', status: 'CANCELLED', version: version + 1 },
      });
      const again = await adminCancel(admin.accessToken, id, { ...body, version: version + 1 });
      expect([again.status, again.body.code]).toEqual([409, 'STATUS_CHANGE_REFUSED']);
      const [last] = await t0.db.orm
        .select()
        .from(t.applicationStatusHistory)
        .where(eq(t.applicationStatusHistory.applicationId, id))
        .orderBy(sql`${t.applicationStatusHistory.id} desc`)
        .limit(1);
      expect(last).toMatchObject({ toStatus: 'CANCELLED', reason: 'Duplicate of an earlier file' });
      expect(last!.actor).toMatch(/^staff:/);
      const [audit] = await t0.db.orm
        .select()
        .from(t.auditLog)
        .where(
          and(
            eq(t.auditLog.entity, `application:${id}`),
            eq(t.auditLog.action, 'application.status_changed'),
          ),
        );
      expect(audit).toMatchObject({
        fromStatus: 'DRAFT',
        toStatus: 'CANCELLED',
        reason: 'Duplicate of an earlier file',
        detail: expect.objectContaining({ decision: 'CANCEL' }),
      });
      const [row] = await t0.db.orm.select().from(t.applications).where(eq(t.applications.id, id));
      expect(row!.cancelledAt).toBeInstanceOf(Date);
    });

    it('starts afresh on reapplying, the business contact number kept as the phone number', async () => {
      const businessPhone = `+6032${String(Date.now()).slice(-7)}`;
      const { session, person } = await applicant('SOLE_PROP', businessPhone);
      const first = await start(session);
      const saved = await save(session, APPLICATION_PATHS.disbursementDetails, first.id, {
        ...disbursement,
        bankId: master.bankId,
      });
      expect(saved.status).toBe(200);
      await adminCancel(admin.accessToken, first.id, {
        reason: 'Applicant asked',
        version: await versionOf(first.id),
      });
      const phoneOf = async () =>
        (
          await t0.db.orm
            .select()
            .from(t.users)
            .where(eq(t.users.id, userId(session)))
        )[0]!.phoneNo;
      // Cancelling alone leaves the sign-in phone number as it was.
      expect(await phoneOf()).toBe(person.phoneNo);

      const again = await start(session);
      expect(again.id).not.toBe(first.id);
      expect(again.status).toBe('DRAFT');
      expect(again.sections).toEqual({
        company: null,
        applicant: null,
        disbursement: null,
        emergencyContacts: null,
        directors: null,
      });
      expect(again.progress).not.toContain('APPLICATIONFORMCOMPLETED');
      expect(await phoneOf()).toBe(businessPhone);
      const [created] = await t0.db.orm
        .select()
        .from(t.auditLog)
        .where(
          and(
            eq(t.auditLog.entity, `application:${again.id}`),
            eq(t.auditLog.action, 'application.created'),
          ),
        );
      expect(created!.detail).toMatchObject({ phoneFromBusinessContact: true });
      expect(JSON.stringify(created!.detail)).not.toContain(businessPhone);
    });

    it('keeps the phone number of someone who never had an application cancelled', async () => {
      const businessPhone = `+6033${String(Date.now()).slice(-7)}`;
      const { session, person } = await applicant('SOLE_PROP', businessPhone);
      await start(session);
      const [user] = await t0.db.orm
        .select()
        .from(t.users)
        .where(eq(t.users.id, userId(session)));
      expect(user!.phoneNo).toBe(person.phoneNo);
    });

    it('leaves the phone number alone when another account holds the business number', async () => {
      const other = await register(call);
      const { session, person } = await applicant('SOLE_PROP', other.person.phoneNo);
      const { id } = await start(session);
      await adminCancel(admin.accessToken, id, {
        reason: 'Applicant asked',
        version: await versionOf(id),
      });
      await start(session);
      const [user] = await t0.db.orm
        .select()
        .from(t.users)
        .where(eq(t.users.id, userId(session)));
      expect(user!.phoneNo).toBe(person.phoneNo);
    });
  });

  describe('who may reach what', () => {
    it("answers another applicant's application as not found on every path", async () => {
      const owner = await applicant('PARTNERSHIP');
      const { id } = await start(owner.session);
      const intruder = await applicant('PARTNERSHIP');
      const as = token(intruder.session);
      const requests: [string, string, unknown][] = [
        ['GET', APPLICATION_PATHS.byId(id), undefined],
        ['DELETE', APPLICATION_PATHS.byId(id), undefined],
        ['PATCH', APPLICATION_PATHS.loan(id), loan()],
        ['PATCH', APPLICATION_PATHS.submit(id), undefined],
        [
          'POST',
          APPLICATION_PATHS.companyDetails,
          { applicationId: id, ...company(owner.organization.newBusinessRegistrationNo) },
        ],
        ['POST', APPLICATION_PATHS.applicantDetails, { applicationId: id, ...applicantDetails() }],
        [
          'POST',
          APPLICATION_PATHS.disbursementDetails,
          { applicationId: id, ...disbursement, bankId: master.bankId },
        ],
        ['POST', APPLICATION_PATHS.emergencyContactDetails, { applicationId: id, ...contacts() }],
        [
          'POST',
          APPLICATION_PATHS.directorDetails,
          { applicationId: id, people: [partner('850505105671'), partner('870707106782')] },
        ],
        ['GET', APPLICATION_PATHS.byUser(userId(owner.session)), undefined],
        ['GET', APPLICATION_PATHS.organizationByUser(userId(owner.session)), undefined],
        [
          'POST',
          APPLICATION_PATHS.organizationByEmail,
          { email: owner.organization.applicantEmail },
        ],
        ['PATCH', APPLICATION_PATHS.organization(owner.organization.id), { companyName: 'Taken' }],
      ];
      for (const [method, url, body] of requests) {
        const result = await call(method as 'GET', url, { token: as, body });
        expect({ method, url, status: result.status }).toEqual({ method, url, status: 404 });
      }
      const still = await call('GET', APPLICATION_PATHS.byId(id), { token: token(owner.session) });
      expect(still.body).toMatchObject({ status: 'DRAFT', sections: { company: null } });
      expect((await call('GET', APPLICATION_PATHS.byId(id), { token: null })).status).toBe(401);
    });

    it('lets staff read any application, identity numbers masked for customer service', async () => {
      const { session } = await applicant('SOLE_PROP');
      const { id } = await start(session);
      await save(session, APPLICATION_PATHS.applicantDetails, id, applicantDetails());
      const asOfficer = await call('GET', APPLICATION_PATHS.byId(id), {
        token: officer.accessToken,
      });
      expect(asOfficer.body.sections.applicant.identityCardNo).toBe('900101145678');
      const asService = await call('GET', APPLICATION_PATHS.byId(id), {
        token: service.accessToken,
      });
      expect(asService.body.sections.applicant.identityCardNo).toBe('900101******');
      // Staff do not fill in applicants' forms.
      expect(
        (
          await save(
            admin as unknown as Session,
            APPLICATION_PATHS.disbursementDetails,
            id,
            disbursement,
          )
        ).status,
      ).toBe(403);
    });

    it('lists the applications of a user newest first, and lists them at login', async () => {
      const { session, person } = await applicant('SOLE_PROP');
      const first = await start(session);
      await call('DELETE', APPLICATION_PATHS.byId(first.id), { token: token(session) });
      const second = await start(session);
      const list = await call('GET', APPLICATION_PATHS.byUser(userId(session)), {
        token: token(session),
      });
      expect(list.body.map((item: { id: string }) => item.id)).toEqual([second.id, first.id]);
      expect(list.body[0]).toMatchObject({ status: 'DRAFT', organizationType: 'SOLE_PROP' });
      const byStaff = await call('GET', APPLICATION_PATHS.byUser(userId(session)), {
        token: admin.accessToken,
      });
      expect(byStaff.body).toHaveLength(2);
      const signedIn = await login(call, person.email, person.password);
      expect(signedIn.body.applicationDetails).toEqual([
        { id: second.id, status: 'DRAFT' },
        { id: first.id, status: 'CANCELLED' },
      ]);
    });
  });

  describe('organization', () => {
    it('gives the owner and staff the organization by user and by email', async () => {
      const { session, organization } = await applicant('COMPANY');
      const own = await call('GET', APPLICATION_PATHS.organizationByUser(userId(session)), {
        token: token(session),
      });
      expect(own).toMatchObject({
        status: 200,
        body: { id: organization.id, organizationType: 'COMPANY' },
      });
      // The email travels in the body, never in the address.
      const byEmail = await call('POST', APPLICATION_PATHS.organizationByEmail, {
        token: officer.accessToken,
        body: { email: organization.applicantEmail },
      });
      expect(byEmail.body.id).toBe(organization.id);
      const ownByEmail = await call('POST', APPLICATION_PATHS.organizationByEmail, {
        token: token(session),
        body: { email: organization.applicantEmail },
      });
      expect(ownByEmail.status).toBe(200);
      expect(
        (
          await call(
            'GET',
            `/api/organization/user/email/${encodeURIComponent(organization.applicantEmail)}`,
            { token: officer.accessToken },
          )
        ).status,
      ).toBe(404);
    });

    it('changes the company name and business contact number, refusing bad input', async () => {
      const { session, organization } = await applicant('COMPANY');
      const path = APPLICATION_PATHS.organization(organization.id);
      const bad = await call('PATCH', path, {
        token: token(session),
        body: { businessContactNo: '03-2123 4567' },
      });
      expect(bad).toMatchObject({
        status: 400,
        body: {
          message:
            'Failed to update organization: please enter your business contact number without dashes',
        },
      });
      const empty = await call('PATCH', path, { token: token(session), body: {} });
      expect(empty.status).toBe(400);
      const good = await call('PATCH', path, {
        token: token(session),
        body: { companyName: ' Maju Jaya Sdn Bhd ', businessContactNo: '+60321234567' },
      });
      expect(good).toMatchObject({
        status: 200,
        body: { companyName: 'Maju Jaya Sdn Bhd', businessContactNo: '+60321234567' },
      });
    });
  });
});
