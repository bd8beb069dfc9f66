import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { AUTH_PATHS, EKYC_PATHS, QUEUE_PATHS, SIGNING_PATHS } from '@lending/contracts';
import {
  type ApprovedLoanSummary,
  formatNric,
  formatRinggit,
  maskIdentityNumber,
} from '@lending/domain';
import { and, eq } from 'drizzle-orm';

import { createSealer } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import { activeMandate, agreementAt, approvedApplicant } from '../../testing/agreements';
import { type Caller, caller, LOCAL_CLIENT } from '../../testing/auth-helpers';
import { staffMember } from '../../testing/decisions';
import { openBorrowerDocuments, openGuarantorDocuments } from '../../testing/signing-documents';
import { databases, openTestApp, type TestApp, testsOn } from '../../testing/test-db';

const DATA_KEY = randomBytes(32).toString('hex');
const sealer = createSealer(Buffer.from(DATA_KEY, 'hex'));
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** What a PDF says (pdftotext) and whether its signatures hold (pdfsig). */
function pdfTool(name: 'pdftotext' | 'pdfsig', bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guarantee-'));
  const file = path.join(dir, 'document.pdf');
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync(name, name === 'pdftotext' ? ['-layout', file, '-'] : [file], {
      encoding: 'utf8',
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

let serial = 0;
const ADDRESS = {
  line1: '12 Jalan Ampang',
  postcode: '50450',
  cityId: 1,
  cityName: 'Kuala Lumpur',
  stateId: 14,
  stateName: 'Wilayah Persekutuan Kuala Lumpur',
};

function director(name: string) {
  serial += 1;
  const n = String(serial * 7907 + process.pid)
    .padStart(7, '0')
    .slice(-7);
  return {
    role: 'DIRECTOR' as const,
    name,
    identityCardType: 'MYKAD',
    identityCardNo: `8505${n}${serial % 10}`.slice(0, 12).padEnd(12, '1'),
    contactNo: `+6013${n}`,
    personalEmail: `director${n}@example.com`,
  };
}

describe.each(databases('concurrency'))('signing the agreement (%s)', (kind) => {
  const { it, everywhere } = testsOn(kind);
  let app: TestApp;
  let call: Caller;
  const clock = fixedClock('2026-07-01T02:00:00Z');
  beforeAll(async () => {
    app = await openTestApp(kind, {
      clock,
      dataKey: DATA_KEY,
      publicUrl: 'https://lend.example',
    });
    call = caller(app.app);
    // A new migration rebuilds the database template once; that may take a while.
  }, 180_000);
  afterAll(() => app?.close());
  const db = (): Orm => app.db.orm;
  const documents = () => app.app.agreementDocuments;
  const signerRoles = async (agreementId: string) =>
    (await documents().signatures(agreementId)).map((signature) => signature.role);
  /** Closed: the audit page and the lender's seal added, and the stamp certificate issued. */
  const closed = async (agreementId: string) =>
    (await documents().stampCertificate(agreementId)) !== null;

  /** An agreement waiting for signatures, its borrower and the guarantors the application names. */
  async function signable(
    guarantors: ReturnType<typeof director>[] = [],
    status: Parameters<typeof agreementAt>[2] = 'PENDING_SIGNING',
    options: { opened?: boolean } = {},
  ) {
    const approved = await approvedApplicant(db(), call);
    await db()
      .insert(t.applicationSections)
      .values([
        {
          applicationId: approved.applicationId,
          section: 'directors',
          sealedData: sealer.sealJson({ people: guarantors }),
        },
        {
          // The borrower as the application names them: the stamp office needs a name and an ID.
          applicationId: approved.applicationId,
          section: 'applicant',
          sealedData: sealer.sealJson({
            name: 'Nur Aisyah binti Ahmad',
            identityCardType: 'MYKAD',
            identityCardNo: '900101145678',
            dateOfBirth: '1990-01-01',
            gender: 'FEMALE',
            nricAddress: ADDRESS,
            homeAddress: ADDRESS,
            mailingAddress: ADDRESS,
          }),
        },
      ]);
    const agreement = await agreementAt(db(), approved, status);
    // Signing waits for the direct debit: the borrower has approved it at the bank.
    if (status === 'PENDING_SIGNING') {
      await activeMandate(app.app, call, approved.applicant.token, agreement.id);
      // The borrower has read what they sign, unless the test is about that.
      if (options.opened !== false) {
        await openBorrowerDocuments(call, agreement.id, approved.applicant.token);
      }
    }
    return { agreement, borrower: approved.applicant };
  }

  async function codeSentTo(to: string): Promise<string> {
    const { body } = await call(
      'GET',
      `${AUTH_PATHS.sandboxOutbox}?to=${encodeURIComponent(to)}`,
      LOCAL_CLIENT,
    );
    // The agreement number has digits too: the code is the number after "is".
    const match = /(?:is|ialah) (\d{6})\b/.exec(body[0]?.body ?? '');
    if (!match) throw new Error('no code sent');
    return match[1]!;
  }
  async function linkTokenSentTo(to: string): Promise<string> {
    const { body } = await call(
      'GET',
      `${AUTH_PATHS.sandboxOutbox}?to=${encodeURIComponent(to)}`,
      LOCAL_CLIENT,
    );
    const match = /token=([A-Za-z0-9_-]+)/.exec(body[0]?.body ?? '');
    if (!match) throw new Error('no link sent');
    return match[1]!;
  }
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const statusOf = async (agreementId: string) =>
    (await db().select().from(t.agreements).where(eq(t.agreements.id, agreementId)))[0]!.status;

  async function borrowerSigns(agreementId: string, borrower: { token: string; phoneNo: string }) {
    const state = await call('GET', SIGNING_PATHS.state(agreementId), { token: borrower.token });
    expect(state.status).toBe(200);
    clock.advance(2 * 60 * 1000);
    expect(
      (await call('POST', SIGNING_PATHS.requestCode(agreementId), { token: borrower.token }))
        .status,
    ).toBe(200);
    const code = await codeSentTo(borrower.phoneNo);
    return call('POST', SIGNING_PATHS.sign(agreementId), {
      token: borrower.token,
      body: { code, documentSha256: state.body.documentSha256 },
    });
  }

  it('refuses signing before the agreement is waiting for signatures', async () => {
    const { agreement, borrower } = await signable([], 'RnRApproved');
    for (const path of [SIGNING_PATHS.requestCode(agreement.id)]) {
      const answer = await call('POST', path, { token: borrower.token });
      expect(answer).toMatchObject({ status: 409, body: { code: 'SIGNING_NOT_OPEN' } });
    }
    const sign = await call('POST', SIGNING_PATHS.sign(agreement.id), {
      token: borrower.token,
      body: { code: '123456', documentSha256: 'a'.repeat(64) },
    });
    expect(sign).toMatchObject({ status: 409, body: { code: 'SIGNING_NOT_OPEN' } });
    expect(await statusOf(agreement.id)).toBe('RnRApproved');
  });

  it('refuses signing until the direct debit is active at the bank', async () => {
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'PENDING_SIGNING');
    const token = approved.applicant.token;
    const early = await call('POST', SIGNING_PATHS.requestCode(agreement.id), { token });
    expect(early).toMatchObject({ status: 409, body: { code: 'SIGNING_NOT_OPEN' } });
    await activeMandate(app.app, call, token, agreement.id);
    await openBorrowerDocuments(call, agreement.id, token);
    const open = await call('POST', SIGNING_PATHS.requestCode(agreement.id), { token });
    expect(open.status).toBeLessThan(300);
  });

  it('sends the code only once the borrower opened each document, each opening recorded once', async () => {
    const { agreement, borrower } = await signable([], 'PENDING_SIGNING', { opened: false });
    const token = borrower.token;
    const state = await call('GET', SIGNING_PATHS.state(agreement.id), { token });
    expect(state.body.documents).toEqual([
      { kind: 'AGREEMENT', sha256: state.body.documentSha256, openedAt: null },
      { kind: 'PDP_NOTICE', sha256: expect.stringMatching(/^[0-9a-f]{64}$/), openedAt: null },
      { kind: 'LOAN_TERMS', sha256: expect.stringMatching(/^[0-9a-f]{64}$/), openedAt: null },
    ]);
    const early = await app.app.inject({
      method: 'POST',
      url: SIGNING_PATHS.requestCode(agreement.id),
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'ms' },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'DOCUMENTS_NOT_OPENED',
      message: 'Sila buka dan baca setiap dokumen sebelum meminta kod tandatangan',
    });

    const read = (kind: 'AGREEMENT' | 'PDP_NOTICE' | 'LOAN_TERMS') =>
      app.app.inject({
        method: 'GET',
        url: SIGNING_PATHS.readDocument(agreement.id, kind),
        headers: { authorization: `Bearer ${token}` },
      });
    const agreementRead = await read('AGREEMENT');
    expect(agreementRead.statusCode).toBe(200);
    expect(agreementRead.headers['content-type']).toBe('application/pdf');
    expect(agreementRead.headers['cache-control']).toBe('private, no-store');
    // The very bytes that are signed.
    expect(createHash('sha256').update(agreementRead.rawPayload).digest('hex')).toBe(
      state.body.documentSha256,
    );
    const notice = await read('PDP_NOTICE');
    expect(pdfTool('pdftotext', notice.rawPayload)).toMatch(/PERLINDUNGAN DATA PERIBADI/i);
    expect((await call('POST', SIGNING_PATHS.requestCode(agreement.id), { token })).body.code).toBe(
      'DOCUMENTS_NOT_OPENED',
    );
    const terms = await read('LOAN_TERMS');
    expect(createHash('sha256').update(terms.rawPayload).digest('hex')).toBe(
      state.body.documents[2].sha256,
    );
    // Opened again: the first opening stands.
    await read('AGREEMENT');
    expect((await call('POST', SIGNING_PATHS.requestCode(agreement.id), { token })).status).toBe(
      200,
    );
    const after = await call('GET', SIGNING_PATHS.state(agreement.id), { token });
    expect(after.body.documents.map((d: { openedAt: string | null }) => d.openedAt)).toEqual([
      expect.any(String),
      expect.any(String),
      expect.any(String),
    ]);
    const opened = await db()
      .select()
      .from(t.auditLog)
      .where(
        and(
          eq(t.auditLog.entity, `agreement:${agreement.id}`),
          eq(t.auditLog.action, 'signing.document_opened'),
        ),
      );
    expect(opened.map((row) => (row.detail as { kind: string }).kind)).toEqual([
      'AGREEMENT',
      'PDP_NOTICE',
      'LOAN_TERMS',
    ]);
    expect(opened.every((row) => row.actor === `user:${borrower.userId}`)).toBe(true);

    // Another borrower reads none of it; a guarantor's deed is not the borrower's to read.
    const other = await signable();
    expect(
      (
        await call('GET', SIGNING_PATHS.readDocument(agreement.id, 'AGREEMENT'), {
          token: other.borrower.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('GET', SIGNING_PATHS.readDocument(agreement.id, 'GUARANTEE'), { token })).status,
    ).toBe(400);
  });

  it("answers 'not found' for another borrower's agreement", async () => {
    const mine = await signable();
    const theirs = await signable();
    const answer = await call('POST', SIGNING_PATHS.requestCode(theirs.agreement.id), {
      token: mine.borrower.token,
    });
    expect(answer.status).toBe(404);
  });

  it('signs with the SMS code, and with no guarantor waits for disbursement', async () => {
    const { agreement, borrower } = await signable();
    const signed = await borrowerSigns(agreement.id, borrower);
    expect(signed.status).toBe(200);
    expect(signed.body.status).toBe('PENDING_DISBURSEMENT');
    expect(signed.body.signedAt).toBe(clock.now().toISOString());
    expect(await closed(agreement.id)).toBe(true);
    expect(await signerRoles(agreement.id)).toEqual(['BORROWER']);
    const history = await db()
      .select()
      .from(t.agreementStatusHistory)
      .where(eq(t.agreementStatusHistory.agreementId, agreement.id));
    expect(history.map((row) => row.toStatus).slice(-2)).toEqual([
      'AGREEMENTSIGNING',
      'PENDING_DISBURSEMENT',
    ]);
    // The signed agreement stays readable to its borrower.
    const document = await call('GET', SIGNING_PATHS.document(agreement.id), {
      token: borrower.token,
    });
    expect(document.status).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    // It is the sealed file, not the frozen one the borrower read before signing.
    const sealed = await documents().current(agreement.id);
    expect(document.headers['x-document-sha256']).toBe(sealed.sha256);
    expect(signed.body.documentSha256).toBe(sealed.sha256);
    expect(sealed.version).toBeGreaterThan(1);
  });

  it('keeps the stamp certificate exactly when the agreement reaches PENDING_DISBURSEMENT', async () => {
    const { agreement, borrower } = await signable([], 'PENDING_SIGNING', { opened: false });
    // A submission the stamp office refuses (a duty it cannot take) when the last signature
    // closes the file.
    const offer = agreement.offer as Record<string, unknown>;
    const setDuty = (stampDutySen: number) =>
      db()
        .update(t.agreements)
        .set({ offer: { ...offer, stampDutySen } })
        .where(eq(t.agreements.id, agreement.id));
    await setDuty(-1);
    // Read as the terms now stand: a change of terms makes a new version to open.
    await openBorrowerDocuments(call, agreement.id, borrower.token);
    const { body: state } = await call('GET', SIGNING_PATHS.state(agreement.id), {
      token: borrower.token,
    });
    clock.advance(2 * 60 * 1000);
    await call('POST', SIGNING_PATHS.requestCode(agreement.id), { token: borrower.token });
    const code = await codeSentTo(borrower.phoneNo);
    const sign = (documentSha256: string) =>
      call('POST', SIGNING_PATHS.sign(agreement.id), {
        token: borrower.token,
        body: { code, documentSha256 },
      });
    const refused = await sign(state.documentSha256);
    expect(refused).toMatchObject({
      status: 503,
      body: { statusCode: 503, code: 'UNAVAILABLE', message: expect.stringMatching(/try again/) },
    });
    // Nothing half done: no status, signature, sealed file, certificate or spent code.
    expect(await statusOf(agreement.id)).toBe('PENDING_SIGNING');
    expect(await closed(agreement.id)).toBe(false);
    expect(await signerRoles(agreement.id)).toEqual([]);
    const kept = await db()
      .select()
      .from(t.agreementDocuments)
      .where(eq(t.agreementDocuments.agreementId, agreement.id));
    expect(kept.map((row) => row.stage)).toEqual(['FROZEN']);
    expect(
      await db()
        .select()
        .from(t.agreementStamps)
        .where(eq(t.agreementStamps.agreementId, agreement.id)),
    ).toEqual([]);
    const [unspent] = await db()
      .select()
      .from(t.signingCodes)
      .where(eq(t.signingCodes.agreementId, agreement.id));
    expect(unspent!.usedAt).toBeNull();
    const certificate = await call('GET', `/api/agreement/${agreement.id}/e-certificate/download`, {
      token: borrower.token,
    });
    expect(certificate.status).toBe(404);

    // The stamp office takes it again: the same code signs, and the agreement moves on stamped.
    await setDuty((offer as { stampDutySen: number }).stampDutySen);
    await openBorrowerDocuments(call, agreement.id, borrower.token);
    const { body: restored } = await call('GET', SIGNING_PATHS.state(agreement.id), {
      token: borrower.token,
    });
    const signed = await sign(restored.documentSha256);
    expect(signed.status).toBe(200);
    expect(signed.body.status).toBe('PENDING_DISBURSEMENT');
    const stamp = await documents().stampCertificate(agreement.id);
    expect(stamp).not.toBeNull();
    const stamped = await db()
      .select()
      .from(t.auditLog)
      .where(
        and(
          eq(t.auditLog.entity, `agreement:${agreement.id}`),
          eq(t.auditLog.action, 'agreement.stamped'),
        ),
      );
    expect(stamped).toHaveLength(1);
    const download = await call('GET', `/api/agreement/${agreement.id}/e-certificate/download`, {
      token: borrower.token,
    });
    expect(download.status).toBe(200);
    expect(download.headers['x-certificate-no']).toBe(stamp!.certificateNo);
    // Two signatures, a seal and a stamp: slow on a busy machine.
  }, 120_000);

  it('keeps the code hashed and refuses it after 5 minutes', async () => {
    const { agreement, borrower } = await signable();
    const { body: state } = await call('GET', SIGNING_PATHS.state(agreement.id), {
      token: borrower.token,
    });
    await call('POST', SIGNING_PATHS.requestCode(agreement.id), { token: borrower.token });
    const code = await codeSentTo(borrower.phoneNo);
    const [row] = await db()
      .select()
      .from(t.signingCodes)
      .where(eq(t.signingCodes.agreementId, agreement.id));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.destinationSealed).not.toContain(borrower.phoneNo.slice(-7));
    clock.advance(5 * 60 * 1000 + 1000);
    const late = await call('POST', SIGNING_PATHS.sign(agreement.id), {
      token: borrower.token,
      body: { code, documentSha256: state.documentSha256 },
    });
    expect(late).toMatchObject({ status: 400, body: { code: 'SIGNING_CODE_EXPIRED' } });
    expect(await statusOf(agreement.id)).toBe('PENDING_SIGNING');
  });

  it("answers 'Invalid OTP' to a wrong code and refuses the right one after 3 tries", async () => {
    const { agreement, borrower } = await signable();
    const { body: state } = await call('GET', SIGNING_PATHS.state(agreement.id), {
      token: borrower.token,
    });
    clock.advance(2 * 60 * 1000);
    await call('POST', SIGNING_PATHS.requestCode(agreement.id), { token: borrower.token });
    const code = await codeSentTo(borrower.phoneNo);
    const sign = (value: string) =>
      call('POST', SIGNING_PATHS.sign(agreement.id), {
        token: borrower.token,
        body: { code: value, documentSha256: state.documentSha256 },
      });
    for (let i = 0; i < 3; i += 1) {
      expect(await sign(wrong(code))).toMatchObject({
        status: 400,
        body: { message: 'Invalid OTP', code: 'SIGNING_CODE_INVALID' },
      });
    }
    expect(await sign(code)).toMatchObject({
      status: 400,
      body: { code: 'SIGNING_CODE_ATTEMPTS' },
    });
    // A new code starts afresh.
    clock.advance(61 * 1000);
    await call('POST', SIGNING_PATHS.requestCode(agreement.id), { token: borrower.token });
    expect((await sign(await codeSentTo(borrower.phoneNo))).status).toBe(200);
  });

  it('limits resending: one a minute, five a day', async () => {
    const { agreement, borrower } = await signable();
    const send = () =>
      call('POST', SIGNING_PATHS.requestCode(agreement.id), { token: borrower.token });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(429);
    for (let i = 0; i < 4; i += 1) {
      clock.advance(61 * 1000);
      expect((await send()).status).toBe(200);
    }
    clock.advance(61 * 1000);
    expect(await send()).toMatchObject({ status: 429, body: { code: 'SIGNING_CODE_LIMIT' } });
  });

  everywhere('spends a code once: a replayed code signs nothing', async () => {
    const { agreement, borrower } = await signable([director('Farid')]);
    const { body: state } = await call('GET', SIGNING_PATHS.state(agreement.id), {
      token: borrower.token,
    });
    clock.advance(2 * 60 * 1000);
    await call('POST', SIGNING_PATHS.requestCode(agreement.id), { token: borrower.token });
    const code = await codeSentTo(borrower.phoneNo);
    const body = { code, documentSha256: state.documentSha256 };
    const answers = await Promise.all([
      call('POST', SIGNING_PATHS.sign(agreement.id), { token: borrower.token, body }),
      call('POST', SIGNING_PATHS.sign(agreement.id), { token: borrower.token, body }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, expect.any(Number)]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const again = await call('POST', SIGNING_PATHS.sign(agreement.id), {
      token: borrower.token,
      body,
    });
    expect(again.status).not.toBe(200);
    const signatures = await db()
      .select()
      .from(t.auditLog)
      .where(
        and(
          eq(t.auditLog.entity, `agreement:${agreement.id}`),
          eq(t.auditLog.action, 'signing.borrower_signed'),
        ),
      );
    expect(signatures).toHaveLength(1);
    expect(await signerRoles(agreement.id)).toEqual(['BORROWER']);
  });

  it('refuses a signature on a document other than the one read', async () => {
    const { agreement, borrower } = await signable();
    clock.advance(2 * 60 * 1000);
    await call('POST', SIGNING_PATHS.requestCode(agreement.id), { token: borrower.token });
    const code = await codeSentTo(borrower.phoneNo);
    const answer = await call('POST', SIGNING_PATHS.sign(agreement.id), {
      token: borrower.token,
      body: { code, documentSha256: 'b'.repeat(64) },
    });
    expect(answer.status).toBe(409);
    expect(await statusOf(agreement.id)).toBe('PENDING_SIGNING');
  });

  describe('guarantors', () => {
    // Each guarantor's deed is built, signed and read back with poppler on a shared machine.
    jest.setTimeout(120_000);
    const idOf = (token: string) =>
      call('GET', SIGNING_PATHS.guarantorToken, { token }).then(
        (a) => a.body.guarantorId as string,
      );

    async function capture(
      captureUrl: string,
      identityCardNo: string,
      accept = 'application/json',
    ) {
      const boundary = `----sign${randomBytes(6).toString('hex')}`;
      const parts: Buffer[] = [];
      for (const [name, value] of Object.entries({ consent: 'yes', identityCardNo })) {
        parts.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
          ),
        );
      }
      for (const name of ['idFront', 'idBack', 'selfie']) {
        parts.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          PNG,
          Buffer.from('\r\n'),
        );
      }
      parts.push(Buffer.from(`--${boundary}--\r\n`));
      const response = await app.app.inject({
        method: 'POST',
        url: EKYC_PATHS.sandboxCapture(captureUrl.split('/').pop()!),
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          accept,
        },
        payload: Buffer.concat(parts),
      });
      expect(response.statusCode).toBeLessThan(300);
      return response.body;
    }

    async function verify(token: string, identityCardNo: string) {
      const id = await idOf(token);
      const started = await call('POST', SIGNING_PATHS.guarantorEkyc(id), { token });
      expect(started.status).toBe(200);
      await capture(started.body.captureUrl, identityCardNo);
      return (await call('GET', SIGNING_PATHS.guarantorToken, { token })).body;
    }

    async function guarantorSigns(token: string, phoneNo: string) {
      const id = await idOf(token);
      const link = await call('GET', SIGNING_PATHS.guarantorToken, { token });
      await openGuarantorDocuments(call, id, token);
      clock.advance(2 * 60 * 1000);
      expect((await call('POST', SIGNING_PATHS.guarantorRequestCode(id), { token })).status).toBe(
        200,
      );
      return call('POST', SIGNING_PATHS.guarantorSign(id), {
        token,
        body: { code: await codeSentTo(phoneNo), documentSha256: link.body.documentSha256 },
      });
    }

    it('tells a guarantor on a phone where to go back to, in the language they read', async () => {
      const farid = director('Farid');
      const { agreement, borrower } = await signable([farid]);
      await borrowerSigns(agreement.id, borrower);
      const token = await linkTokenSentTo(farid.personalEmail);
      const started = await app.app.inject({
        method: 'POST',
        url: SIGNING_PATHS.guarantorEkyc(await idOf(token)),
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'ms-MY,ms;q=0.9' },
      });
      const captureUrl = started.json<{ captureUrl: string }>().captureUrl;
      const form = await app.app.inject({
        method: 'GET',
        url: EKYC_PATHS.sandboxCapture(captureUrl.split('/').pop()!),
      });
      expect(form.body).toContain('<html lang="ms">');
      const failed = await capture(captureUrl, '010101011111', 'text/html');
      expect(failed).toContain('bukan milik orang yang menerima pautan tandatangan ini');
      expect(failed).toContain('kembali ke halaman tandatangan anda');
      // No computer to go back to, no application form of theirs, no registering again.
      expect(failed).not.toMatch(/komputer|borang permohonan|daftar/i);

      const again = await app.app.inject({
        method: 'POST',
        url: SIGNING_PATHS.guarantorEkyc(await idOf(token)),
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      });
      const passed = await capture(
        again.json<{ captureUrl: string }>().captureUrl,
        farid.identityCardNo,
        'text/html',
      );
      expect(passed).toContain('go back to your signing page');
      expect(passed).not.toMatch(/computer/i);
    });

    it('invites each guarantor by email and SMS, verifies them, and waits for every one', async () => {
      const farid = director('Farid');
      const mei = director('Mei Ling');
      const { agreement, borrower } = await signable([farid, mei]);
      const signed = await borrowerSigns(agreement.id, borrower);
      expect(signed.body.status).toBe('AGREEMENTSIGNING');
      expect(signed.body.guarantors).toMatchObject([
        { name: 'Farid', status: 'INVITED', required: true },
        { name: 'Mei Ling', status: 'INVITED', required: true },
      ]);
      const faridToken = await linkTokenSentTo(farid.personalEmail);
      // The link opens the guarantor's pages in the language the invitation is written in.
      const { body: invitations } = await call(
        'GET',
        `${AUTH_PATHS.sandboxOutbox}?to=${encodeURIComponent(farid.personalEmail)}`,
        LOCAL_CLIENT,
      );
      expect(invitations[0].links[0]).toBe(
        `https://lend.example/guarantor-signing/identity-verification?token=${faridToken}&language=EN`,
      );
      expect(await linkTokenSentTo(farid.contactNo)).toBe(faridToken);
      const meiToken = await linkTokenSentTo(mei.personalEmail);
      // Kept only as a keyed hash.
      const rows = await db()
        .select()
        .from(t.agreementGuarantors)
        .where(eq(t.agreementGuarantors.agreementId, agreement.id));
      expect(rows.map((row) => row.tokenHash)).not.toContain(faridToken);
      expect(JSON.stringify(rows)).not.toContain(farid.identityCardNo);

      // Nothing to read or sign before identity verification.
      const faridId = await idOf(faridToken);
      expect(
        await call('GET', SIGNING_PATHS.guarantorPreview(faridId), { token: faridToken }),
      ).toMatchObject({ status: 409, body: { code: 'GUARANTOR_NOT_VERIFIED' } });
      expect(
        await call('GET', SIGNING_PATHS.guarantorReadDocument(faridId, 'GUARANTEE'), {
          token: faridToken,
        }),
      ).toMatchObject({ status: 409, body: { code: 'GUARANTOR_NOT_VERIFIED' } });

      // A card that is not the guarantor's: refused, with the reason, and may be retried.
      const mismatch = await verify(faridToken, '010101011111');
      expect(mismatch.status).toBe('INVITED');
      expect(mismatch.identity).toMatchObject({
        state: 'FAILED',
        message: expect.stringMatching(/does not match/),
      });
      const passed = await verify(faridToken, farid.identityCardNo);
      expect(passed.status).toBe('VERIFIED');
      expect(passed.identity.state).toBe('PASSED');
      // His deed and the privacy notice, to open before a code is sent.
      expect(passed.documents).toEqual([
        { kind: 'GUARANTEE', sha256: passed.documentSha256, openedAt: null },
        { kind: 'PDP_NOTICE', sha256: expect.stringMatching(/^[0-9a-f]{64}$/), openedAt: null },
      ]);
      expect(
        (await call('POST', SIGNING_PATHS.guarantorRequestCode(faridId), { token: faridToken }))
          .body.code,
      ).toBe('DOCUMENTS_NOT_OPENED');
      expect(
        (
          await call('GET', SIGNING_PATHS.guarantorReadDocument(faridId, 'LOAN_TERMS' as never), {
            token: faridToken,
          })
        ).status,
      ).toBe(400);

      const preview = await app.app.inject({
        method: 'GET',
        url: SIGNING_PATHS.guarantorPreview(faridId),
        headers: { authorization: `Bearer ${faridToken}` },
      });
      expect(preview.statusCode).toBe(200);
      expect(preview.headers['content-type']).toBe('application/pdf');
      // Farid reads his own deed of guarantee, not the borrower's agreement, and signs exactly it.
      const deed = preview.rawPayload;
      const deedSha256 = createHash('sha256').update(deed).digest('hex');
      expect(preview.headers['x-document-sha256']).toBe(deedSha256);
      expect(passed.documentSha256).toBe(deedSha256);
      const agreementPdf = await documents().current(agreement.id);
      expect(deedSha256).not.toBe(agreementPdf.sha256);
      const text = pdfTool('pdftotext', deed).replace(/\s+/g, ' ');
      const offer = agreement.offer as ApprovedLoanSummary;
      expect(text).toContain('SURAT JAMINAN / DEED OF GUARANTEE');
      expect(text).toContain(agreement.agreementNo);
      expect(text).toContain(
        `Farid (NRIC ${formatNric(farid.identityCardNo)}), a director of the Borrower`,
      );
      // The borrower as every document of the loan names them: a sole proprietor trading as the
      // business (the organization's names, not the sealed applicant section's).
      expect(text).toContain('Aminah t/a Kedai Runcit Aminah');
      expect(text).not.toContain('Mei Ling');
      for (const sen of [
        offer.approvedSen,
        offer.totalInterestSen,
        offer.monthlyInstalmentSen,
        offer.totalRepayableSen,
      ]) {
        expect(text).toContain(formatRinggit(sen));
      }
      // Its own QR code and verification page; PDF/A like the agreement.
      const code = /https:\/\/lend\.example\/verify\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
      expect(deed.toString('latin1')).toContain('<pdfaid:part>2</pdfaid:part>');
      // Mei Ling's deed names her, not Farid.
      const meiId = await idOf(meiToken);
      expect((await guarantorSigns(faridToken, farid.contactNo)).body.status).toBe('SIGNED');
      const signedDeed = (
        await app.app.inject({
          method: 'GET',
          url: SIGNING_PATHS.guarantorPreview(faridId),
          headers: { authorization: `Bearer ${faridToken}` },
        })
      ).rawPayload;
      // The signed deed begins with the bytes Farid read, and its one signature holds.
      expect(signedDeed.subarray(0, deed.length).equals(deed)).toBe(true);
      expect([
        ...pdfTool('pdfsig', signedDeed).matchAll(/Signature Validation: (.+)/g),
      ]).toHaveLength(1);
      expect(pdfTool('pdfsig', signedDeed)).toContain('Signature is Valid.');
      const verification = await call('GET', `/api/agreement-verification/${code}`);
      expect(verification.body).toMatchObject({
        agreementNo: agreement.agreementNo,
        stage: 'SIGNED',
        intact: true,
        signers: [{ role: 'GUARANTOR', name: 'Farid' }],
      });
      // The borrower's agreement carries the borrower's signature only.
      expect((await documents().current(agreement.id)).sha256).toBe(agreementPdf.sha256);
      // One required guarantor has not signed: still waiting.
      expect(await statusOf(agreement.id)).toBe('AGREEMENTSIGNING');
      expect(await closed(agreement.id)).toBe(false);
      const progress = await call('GET', SIGNING_PATHS.state(agreement.id), {
        token: borrower.token,
      });
      expect(progress.body.guarantors.map((g: { status: string }) => g.status)).toEqual([
        'SIGNED',
        'INVITED',
      ]);
      // The borrower's home card follows each guarantor by name, never by NRIC or phone.
      await verify(meiToken, mei.identityCardNo);
      const home = await call('GET', '/api/loan-status/home', { token: borrower.token });
      expect(home.body.status.state).toBe('PENDING_AGREEMENT');
      expect(home.body.guarantors).toEqual([
        { position: 1, name: 'Farid', step: 'SIGNED' },
        { position: 2, name: 'Mei Ling', step: 'IDENTITY_VERIFIED' },
      ]);
      for (const secret of [
        farid.identityCardNo,
        mei.identityCardNo,
        farid.contactNo,
        mei.contactNo.slice(3),
      ]) {
        expect(JSON.stringify(home.body)).not.toContain(secret);
      }

      const meiDeed = await app.app.inject({
        method: 'GET',
        url: SIGNING_PATHS.guarantorPreview(meiId),
        headers: { authorization: `Bearer ${meiToken}` },
      });
      expect(pdfTool('pdftotext', meiDeed.rawPayload).replace(/\s+/g, ' ')).toContain(
        `Mei Ling (NRIC ${formatNric(mei.identityCardNo)})`,
      );
      expect((await guarantorSigns(meiToken, mei.contactNo)).body.status).toBe('SIGNED');
      expect(await statusOf(agreement.id)).toBe('PENDING_DISBURSEMENT');
      expect(await closed(agreement.id)).toBe(true);
      // Closed: the card no longer lists guarantors.
      expect(
        (await call('GET', '/api/loan-status/home', { token: borrower.token })).body.guarantors,
      ).toEqual([]);
      expect(await signerRoles(agreement.id)).toEqual(['BORROWER', 'GUARANTOR', 'GUARANTOR']);
      // The stamp certificate kept with the file names each guarantor with the masked number,
      // as the audit page does: whoever reads it (the borrower here) reads no one's whole NRIC.
      const stamp = await app.app.inject({
        method: 'GET',
        url: `/api/agreement/${agreement.id}/e-certificate/download`,
        headers: { authorization: `Bearer ${borrower.token}` },
      });
      expect(stamp.statusCode).toBe(200);
      const stampText = pdfTool('pdftotext', stamp.rawPayload).replace(/\s+/g, ' ');
      for (const guarantor of [farid, mei]) {
        expect(stampText).toContain(
          `GUARANTOR: ${guarantor.name} (${maskIdentityNumber(guarantor.identityCardNo)})`,
        );
        expect(stampText).not.toContain(guarantor.identityCardNo);
        expect(stampText).not.toContain(formatNric(guarantor.identityCardNo));
      }
      // Signed once: the link signs nothing again.
      expect(
        (await call('POST', SIGNING_PATHS.guarantorRequestCode(faridId), { token: faridToken }))
          .status,
      ).toBe(409);
    });

    it("refuses a guarantor's token everywhere but their own signing", async () => {
      const farid = director('Farid');
      const mei = director('Mei Ling');
      const { agreement, borrower } = await signable([farid, mei]);
      await borrowerSigns(agreement.id, borrower);
      const token = await linkTokenSentTo(farid.personalEmail);
      const other = await idOf(await linkTokenSentTo(mei.personalEmail));
      const staff = await staffMember(db(), call, ['ADMIN']);

      // The applicant's routes.
      for (const [method, path] of [
        ['GET', SIGNING_PATHS.state(agreement.id)],
        ['GET', SIGNING_PATHS.document(agreement.id)],
        ['POST', SIGNING_PATHS.requestCode(agreement.id)],
        ['GET', '/api/loan-status/home'],
        ['GET', `/api/application/${agreement.applicationId}`],
      ] as const) {
        expect((await call(method, path, { token })).status).toBe(401);
      }
      // Staff routes.
      expect((await call('GET', QUEUE_PATHS.list, { token })).status).toBe(401);
      // Another guarantor's signing.
      for (const [method, path] of [
        ['POST', SIGNING_PATHS.guarantorEkyc(other)],
        ['GET', SIGNING_PATHS.guarantorPreview(other)],
        ['GET', SIGNING_PATHS.guarantorReadDocument(other, 'GUARANTEE')],
        ['POST', SIGNING_PATHS.guarantorRequestCode(other)],
      ] as const) {
        expect((await call(method, path, { token })).status).toBe(404);
      }
      expect(
        (
          await call('POST', SIGNING_PATHS.guarantorSign(other), {
            token,
            body: { code: '123456', documentSha256: 'a'.repeat(64) },
          })
        ).status,
      ).toBe(404);
      // And the other way round: neither the borrower's nor staff's token opens a guarantor's.
      for (const who of [borrower.token, staff.token]) {
        expect((await call('GET', SIGNING_PATHS.guarantorToken, { token: who })).status).toBe(401);
        expect(
          (await call('POST', SIGNING_PATHS.guarantorEkyc(other), { token: who })).status,
        ).toBe(401);
      }
      // A link expires.
      clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
      expect(await call('GET', SIGNING_PATHS.guarantorToken, { token })).toMatchObject({
        status: 401,
        body: { code: 'GUARANTOR_LINK_INVALID' },
      });
    });
  });
});
