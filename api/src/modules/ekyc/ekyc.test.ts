import { randomBytes } from 'node:crypto';

import { EKYC_PATHS, type LoginResponse } from '@lending/contracts';
import { eq } from 'drizzle-orm';

import { createSealer } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import {
  applications,
  applicationSections,
  auditLog,
  ekycDocuments,
  ekycSandboxImages,
  ekycSandboxSessions,
  ekycSessions,
  organizations,
} from '../../db/schema';
import { applicationStore } from '../../testing/application-store';
import { type Caller, caller, register } from '../../testing/auth-helpers';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';
import type { StatusChange } from '../applications/store';

const changeStatus = (db: Orm, change: StatusChange) => applicationStore(db).changeStatus(change);

const DATA_KEY = randomBytes(32).toString('hex');
const sealer = createSealer(Buffer.from(DATA_KEY, 'hex'));
const NRIC = '900101145678';
// A real 1x1 PNG: the capture checks images by their content, not their name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let brn = 0;
/** A submitted (PENDING) application whose applicant section holds `identityCardNo`. */
async function submittedApplication(db: Orm, userId: string, identityCardNo = NRIC) {
  brn += 1;
  const [organization] = await db
    .insert(organizations)
    .values({
      tenant: 'arkcash',
      userId,
      organizationType: 'SOLE_PROP',
      companyName: 'Kedai Runcit Aisyah',
      newBusinessRegistrationNo: `20200300${String(brn + (process.pid % 1000) * 10).padStart(4, '0')}`,
      applicantName: 'Aisyah',
      applicantEmail: `${userId}@example.com`,
    })
    .returning();
  const [application] = await db
    .insert(applications)
    .values({
      tenant: 'arkcash',
      userId,
      organizationId: organization!.id,
      referenceNo: `EKYC-${randomBytes(5).toString('hex')}`,
      status: 'DRAFT',
    })
    .returning();
  await db.insert(applicationSections).values({
    applicationId: application!.id,
    section: 'applicant',
    sealedData: sealer.sealJson({ name: 'Aisyah', identityCardType: 'MYKAD', identityCardNo }),
  });
  await changeStatus(db, {
    applicationId: application!.id,
    to: 'PENDING',
    actor: 'applicant',
    actorRef: `user:${userId}`,
  });
  return application!.id;
}

