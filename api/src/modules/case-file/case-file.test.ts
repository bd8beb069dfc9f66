import { createHash, randomBytes } from 'node:crypto';

import {
  APPLICATION_PATHS,
  AUTH_PATHS,
  CASE_FILE_PATHS,
  FILE_PATHS,
  type LoginResponse,
  type TokenPair,
  type UploadedFile,
} from '@lending/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';

import { createSealer } from '../../crypto/sealed';
import * as t from '../../db/schema';
import { applicationStore } from '../../testing/application-store';
import {
  addStaff,
  type Caller,
  caller,
  nextIp,
  register,
  staffLogin,
} from '../../testing/auth-helpers';
import { uploadRequiredDocuments } from '../../testing/files';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';
import { QUESTIONNAIRE, QUESTIONNAIRE_VERSION } from '../psychometric/questionnaire';

const DATA_KEY = randomBytes(32).toString('hex');
const sealer = createSealer(Buffer.from(DATA_KEY, 'hex'));
// A real 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const NOTE = 'Called the applicant: the shop moved to Jalan Tun Razak in March.';

let registrations = 0;
function soleProprietorNumber(): string {
  registrations += 1;
  return `201903${String(registrations + (process.pid % 1000) * 1000).padStart(6, '0')}`;
}

describe.each(databases())('the case file on %s', (kind) => {
  let app: TestApp;
  let call: Caller;
  let officer: TokenPair;
  let service: TokenPair;
  let approver: TokenPair;
  const staffIds: Record<string, string> = {};
  let applicant: LoginResponse;
  let applicationId: string;
  let documents: UploadedFile[];
  let ekycSessionId: string;
  const master = { raceId: 0, nationalityId: 0, bankId: 0, natureOfBusinessId: 0 };
  const reasons = { loanReasonId: 0, relationshipId: 0 };

  async function firstId(table: string, where = 'true') {
    const result = await app.db.orm.execute<{ id: number }>(
      sql.raw(`select id from ${table} where ${where} order by id limit 1`),
    );
    return (result as unknown as { rows: { id: number }[] }).rows[0]!.id;
  }

  const address = { line1: '12 Jalan Bunga', postcode: '80000' };

  /** A sole proprietor's application, filled, documented and submitted through the API. */
  async function submittedApplication(who: LoginResponse) {
    const userId = who.userDetails!.id;
    const brn = soleProprietorNumber();
    await app.db.orm.insert(t.organizations).values({
      tenant: 'arkcash',
      userId,
      organizationType: 'SOLE_PROP',
      companyName: 'Kedai Runcit Maju',
      newBusinessRegistrationNo: brn,
      applicantName: 'Nur Aisyah',
      applicantEmail: `owner.${userId.slice(0, 8)}@example.com`,
    });
    const created = await call('POST', APPLICATION_PATHS.create, {
      token: who.accessToken,
      body: { requestedAmountSen: 1_000_000, tenureMonths: 12, loanReasonId: reasons.loanReasonId },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const sections: [string, object][] = [
      [
        APPLICATION_PATHS.companyDetails,
        {
          companyName: 'Kedai Runcit Maju',
          newBusinessRegistrationNo: brn,
          natureOfBusinessId: master.natureOfBusinessId,
          businessContactNo: '+60321234567',
          establishedDate: '2019-03-01',
          companyEmail: 'hello@kedai.example.com',
          businessAuthorisedAddress: address,
          registeredSsmAddress: address,
          mailingAddress: address,
        },
      ],
      [
        APPLICATION_PATHS.applicantDetails,
        {
          name: 'Nur Aisyah binti Ahmad',
          identityCardType: 'MYKAD',
          identityCardNo: '900101-14-5678',
          raceId: master.raceId,
          nationalityId: master.nationalityId,
          contactNo: '+60123456789',
          personalEmail: 'aisyah.personal@example.com',
          nricAddress: address,
          homeAddress: address,
          mailingAddress: address,
          personalBankId: master.bankId,
          personalBankAccountNo: '1234567890',
          acceptMarketingConsent: false,
        },
      ],
      [
        APPLICATION_PATHS.disbursementDetails,
        { bankId: master.bankId, accountName: 'Kedai Runcit Maju', accountNumber: '9876543210' },
      ],
      [
        APPLICATION_PATHS.emergencyContactDetails,
        {
          contacts: [
            {
              name: 'Ahmad bin Ali',
              relationshipId: reasons.relationshipId,
              contactNo: '+60129876543',
              email: 'brother@example.com',
            },
          ],
        },
      ],
    ];
    for (const [path, body] of sections) {
      const saved = await call('POST', path, {
        token: who.accessToken,
        body: { applicationId: id, ...body },
      });
      expect({ path, status: saved.status, message: saved.body.message }).toMatchObject({
        status: 200,
      });
    }
    await applicationStore(app.db.orm).recordProgress(id, 'EMAILVERIFICATIONCOMPLETED');
    const uploaded = await uploadRequiredDocuments(app.app, who.accessToken, id, 'SOLE_PROP');
    const submitted = await call('PATCH', APPLICATION_PATHS.submit(id), {
      token: who.accessToken,
    });
    expect(submitted.status).toBe(200);
    return { id, uploaded };
  }

  beforeAll(async () => {
    app = await openTestApp(kind, { dataKey: DATA_KEY });
    call = caller(app.app);
    for (const role of ['CREDIT_OFFICER', 'CUSTOMER_SERVICE', 'APPROVER']) {
      await addStaff(app.db.orm, `${role.toLowerCase()}@lender.test`, `${role} password`, [role]);
      const [row] = await app.db.orm
        .select()
        .from(t.staffUsers)
        .where(eq(t.staffUsers.email, `${role.toLowerCase()}@lender.test`));
      staffIds[role] = row!.id;
    }
    officer = await staffLogin(call, 'credit_officer@lender.test', 'CREDIT_OFFICER password');
    service = await staffLogin(call, 'customer_service@lender.test', 'CUSTOMER_SERVICE password');
    approver = await staffLogin(call, 'approver@lender.test', 'APPROVER password');
    master.raceId = await firstId('races');
    master.nationalityId = await firstId('nationalities');
    master.bankId = await firstId('banks');
    master.natureOfBusinessId = await firstId('natures_of_business');
    reasons.loanReasonId = await firstId('loan_reasons', 'not needs_other_text');
    reasons.relationshipId = await firstId('relationships', 'not needs_other_text');

    applicant = (await register(call)).session;
    const userId = applicant.userDetails!.id;
    const submitted = await submittedApplication(applicant);
    applicationId = submitted.id;
    documents = submitted.uploaded;
    const [current] = await app.db.orm
      .select()
      .from(t.applications)
      .where(eq(t.applications.id, applicationId));
    // An earlier application, rejected, and the wait that came with it.
    await app.db.orm.insert(t.applications).values({
      tenant: 'arkcash',
      userId,
      organizationId: current!.organizationId,
      referenceNo: `OLD-${randomBytes(4).toString('hex')}`,
      status: 'REJECTED',
      requestedAmountSen: 2_000_000,
      createdAt: new Date('2025-01-10T02:00:00Z'),
    });
    await app.db.orm
      .update(t.users)
      .set({
        allowToApplyNewLoanAfter: new Date(Date.now() + 30 * 24 * 3600 * 1000),
        newLoanBlockKind: 'TEMPORARY_BAN',
      })
      .where(eq(t.users.id, userId));
    await app.db.orm
      .update(t.applications)
      .set({ assignedOfficerId: staffIds.CREDIT_OFFICER, assignedAt: new Date() })
      .where(eq(t.applications.id, applicationId));

    // What the identity check and the questionnaire left.
    const [session] = await app.db.orm
      .insert(t.ekycSessions)
      .values({
        applicationId,
        userId,
        provider: 'sandbox',
        providerRef: randomBytes(8).toString('hex'),
        status: 'PASSED',
        expiresAt: new Date(Date.now() + 3600_000),
        completedAt: new Date(),
        consentAt: new Date(),
        consentTextVersion: 'v1',
      })
      .returning();
    ekycSessionId = session!.id;
    await app.db.orm.insert(t.ekycDocuments).values(
      (['ID_FRONT', 'ID_BACK', 'SELFIE'] as const).map((kind) => ({
        sessionId: ekycSessionId,
        kind,
        contentType: 'image/png',
        sizeBytes: PNG.length,
        sealedContent: sealer.sealBytes(PNG),
      })),
    );
    const answers = Object.fromEntries(QUESTIONNAIRE.map((item) => [item.id, 4]));
    await app.db.orm.insert(t.psychometricAttempts).values({
      applicationId,
      userId,
      questionnaireVersion: QUESTIONNAIRE_VERSION,
      language: 'MS',
      startedAt: new Date(Date.now() - 600_000),
      submittedAt: new Date(),
      answers,
      outcome: 'VALID',
      score: 72,
      dimensionScores: { budgeting: 80 },
      invalidReasons: [],
    });

    // What underwriting recorded.
    await app.db.orm.insert(t.applicationInterviews).values({
      applicationId,
      scheduledAt: new Date('2026-03-02T02:00:00Z'),
      mode: 'VIDEO_CALL',
      details: 'Video link sent by email',
      requestedBy: staffIds.CREDIT_OFFICER!,
    });
    await app.db.orm.insert(t.applicationReferbacks).values({
      applicationId,
      items: [{ kind: 'document', target: 'BANK_STATEMENT', reason: 'Bank statement unreadable' }],
      requestedBy: staffIds.CREDIT_OFFICER!,
      resolvedAt: new Date(),
    });
    const [recommendation] = await app.db.orm
      .insert(t.applicationRecommendations)
      .values({
        applicationId,
        recommendedBy: staffIds.CREDIT_OFFICER!,
        amountSen: 900_000,
        tenureMonths: 12,
        annualRateBp: 1800,
        secured: false,
        settingsVersion: 1,
        offer: { monthlyInstalmentSen: 88_500 },
        approvalLevels: 2,
      })
      .returning();
    await app.db.orm.insert(t.applicationApprovals).values({
      recommendationId: recommendation!.id,
      level: 1,
      approverId: staffIds.APPROVER!,
    });
  });
  afterAll(() => app.close());

  const fileOf = (token: string | null, id = applicationId) =>
    call('GET', CASE_FILE_PATHS.file(id), { token });

  it('gives staff the whole submitted application, every part of it', async () => {
    const { status, body } = await fileOf(officer.accessToken);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'PENDING',
      // Created at 1; submitting (DRAFT -> PENDING) is a status change, and each one moves it on.
      version: 2,
      assignedOfficer: { id: staffIds.CREDIT_OFFICER, email: 'credit_officer@lender.test' },
      companyName: 'Kedai Runcit Maju',
      application: {
        id: applicationId,
        requestedAmountSen: 1_000_000,
        tenureMonths: 12,
        loanReasonId: reasons.loanReasonId,
        sections: {
          company: { companyName: 'Kedai Runcit Maju', establishedDate: '2019-03-01' },
          // Unsealed and whole for a credit officer.
          applicant: { name: 'Nur Aisyah binti Ahmad', identityCardNo: '900101145678' },
          disbursement: { accountNumber: '9876543210' },
          emergencyContacts: { contacts: [{ name: 'Ahmad bin Ali', number: 1 }] },
        },
      },
      ekyc: { sessionId: ekycSessionId, status: 'PASSED' },
      psychometric: { outcome: 'VALID', score: 72, language: 'MS' },
      applicant: {
        userId: applicant.userDetails!.id,
        earlierApplications: [{ status: 'REJECTED', requestedAmountSen: 2_000_000 }],
        ban: { until: expect.any(String), kind: 'TEMPORARY_BAN' },
      },
      interview: {
        mode: 'VIDEO_CALL',
        scheduledAt: '2026-03-02T02:00:00.000Z',
        requestedBy: { id: staffIds.CREDIT_OFFICER },
      },
      referbacks: [
        {
          items: [{ kind: 'document', target: 'BANK_STATEMENT' }],
          resolvedAt: expect.any(String),
        },
      ],
      recommendation: {
        amountSen: 900_000,
        annualRateBp: 1800,
        approvalLevels: 2,
        recommendedBy: { id: staffIds.CREDIT_OFFICER },
        approvals: [{ level: 1, approver: { id: staffIds.APPROVER } }],
      },
    });
    expect(body.documents).toHaveLength(documents.length);
    expect(body.documents[0]).toMatchObject({
      id: documents[0]!.id,
      url: CASE_FILE_PATHS.document(applicationId, documents[0]!.id),
    });
    expect(body.ekyc.images.map((image: { kind: string }) => image.kind).sort()).toEqual([
      'ID_BACK',
      'ID_FRONT',
      'SELFIE',
    ]);
    expect(body.ekyc.images[0].url).toBe(
      CASE_FILE_PATHS.ekycImage(applicationId, ekycSessionId, body.ekyc.images[0].kind),
    );
    expect(body.psychometric.answers).toHaveLength(QUESTIONNAIRE.length);
    expect(body.psychometric.answers[0]).toMatchObject({
      questionId: QUESTIONNAIRE[0]!.id,
      textEn: QUESTIONNAIRE[0]!.en,
      textMs: QUESTIONNAIRE[0]!.ms,
      answer: 4,
    });
    expect(body.eligibility).toEqual(
      expect.arrayContaining([
        { rule: 'citizen', stated: 'MYKAD', pass: true },
        { rule: 'age', stated: expect.stringMatching(/^\d+$/), pass: true },
        { rule: 'businessAge', stated: '2019-03-01', pass: true },
        { rule: 'annualTurnover', stated: null, pass: null },
      ]),
    );
    expect(body.statusHistory.map((change: { to: string }) => change.to)).toEqual([
      'DRAFT',
      'PENDING',
    ]);
    const actions = body.auditTrail.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'application.created',
        'file.uploaded',
        'application.status_changed',
      ]),
    );
  });

  it('lets every staff role read the file and refuses applicants and strangers', async () => {
    expect((await fileOf(service.accessToken)).status).toBe(200);
    expect((await fileOf(approver.accessToken)).status).toBe(200);
    // Customer service reads identity numbers masked, as everywhere else.
    const masked = await fileOf(service.accessToken);
    expect(masked.body.application.sections.applicant.identityCardNo).not.toBe('900101145678');
    expect((await fileOf(applicant.accessToken)).status).toBe(403);
    expect((await fileOf(null)).status).toBe(401);
    const unknown = await fileOf(officer.accessToken, '00000000-0000-4000-8000-000000000000');
    expect(unknown).toMatchObject({ status: 404, body: { code: 'APPLICATION_NOT_FOUND' } });
  });

  async function fetchRaw(url: string, token: string | null) {
    return app.app.inject({
      method: 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      remoteAddress: nextIp(),
    });
  }

  async function auditRows(action: string) {
    return app.db.orm
      .select()
      .from(t.auditLog)
      .where(
        and(eq(t.auditLog.action, action), eq(t.auditLog.subject, `application:${applicationId}`)),
      )
      .orderBy(asc(t.auditLog.id));
  }

  it('streams a document inline with safe headers, and records who viewed it', async () => {
    const pdf = documents.find((one) => one.mimeType === 'application/pdf')!;
    const before = (await auditRows('case_file.document_viewed')).length;
    const response = await fetchRaw(
      CASE_FILE_PATHS.document(applicationId, pdf.id),
      service.accessToken,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(createHash('sha256').update(response.rawPayload).digest('hex')).toBe(pdf.sha256);
    const rows = await auditRows('case_file.document_viewed');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      actor: `staff:${staffIds.CUSTOMER_SERVICE}`,
      entity: `file:${pdf.id}`,
    });
    const file = await fileOf(officer.accessToken);
    expect(file.body.auditTrail.map((entry: { action: string }) => entry.action)).toContain(
      'case_file.document_viewed',
    );
  });

  it('downloads a document as an attachment with ?download=1', async () => {
    const image = documents.find((one) => one.mimeType === 'image/png') ?? documents[0]!;
    const response = await fetchRaw(
      `${CASE_FILE_PATHS.document(applicationId, image.id)}?download=1`,
      officer.accessToken,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(image.mimeType);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="/);
  });

  it('refuses a document to an applicant, and a document of another application', async () => {
    const doc = documents[0]!;
    const url = CASE_FILE_PATHS.document(applicationId, doc.id);
    expect((await fetchRaw(url, applicant.accessToken)).statusCode).toBe(403);
    expect((await fetchRaw(url, null)).statusCode).toBe(401);
    const other = (await register(call)).session;
    const { id: otherId } = await submittedApplication(other);
    const crossed = await fetchRaw(CASE_FILE_PATHS.document(otherId, doc.id), officer.accessToken);
    expect(crossed.statusCode).toBe(404);
  });

  it('shows eKYC images to staff, audited, and nothing for a session of another file', async () => {
    const before = (await auditRows('case_file.ekyc_image_viewed')).length;
    const url = CASE_FILE_PATHS.ekycImage(applicationId, ekycSessionId, 'SELFIE');
    const response = await fetchRaw(url, approver.accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toMatch(/^inline;/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(PNG)).toBe(true);
    expect(await auditRows('case_file.ekyc_image_viewed')).toHaveLength(before + 1);
    expect((await fetchRaw(url, applicant.accessToken)).statusCode).toBe(403);
    const elsewhere = CASE_FILE_PATHS.ekycImage(
      '00000000-0000-4000-8000-000000000000',
      ekycSessionId,
      'SELFIE',
    );
    expect((await fetchRaw(elsewhere, officer.accessToken)).statusCode).toBe(404);
  });

  it('adds internal notes that staff read and the applicant never sees', async () => {
    const added = await call('POST', CASE_FILE_PATHS.notes(applicationId), {
      token: service.accessToken,
      body: { body: `  ${NOTE}  ` },
    });
    expect(added).toMatchObject({
      status: 201,
      body: { body: NOTE, author: { id: staffIds.CUSTOMER_SERVICE } },
    });
    const file = await fileOf(approver.accessToken);
    expect(file.body.notes).toEqual([
      expect.objectContaining({
        body: NOTE,
        author: expect.objectContaining({ name: expect.any(String) }),
      }),
    ]);
    const [audit] = await auditRows('case_file.note_added');
    expect(audit).toMatchObject({ actor: `staff:${staffIds.CUSTOMER_SERVICE}` });
    expect(JSON.stringify(audit)).not.toContain('Tun Razak');

    // The applicant can neither write one nor read one anywhere.
    const refused = await call('POST', CASE_FILE_PATHS.notes(applicationId), {
      token: applicant.accessToken,
      body: { body: 'let me in' },
    });
    expect(refused.status).toBe(403);
    const userId = applicant.userDetails!.id;
    for (const url of [
      APPLICATION_PATHS.byId(applicationId),
      APPLICATION_PATHS.byUser(userId),
      APPLICATION_PATHS.organizationByUser(userId),
      FILE_PATHS.byEntity(applicationId),
      AUTH_PATHS.userMe,
    ]) {
      const answer = await call('GET', url, { token: applicant.accessToken });
      expect({ url, status: answer.status }).toEqual({ url, status: 200 });
      expect(JSON.stringify(answer.body)).not.toContain('Tun Razak');
    }
  });

  it('refuses an empty or overlong note', async () => {
    for (const body of ['   ', '', 'x'.repeat(4001)]) {
      const answer = await call('POST', CASE_FILE_PATHS.notes(applicationId), {
        token: officer.accessToken,
        body: { body },
      });
      expect(answer.status).toBe(400);
    }
  });
});
