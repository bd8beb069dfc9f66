import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
  EVIDENCE_MANIFEST_NAME,
  EVIDENCE_PATHS,
  type EvidenceManifest,
  SETTINGS_PATHS,
} from '@lending/contracts';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';

import { createSealer } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import { activeMandate, agreementAt } from '../../testing/agreements';
import { applicationStore } from '../../testing/application-store';
import { type Caller, caller } from '../../testing/auth-helpers';
import {
  type Applicant,
  applicant,
  decideNow,
  FAIR_TERMS,
  staffMember,
} from '../../testing/decisions';
import { uploadRequiredDocuments } from '../../testing/files';
import { openBorrowerDocuments } from '../../testing/signing-documents';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

const DAY_MS = 24 * 60 * 60 * 1000;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The raw answer of a download: the ZIP's bytes, not text. */
async function download(app: TestApp, url: string, token?: string) {
  const response = await app.app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

function unzip(bytes: Buffer): Record<string, Uint8Array> {
  return unzipSync(new Uint8Array(bytes));
}

const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes!).toString('utf8');

/** A draft application of the applicant's, with every required document uploaded through the
 *  API (a draft is the only state documents can be added in). */
async function draftWithDocuments(app: TestApp, person: Applicant): Promise<string> {
  const db = app.db.orm;
  const [organization] = await db
    .insert(t.organizations)
    .values({
      tenant: 'arkcash',
      userId: person.userId,
      organizationType: 'SOLE_PROP',
      companyName: 'Kedai Runcit Aminah',
      newBusinessRegistrationNo: `202103${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}`,
      applicantName: 'Aminah',
      applicantEmail: person.email,
    })
    .returning();
  const [application] = await db
    .insert(t.applications)
    .values({
      tenant: 'arkcash',
      userId: person.userId,
      organizationId: organization!.id,
      referenceNo: `EVD-${randomBytes(5).toString('hex')}`,
      status: 'DRAFT',
      requestedAmountSen: 1_000_000,
      tenureMonths: 12,
    })
    .returning();
  await uploadRequiredDocuments(app.app, person.token, application!.id, 'SOLE_PROP');
  return application!.id;
}

async function submit(db: Orm, person: Applicant, applicationId: string) {
  await applicationStore(db).changeStatus({
    applicationId,
    to: 'PENDING',
    actor: 'applicant',
    actorRef: `user:${person.userId}`,
  });
}

/** A passed eKYC session with its three images, as the provider's callback leaves it. */
async function ekycWithImages(db: Orm, person: Applicant, applicationId: string) {
  const [session] = await db
    .insert(t.ekycSessions)
    .values({
      applicationId,
      userId: person.userId,
      provider: 'sandbox',
      providerRef: randomBytes(8).toString('hex'),
      status: 'PASSED',
      resultMessage: 'Identity verified',
      expiresAt: new Date(Date.now() + DAY_MS),
      consentTextVersion: 'biometric-2025-01',
      consentAt: new Date(),
      consentIp: '203.0.113.9',
      completedAt: new Date(),
    })
    .returning();
  for (const kind of ['ID_FRONT', 'ID_BACK', 'SELFIE'] as const) {
    await db.insert(t.ekycDocuments).values({
      sessionId: session!.id,
      kind,
      contentType: 'image/png',
      sizeBytes: 4,
      sealedContent: randomBytes(40),
    });
  }
  return session!.id;
}

async function auditRows(db: Orm, action: string, entity: string) {
  return db
    .select()
    .from(t.auditLog)
    .where(and(eq(t.auditLog.action, action), eq(t.auditLog.entity, entity)));
}

const DATA_KEY = randomBytes(32).toString('hex');
const sealer = createSealer(Buffer.from(DATA_KEY, 'hex'));

/** A director guarantor of the agreement, with a passed identity check or none yet. */
function guarantorRow(agreementId: string, position: number, verified: boolean) {
  return {
    id: randomUUID(),
    agreementId,
    position,
    role: 'DIRECTOR' as const,
    nameSealed: sealer.seal(position === 1 ? 'Farid bin Ali' : 'Tan Mei Ling'),
    idNoSealed: sealer.seal(position === 1 ? '850505-10-5123' : '880808-14-5246'),
    idNoFingerprint: randomBytes(16).toString('hex'),
    emailSealed: sealer.seal(`g${position}@example.com`),
    phoneSealed: sealer.seal('+60123456789'),
    status: verified ? ('VERIFIED' as const) : ('INVITED' as const),
    tokenHash: randomBytes(16).toString('hex'),
    tokenExpiresAt: new Date(Date.now() + DAY_MS),
    ekycProviderRef: verified ? 'guarantor-check-1' : null,
    ekycMessage: verified ? 'Identity verified' : null,
    verifiedAt: verified ? new Date() : null,
    createdAt: new Date(),
  };
}

