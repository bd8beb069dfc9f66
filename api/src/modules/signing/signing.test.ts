import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { AUTH_PATHS, EKYC_PATHS, QUEUE_PATHS, SIGNING_PATHS } from '@lending/contracts';
import { type ApprovedLoanSummary, formatNric, formatRinggit } from '@lending/domain';
import { and, eq } from 'drizzle-orm';

import { createSealer } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import { activeMandate, agreementAt, approvedApplicant } from '../../testing/agreements';
import { type Caller, caller, LOCAL_CLIENT } from '../../testing/auth-helpers';
import { staffMember } from '../../testing/decisions';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

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

describe.each(databases())('signing the agreement (%s)', (kind) => {
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
    const open = await call('POST', SIGNING_PATHS.requestCode(agreement.id), { token });
    expect(open.status).toBeLessThan(300);
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
    const { agreement, borrower } = await signable();
    const { body: state } = await call('GET', SIGNING_PATHS.state(agreement.id), {
      token: borrower.token,
    });
    // A submission the stamp office refuses (a duty it cannot take) when the last signature
    // closes the file.
    const offer = agreement.offer as Record<string, unknown>;
    const setDuty = (stampDutySen: number) =>
      db()
        .update(t.agreements)
        .set({ offer: { ...offer, stampDutySen } })
        .where(eq(t.agreements.id, agreement.id));
    await setDuty(-1);
    clock.advance(2 * 60 * 1000);
    await call('POST', SIGNING_PATHS.requestCode(agreement.id), { token: borrower.token });
    const code = await codeSentTo(borrower.phoneNo);
    const sign = () =>
      call('POST', SIGNING_PATHS.sign(agreement.id), {
        token: borrower.token,
        body: { code, documentSha256: state.documentSha256 },
      });
    const refused = await sign();
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
    const signed = await sign();
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

  it('spends a code once: a replayed code signs nothing', async () => {
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

    async function capture(captureUrl: string, identityCardNo: string) {
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
          accept: 'application/json',
        },
        payload: Buffer.concat(parts),
      });
      expect(response.statusCode).toBeLessThan(300);
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
      clock.advance(2 * 60 * 1000);
      expect((await call('POST', SIGNING_PATHS.guarantorRequestCode(id), { token })).status).toBe(
        200,
      );
      return call('POST', SIGNING_PATHS.guarantorSign(id), {
        token,
        body: { code: await codeSentTo(phoneNo), documentSha256: link.body.documentSha256 },
      });
    }

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
      expect(text).toContain('Nur Aisyah binti Ahmad');
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