function multipart(
  fields: Record<string, string>,
  files: Record<string, { name: string; content: Buffer }>,
) {
  const boundary = `----capture${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const allImages = {
  idFront: { name: 'front.jpg', content: PNG },
  idBack: { name: 'back.jpg', content: PNG },
  selfie: { name: 'selfie.jpg', content: PNG },
};

describe.each(databases())('identity verification (eKYC) on %s', (kind) => {
  let t: TestApp;
  let call: Caller;
  let alice: LoginResponse;
  let bob: LoginResponse;

  beforeAll(async () => {
    t = await openTestApp(kind, { dataKey: DATA_KEY, publicUrl: 'https://lend.example' });
    call = caller(t.app);
    alice = (await register(call)).session;
    bob = (await register(call)).session;
  });
  afterAll(() => t.close());

  const userId = (who: LoginResponse) => who.userDetails!.id;
  const tokenOf = (url: string) => url.split('/').pop()!;

  async function capture(
    captureUrl: string,
    fields: Record<string, string>,
    files: Record<string, { name: string; content: Buffer }> = allImages,
    accept = 'application/json',
  ) {
    const body = multipart(fields, files);
    const response = await t.app.inject({
      method: 'POST',
      url: EKYC_PATHS.sandboxCapture(tokenOf(captureUrl)),
      headers: { 'content-type': body.contentType, accept },
      payload: body.payload,
    });
    return response;
  }

  async function start(who: LoginResponse, applicationId: string) {
    return call('POST', EKYC_PATHS.start, {
      token: who.accessToken,
      body: { applicationId, language: 'EN' },
    });
  }

  let aliceApplication: string;

  it("starts only on the applicant's own submitted application", async () => {
    aliceApplication = await submittedApplication(t.db.orm, userId(alice));
    expect((await start(bob, aliceApplication)).status).toBe(404);
    expect(
      (await call('POST', EKYC_PATHS.start, { body: { applicationId: aliceApplication } })).status,
    ).toBe(401);
    const started = await start(alice, aliceApplication);
    expect(started.status).toBe(201);
    expect(started.body.captureUrl).toMatch(
      /^https:\/\/lend\.example\/api\/sandbox\/ekyc\/[\w-]{40,}$/,
    );
    const [vendor] = await t.db.orm.select().from(ekycSandboxSessions);
    // Only a hash of the link's token is kept.
    expect(JSON.stringify(vendor)).not.toContain(tokenOf(started.body.captureUrl));
  });

  it('refuses to start on a draft that is not submitted', async () => {
    const user = (await register(call)).session;
    const applicationId = await submittedApplication(t.db.orm, userId(user));
    await t.db.orm
      .update(applications)
      .set({ status: 'DRAFT' })
      .where(eq(applications.id, applicationId));
    const started = await start(user, applicationId);
    expect(started.status).toBe(409);
    expect(started.body.message).toBe(
      'Identity verification starts after the application is submitted',
    );
  });

  it('serves a capture page with consent, three photos by camera or file and the card number', async () => {
    const started = await start(alice, aliceApplication);
    const page = await t.app.inject({
      method: 'GET',
      url: EKYC_PATHS.sandboxCapture(tokenOf(started.body.captureUrl)),
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('name="consent"');
    expect(page.body).toContain('capture="environment"');
    expect(page.body).toContain('capture="user"');
    expect(page.body).toContain('name="identityCardNo"');
    const unknown = await t.app.inject({
      method: 'GET',
      url: EKYC_PATHS.sandboxCapture('x'.repeat(43)),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('passes when the card number matches, stores the images sealed and records consent', async () => {
    const started = await start(alice, aliceApplication);
    const sessionId = started.body.sessionId as string;
    const pending = await call('GET', EKYC_PATHS.session(sessionId), { token: alice.accessToken });
    expect(pending.body).toMatchObject({ status: 'PENDING', message: null });
    const early = await call('POST', EKYC_PATHS.confirm(sessionId), { token: alice.accessToken });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Failed to complete eKYC');

    const captured = await capture(started.body.captureUrl, {
      consent: 'yes',
      identityCardNo: '900101-14-5678',
    });
    expect(captured.statusCode).toBe(200);
    expect(captured.json()).toEqual({ verdict: 'PASSED', message: null });

    const done = await call('GET', EKYC_PATHS.session(sessionId), { token: alice.accessToken });
    expect(done.body).toMatchObject({ status: 'PASSED', message: null });
    const documents = await t.db.orm
      .select()
      .from(ekycDocuments)
      .where(eq(ekycDocuments.sessionId, sessionId));
    expect(documents.map((d) => d.kind).sort()).toEqual(['ID_BACK', 'ID_FRONT', 'SELFIE']);
    for (const document of documents) {
      expect(document.sealedContent.includes(PNG.subarray(16))).toBe(false);
      expect(sealer.openBytes(document.sealedContent).equals(PNG)).toBe(true);
    }
    // The provider hands the images over and keeps none.
    expect(await t.db.orm.select().from(ekycSandboxImages)).toHaveLength(0);
    const [session] = await t.db.orm
      .select()
      .from(ekycSessions)
      .where(eq(ekycSessions.id, sessionId));
    expect(session!.consentTextVersion).toMatch(/^ekyc-biometric-consent/);
    expect(session!.consentAt).toBeInstanceOf(Date);
    const consent = await t.db.orm
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'ekyc.biometric_consent'));
    expect(consent.map((row) => row.actor)).toContain(`user:${userId(alice)}`);

    const confirmed = await call('POST', EKYC_PATHS.confirm(sessionId), {
      token: alice.accessToken,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.confirmedAt).not.toBeNull();
    const [application] = await t.db.orm
      .select()
      .from(applications)
      .where(eq(applications.id, aliceApplication));
    expect(application!.progress).toContain('EKYCCOMPLETED');
    expect((await start(alice, aliceApplication)).body.message).toBe(
      'Identity verification is already complete',
    );
  });

  it('uses a capture link once only', async () => {
    const user = (await register(call)).session;
    const started = await start(user, await submittedApplication(t.db.orm, userId(user)));
    expect(
      (await capture(started.body.captureUrl, { consent: 'yes', identityCardNo: NRIC })).statusCode,
    ).toBe(200);
    const again = await capture(started.body.captureUrl, { consent: 'yes', identityCardNo: NRIC });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toMatch(/already been used/);
    const page = await t.app.inject({
      method: 'GET',
      url: EKYC_PATHS.sandboxCapture(tokenOf(started.body.captureUrl)),
    });
    expect(page.statusCode).toBe(410);
  });

  it('fails with the spec message when the card is not the one on the application form', async () => {
    const user = (await register(call)).session;
    const started = await start(user, await submittedApplication(t.db.orm, userId(user)));
    const captured = await capture(started.body.captureUrl, {
      consent: 'yes',
      identityCardNo: '880202105555',
    });
    expect(captured.json().verdict).toBe('FAILED');
    const status = await call('GET', EKYC_PATHS.session(started.body.sessionId), {
      token: user.accessToken,
    });
    expect(status.body).toMatchObject({
      status: 'FAILED',
      message: 'Identity card does not match the application form, please register again and retry',
    });
    const confirmed = await call('POST', EKYC_PATHS.confirm(started.body.sessionId), {
      token: user.accessToken,
    });
    expect(confirmed.status).toBe(409);
    expect(confirmed.body.message).toBe(
      'Identity card does not match the application form, please register again and retry',
    );
  });

  it('tells the phone what helps after a mismatch: Start again with the right card', async () => {
    const user = (await register(call)).session;
    const started = await start(user, await submittedApplication(t.db.orm, userId(user)));
    const page = await capture(
      started.body.captureUrl,
      { consent: 'yes', identityCardNo: '880202105555' },
      allImages,
      'text/html',
    );
    expect(page.body).toContain('does not match the one in your application');
    expect(page.body).toContain('press Start again');
    expect(page.body).not.toMatch(/register again/i);
  });

  it('refuses an expired link and reports the session expired', async () => {
    const user = (await register(call)).session;
    const started = await start(user, await submittedApplication(t.db.orm, userId(user)));
    await t.db.orm.update(ekycSandboxSessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const captured = await capture(started.body.captureUrl, {
      consent: 'yes',
      identityCardNo: NRIC,
    });
    expect(captured.statusCode).toBe(410);
    expect(captured.json().message).toMatch(/expired/);
    const status = await call('GET', EKYC_PATHS.session(started.body.sessionId), {
      token: user.accessToken,
    });
    expect(status.body.status).toBe('EXPIRED');
  });

  it('keeps the link usable when consent, a photo or the number is missing, or a file is not an image', async () => {
    const user = (await register(call)).session;
    const started = await start(user, await submittedApplication(t.db.orm, userId(user)));
    const noConsent = await capture(started.body.captureUrl, { identityCardNo: NRIC });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().message).toMatch(/consent/);
    const notImage = await capture(
      started.body.captureUrl,
      { consent: 'yes', identityCardNo: NRIC },
      {
        ...allImages,
        selfie: { name: 'selfie.jpg', content: Buffer.from('%PDF-1.4 not a photo') },
      },
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toMatch(/Selfie/);
    const asPage = await capture(
      started.body.captureUrl,
      { consent: 'yes' },
      { idFront: allImages.idFront },
      'text/html',
    );
    expect(asPage.statusCode).toBe(400);
    expect(asPage.body).toContain('role="alert"');
    expect(asPage.body).toContain('Identity card, back');
    const finally_ = await capture(started.body.captureUrl, {
      consent: 'yes',
      identityCardNo: NRIC,
    });
    expect(finally_.json().verdict).toBe('PASSED');
  });

  it("answers another user's session like one that does not exist", async () => {
    const started = await start(alice, aliceApplication).catch(() => null);
    const [session] = await t.db.orm
      .select()
      .from(ekycSessions)
      .where(eq(ekycSessions.userId, userId(alice)));
    expect(started).not.toBeNull();
    for (const request of [
      call('GET', EKYC_PATHS.session(session!.id), { token: bob.accessToken }),
      call('POST', EKYC_PATHS.confirm(session!.id), { token: bob.accessToken }),
    ]) {
      const answer = await request;
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('eKYC session not found');
    }
    expect(
      (await call('GET', EKYC_PATHS.session('not-a-uuid'), { token: bob.accessToken })).status,
    ).toBe(400);
  });
});