describe.each(databases())('evidence and personal data (%s)', (kind) => {
  jest.setTimeout(180_000);
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evidence-files-'));
  const clock = fixedClock(new Date());
  let app: TestApp;
  let call: Caller;
  beforeAll(async () => {
    app = await openTestApp(kind, { clock, filesDir, dataKey: DATA_KEY });
    call = caller(app.app);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });
  const db = () => app.db.orm;

  it('packs everything about a loan, each file listed in the manifest with its SHA-256 and size', async () => {
    const person = await applicant(call);
    const applicationId = await draftWithDocuments(app, person);
    const sessionId = await ekycWithImages(db(), person, applicationId);
    await submit(db(), person, applicationId);
    const officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    const approver = await staffMember(db(), call, ['APPROVER']);
    expect(
      (
        await decideNow(db(), call, officer, applicationId, {
          decision: 'RECOMMEND',
          ...FAIR_TERMS,
        })
      ).status,
    ).toBe(200);
    expect(
      (await decideNow(db(), call, approver, applicationId, { decision: 'APPROVE' })).body.status,
    ).toBe('APPROVED');
    const agreement = await agreementAt(
      db(),
      { applicant: person, applicationId },
      'PENDING_SIGNING',
    );
    await activeMandate(app.app, call, person.token, agreement.id);
    await db()
      .insert(t.agreementGuarantors)
      .values([guarantorRow(agreement.id, 1, true), guarantorRow(agreement.id, 2, false)]);
    // The borrower opens what they sign and accept in the signing screen.
    await openBorrowerDocuments(call, agreement.id, person.token);
    const frozen = await app.app.agreementDocuments.current(agreement.id);
    const signed = await db().transaction((tx) =>
      app.app.agreementDocuments.sign(
        tx,
        agreement.id,
        frozen.sha256,
        {
          role: 'BORROWER',
          signerRef: `user:${person.userId}`,
          name: 'Siti binti Ahmad',
          idNo: '900101-14-5678',
        },
        {
          signedAt: new Date(),
          ip: '203.0.113.7',
          userAgent: 'jest',
          otpVerifiedAt: new Date(),
          otpSentTo: '+6012***4567',
        },
      ),
    );
    const admin = await staffMember(db(), call, ['ADMIN']);

    const answer = await download(app, EVIDENCE_PATHS.pack(applicationId), admin.token);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(String(answer.headers['content-disposition'])).toContain(
      `evidence-${agreement.agreementNo}`,
    );

    const entries = unzip(answer.bytes);
    const manifest = JSON.parse(text(entries[EVIDENCE_MANIFEST_NAME])) as EvidenceManifest;
    expect(manifest).toMatchObject({
      kind: 'evidence-pack',
      generatedBy: `staff:${admin.id}`,
      applicationId,
      agreementId: agreement.id,
    });
    // The manifest and the ZIP hold the same files, byte for byte.
    const inZip = Object.keys(entries).filter((name) => name !== EVIDENCE_MANIFEST_NAME);
    expect(manifest.files.map((file) => file.path).sort()).toEqual(inZip.sort());
    for (const file of manifest.files) {
      expect(sha256(entries[file.path]!)).toBe(file.sha256);
      expect(entries[file.path]!.length).toBe(file.sizeBytes);
    }
    expect(inZip).toEqual(
      expect.arrayContaining([
        'application.json',
        'consents.json',
        'ekyc.json',
        'agreement.json',
        'attestation.json',
        'payments.json',
        'agreement/verification-report.json',
        'audit-trail.csv',
      ]),
    );

    // The uploaded documents, as uploaded, by their kind.
    const uploaded = await db()
      .select()
      .from(t.applicationFiles)
      .where(eq(t.applicationFiles.applicationId, applicationId));
    expect(uploaded.length).toBeGreaterThan(0);
    for (const file of uploaded) {
      const packed = manifest.files.find((entry) => entry.path.includes(file.id));
      expect(packed?.path).toMatch(new RegExp(`^documents/${file.fileType}/`));
      expect(packed?.sha256).toBe(file.sha256);
    }

    // The frozen and the signed agreement, each verified again: bytes against the recorded hash,
    // every signature in them.
    const pdf = manifest.files.find((file) => file.sha256 === frozen.sha256);
    expect(pdf?.path).toBe('agreement/agreement-v1-frozen.pdf');
    const signedPdf = manifest.files.find((file) => file.sha256 === signed.sha256);
    expect(signedPdf?.path).toBe('agreement/agreement-v2-signed.pdf');
    const report = JSON.parse(text(entries['agreement/verification-report.json']));
    expect(report.documents).toEqual([
      expect.objectContaining({
        documentId: frozen.documentId,
        recordedSha256: frozen.sha256,
        keptSha256: frozen.sha256,
        bytesMatchRecord: true,
        signatures: [],
      }),
      expect.objectContaining({
        documentId: signed.documentId,
        version: 2,
        keptSha256: signed.sha256,
        bytesMatchRecord: true,
        signatures: [expect.objectContaining({ signer: 'Siti binti Ahmad', intact: true })],
        allSignaturesIntact: true,
      }),
    ]);
    // Which wording of the notices the borrower was shown: the versions frozen with the agreement.
    expect(JSON.parse(text(entries['agreement.json'])).noticeTemplates).toEqual({
      pdpNotice: expect.objectContaining({
        entityId: 'PDP_NOTICE_TEMPLATE',
        version: 1,
        originalFileName: 'pdp-notice.txt',
      }),
      loanTerms: expect.objectContaining({ entityId: 'LOAN_TERMS_TEMPLATE', version: 1 }),
    });
    // When the borrower opened each document, by the hash of the bytes they were shown.
    expect(JSON.parse(text(entries['agreement.json'])).documentsOpened).toEqual([
      expect.objectContaining({ signer: 'BORROWER', kind: 'AGREEMENT', sha256: frozen.sha256 }),
      expect.objectContaining({ signer: 'BORROWER', kind: 'PDP_NOTICE' }),
      expect.objectContaining({ signer: 'BORROWER', kind: 'LOAN_TERMS' }),
    ]);
    const signatures = JSON.parse(text(entries['agreement.json'])).signatures;
    expect(signatures).toEqual([
      expect.objectContaining({
        role: 'BORROWER',
        signer: 'Siti binti Ahmad',
        idNo: '900101-**-****',
        otpSentTo: '+6012***4567',
      }),
    ]);

    // Consents with the version of the text, eKYC results without the biometric images.
    const ekyc = JSON.parse(text(entries['ekyc.json']));
    expect(ekyc.applicant).toEqual([
      expect.objectContaining({ id: sessionId, status: 'PASSED', result: 'Identity verified' }),
    ]);
    // Every guarantor's check is there, and one not yet checked says so.
    expect(ekyc.guarantors).toEqual([
      expect.objectContaining({
        position: 1,
        name: 'Farid bin Ali',
        idNo: '850505-**-****',
        status: 'PASSED',
        providerRef: 'guarantor-check-1',
        result: 'Identity verified',
      }),
      expect.objectContaining({ position: 2, name: 'Tan Mei Ling', status: 'NOT_PASSED' }),
    ]);
    expect(ekyc.applicant[0].images.map((image: { kind: string }) => image.kind).sort()).toEqual([
      'ID_BACK',
      'ID_FRONT',
      'SELFIE',
    ]);
    expect(
      inZip.some((name) => /selfie|\.png$/i.test(name) && !name.startsWith('documents/')),
    ).toBe(false);
    const consents = JSON.parse(text(entries['consents.json']));
    expect(consents.biometric).toEqual([
      expect.objectContaining({ ekycSessionId: sessionId, textVersion: 'biometric-2025-01' }),
    ]);
    // Signed up without the onboarding registration: no terms row to show, and no marketing.
    expect(consents.termsAndPrivacy).toBeNull();
    expect(consents.marketing).toEqual({ accepted: false, at: null });

    // The trail: the application's own rows, in a CSV a spreadsheet opens.
    const trail = text(entries['audit-trail.csv']);
    expect(trail.startsWith('\uFEFFid,at_utc,actor,action')).toBe(true);
    expect(trail).toContain('file.uploaded');
    expect(trail).toContain(`agreement:${agreement.id}`);
    // Rows named after the loan's other records (the direct-debit mandate) belong to it too.
    expect(trail).toContain('mandate.registered');

    // Every download is recorded, with the fingerprint of what left.
    const [audited] = await auditRows(
      db(),
      'evidence.pack_downloaded',
      `application:${applicationId}`,
    );
    expect(audited).toMatchObject({
      actor: `staff:${admin.id}`,
      subject: `user:${person.userId}`,
      detail: expect.objectContaining({ sha256: sha256(answer.bytes), agreementId: agreement.id }),
    });
  });

  it('gives the pack to admins only', async () => {
    const person = await applicant(call);
    const applicationId = await draftWithDocuments(app, person);
    const admin = await staffMember(db(), call, ['ADMIN']);
    for (const roles of [['CREDIT_OFFICER'], ['APPROVER'], ['CUSTOMER_SERVICE']]) {
      const staff = await staffMember(db(), call, roles);
      expect((await download(app, EVIDENCE_PATHS.pack(applicationId), staff.token)).status).toBe(
        403,
      );
    }
    expect((await download(app, EVIDENCE_PATHS.pack(applicationId), person.token)).status).toBe(
      403,
    );
    expect((await download(app, EVIDENCE_PATHS.pack(applicationId))).status).toBe(401);
    // Without an agreement, the pack still holds the application's side.
    const answer = await download(app, EVIDENCE_PATHS.pack(applicationId), admin.token);
    expect(answer.status).toBe(200);
    expect(Object.keys(unzip(answer.bytes))).not.toContain('agreement.json');
    expect(Object.keys(unzip(answer.bytes))).not.toContain('missing.json');

    // A stored document changed behind the platform's back is named, not packed.
    const [first] = await db()
      .select()
      .from(t.applicationFiles)
      .where(eq(t.applicationFiles.applicationId, applicationId));
    fs.writeFileSync(path.join(filesDir, first!.storageKey), randomBytes(64));
    const tampered = unzip(
      (await download(app, EVIDENCE_PATHS.pack(applicationId), admin.token)).bytes,
    );
    expect(JSON.parse(text(tampered['missing.json']))).toEqual([
      expect.objectContaining({ id: first!.id, sha256: first!.sha256 }),
    ]);
    expect(Object.keys(tampered).some((name) => name.includes(first!.id))).toBe(false);
    const unknown = await download(
      app,
      EVIDENCE_PATHS.pack('00000000-0000-4000-8000-000000000000'),
      admin.token,
    );
    expect(unknown.status).toBe(404);
  });

  it("exports the applicant's own data, never another's, never a secret, and records it", async () => {
    const person = await applicant(call);
    const other = await applicant(call);
    const applicationId = await draftWithDocuments(app, person);
    await draftWithDocuments(app, other);

    const own = await download(app, EVIDENCE_PATHS.myData, person.token);
    expect(own.status).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    const entries = unzip(own.bytes);
    expect(Object.keys(entries).sort()).toEqual([EVIDENCE_MANIFEST_NAME, 'personal-data.json']);
    const json = text(entries['personal-data.json']);
    const data = JSON.parse(json);
    expect(data.profile.email).toBe(person.email);
    expect(data.applications.map((row: { documents: unknown[] }) => row.documents.length)).toEqual([
      expect.any(Number),
    ]);
    expect(data.applications[0].documents.length).toBeGreaterThan(0);
    expect(data.consents.marketing).toEqual({ accepted: false, at: null });
    expect(json).not.toContain(other.email);
    expect(json).not.toContain(other.userId);
    expect(json.toLowerCase()).not.toMatch(/password|token|hash|\$argon2/);
    const manifest = JSON.parse(text(entries[EVIDENCE_MANIFEST_NAME])) as EvidenceManifest;
    expect(manifest.files).toEqual([
      expect.objectContaining({
        path: 'personal-data.json',
        sha256: sha256(entries['personal-data.json']!),
      }),
    ]);
    const [audited] = await auditRows(db(), 'personal_data.exported', `user:${person.userId}`);
    expect(audited).toMatchObject({ actor: `user:${person.userId}` });
    expect(applicationId).toEqual(expect.any(String));

    // Another person's export is out of an applicant's reach, and of staff other than admins.
    expect((await download(app, EVIDENCE_PATHS.userData(other.userId), person.token)).status).toBe(
      403,
    );
    expect((await download(app, EVIDENCE_PATHS.myData)).status).toBe(401);
    const service = await staffMember(db(), call, ['CUSTOMER_SERVICE']);
    expect((await download(app, EVIDENCE_PATHS.myData, service.token)).status).toBe(403);
    expect((await download(app, EVIDENCE_PATHS.userData(other.userId), service.token)).status).toBe(
      403,
    );

    // An admin produces it for the person's request; the row names the admin.
    const admin = await staffMember(db(), call, ['ADMIN']);
    const produced = await download(app, EVIDENCE_PATHS.userData(other.userId), admin.token);
    expect(produced.status).toBe(200);
    const theirs = JSON.parse(text(unzip(produced.bytes)['personal-data.json']));
    expect(theirs.profile.email).toBe(other.email);
    const [byAdmin] = await auditRows(db(), 'personal_data.exported', `user:${other.userId}`);
    expect(byAdmin).toMatchObject({ actor: `staff:${admin.id}` });
    const missing = await download(
      app,
      EVIDENCE_PATHS.userData('00000000-0000-4000-8000-000000000000'),
      admin.token,
    );
    expect(missing.status).toBe(404);
  });

  it('removes documents of applications closed without a loan after the retention period, once', async () => {
    const admin = await staffMember(db(), call, ['ADMIN']);
    const current = await call('GET', SETTINGS_PATHS.current, { token: admin.token });
    const saved = await call('PUT', SETTINGS_PATHS.current, {
      token: admin.token,
      body: { ...current.body.settings, retention: { closedApplicationDocumentsDays: 30 } },
    });
    expect(saved.status).toBe(200);
    const refused = await call('PUT', SETTINGS_PATHS.current, {
      token: admin.token,
      body: { ...saved.body.settings, retention: { closedApplicationDocumentsDays: 5 } },
    });
    expect(refused.status).toBe(400);

    const person = await applicant(call);
    const cancelled = await draftWithDocuments(app, person);
    const sessionId = await ekycWithImages(db(), person, cancelled);
    await applicationStore(db()).changeStatus({
      applicationId: cancelled,
      to: 'CANCELLED',
      actor: 'applicant',
      actorRef: `user:${person.userId}`,
    });
    const other = await applicant(call);
    const open = await draftWithDocuments(app, other);
    await ekycWithImages(db(), other, open);
    await submit(db(), other, open);

    const filesOf = (applicationId: string) =>
      db()
        .select()
        .from(t.applicationFiles)
        .where(eq(t.applicationFiles.applicationId, applicationId));
    const imagesOf = (applicationId: string) =>
      db()
        .select({ kind: t.ekycDocuments.kind })
        .from(t.ekycDocuments)
        .innerJoin(t.ekycSessions, eq(t.ekycSessions.id, t.ekycDocuments.sessionId))
        .where(eq(t.ekycSessions.applicationId, applicationId));
    const stored = (applicationId: string) =>
      fs.existsSync(path.join(filesDir, applicationId))
        ? fs.readdirSync(path.join(filesDir, applicationId)).length
        : 0;
    const uploaded = (await filesOf(cancelled)).length;
    expect(stored(cancelled)).toBe(uploaded);

    const retentionRuns = async () =>
      (await app.app.jobs.runDue()).filter((run) => run.name === 'document-retention');

    // Within the period nothing goes.
    await app.app.jobs.runDue();
    clock.advance(29 * DAY_MS);
    const early = await retentionRuns();
    expect(early).toEqual([expect.objectContaining({ outcome: 'completed' })]);
    expect(early[0]!.counts).toEqual({ applications: 0, files: 0, ekycImages: 0 });
    expect((await imagesOf(cancelled)).length).toBe(3);

    clock.advance(2 * DAY_MS);
    const due = await retentionRuns();
    expect(due[0]!.counts).toEqual({ applications: 1, files: uploaded, ekycImages: 3 });
    expect((await filesOf(cancelled)).every((file) => file.deletedAt !== null)).toBe(true);
    expect(stored(cancelled)).toBe(0);
    expect(await imagesOf(cancelled)).toEqual([]);
    // What the record needs stays: the session's result and consent, the rows of the files.
    const [session] = await db()
      .select()
      .from(t.ekycSessions)
      .where(eq(t.ekycSessions.id, sessionId));
    expect(session).toMatchObject({ status: 'PASSED', consentTextVersion: 'biometric-2025-01' });
    expect((await filesOf(cancelled)).length).toBe(uploaded);
    // An open application keeps everything.
    expect((await filesOf(open)).every((file) => file.deletedAt === null)).toBe(true);
    expect((await imagesOf(open)).length).toBe(3);
    expect(stored(open)).toBeGreaterThan(0);
    const audited = await auditRows(
      db(),
      'retention.documents_removed',
      `application:${cancelled}`,
    );
    expect(audited).toEqual([
      expect.objectContaining({
        actor: 'system:retention',
        subject: `user:${person.userId}`,
        detail: expect.objectContaining({ retentionDays: 30, status: 'CANCELLED' }),
      }),
    ]);

    // A second run finds nothing left and records nothing more.
    clock.advance(DAY_MS);
    const again = await retentionRuns();
    expect(again[0]!.counts).toEqual({ applications: 0, files: 0, ekycImages: 0 });
    expect(
      await auditRows(db(), 'retention.documents_removed', `application:${cancelled}`),
    ).toHaveLength(1);
  });
});
