import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { MASTER_SETUP_PATHS } from '@lending/contracts';
import { type ApprovedLoanSummary, formatRinggit, instalmentSchedule } from '@lending/domain';
import { eq } from 'drizzle-orm';

import * as t from '../../db/schema';
import { agreementAt, approvedApplicant } from '../../testing/agreements';
import { type Caller, caller } from '../../testing/auth-helpers';
import { staffMember } from '../../testing/decisions';
import { multipart } from '../../testing/files';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';
import type { Signer, SigningEvidence } from '../agreements/documents-port';
import { checkSignatures } from './verify';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agreement-pdf-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function tool(name: 'pdftotext' | 'pdfsig' | 'pdffonts', bytes: Buffer): string {
  const file = path.join(work, `${name}-${Date.now()}-${Math.random()}.pdf`);
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync(name, name === 'pdftotext' ? ['-layout', file, '-'] : [file], {
      encoding: 'utf8',
    });
  } catch (error) {
    // pdfsig exits non-zero when a signature fails; its report is what the test reads.
    const failed = error as { stdout?: string };
    if (name === 'pdfsig' && typeof failed.stdout === 'string') return failed.stdout;
    throw error;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** Each signature's "Signature Validation" line, in order. */
function validations(bytes: Buffer): string[] {
  return [...tool('pdfsig', bytes).matchAll(/Signature Validation: (.+)/g)].map((m) =>
    m[1]!.trim(),
  );
}

const evidence = (at: Date): SigningEvidence => ({
  signedAt: at,
  ip: '203.0.113.7',
  userAgent: 'jest',
  otpVerifiedAt: new Date(at.getTime() - 30_000),
  otpSentTo: '+6012***4567',
});

describe.each(databases())('agreement documents (%s)', (kind) => {
  // Keys, PDFs and three external tools per test on a shared two-core machine.
  jest.setTimeout(180_000);
  let app: TestApp;
  let call: Caller;
  beforeAll(async () => {
    app = await openTestApp(kind, { publicUrl: 'https://lend.example' });
    call = caller(app.app);
  });
  afterAll(() => app.close());
  const db = () => app.db.orm;
  const documents = () => app.app.agreementDocuments;

  it('freezes Schedule J once for the terms, with the domain engine figures in its text', async () => {
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'PENDING_SIGNING');
    const first = await documents().current(agreement.id);
    const again = await documents().current(agreement.id);
    expect(again).toMatchObject({ documentId: first.documentId, sha256: first.sha256, version: 1 });
    expect(first.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const text = tool('pdftotext', first.bytes).replace(/[ \t]+/g, ' ');
    const offer = agreement.offer as ApprovedLoanSummary;
    const schedule = instalmentSchedule({
      principalSen: offer.approvedSen,
      tenureMonths: offer.tenureMonths,
      annualRateBp: offer.annualRateBp,
    });
    expect(text).toContain('JADUAL J / SCHEDULE J');
    expect(text).toContain(agreement.agreementNo);
    // The late interest is stated at the rate the agreement was made on.
    expect(agreement.lateChargeRateBp).toBe(800);
    expect(text).toContain('R = 8/100 x D/365 x S');
    for (const sen of [
      schedule.principalSen,
      schedule.totalRepayableSen,
      schedule.totalInterestSen,
      schedule.monthlyInstalmentSen,
      offer.stampDutySen,
      offer.attestationFeeSen,
      offer.netReceivedSen,
    ]) {
      expect(text).toContain(formatRinggit(sen));
    }
    // Every instalment's row: its number, then its amount.
    const rows = [...text.matchAll(/^\s*(\d{1,2}) \d{2}\/\d{2}\/\d{4} (RM [\d,]+\.\d{2})\s*$/gm)];
    expect(rows.map((m) => m[2])).toEqual(schedule.instalmentsSen.map(formatRinggit));
    expect(text).toContain('https://lend.example/verify/');
    // PDF/A: the conformance is declared and the fonts are embedded.
    expect(first.bytes.toString('latin1')).toContain('<pdfaid:part>2</pdfaid:part>');
    const fonts = tool('pdffonts', first.bytes).split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    // name, type, encoding, embedded, subset, unicode map: embedded, and text maps to Unicode.
    expect(
      fonts.every((line) => /^DejaVuSans\S* .* yes +(yes|no) +yes +\d+ +\d+\s*$/.test(line)),
    ).toBe(true);
  });

  it('fills Schedule K with the security staff described and valued', async () => {
    const approved = await approvedApplicant(db(), call, {
      terms: {
        amountSen: 2_000_000,
        tenureMonths: 12,
        annualRateBp: 1200,
        security: 'SECURED',
        securityParticulars: {
          description: 'Fixed deposit FD-0012345',
          valueSen: 3_500_000,
        },
      },
      // Secured at the 12% cap: the attestation fee takes the all-in rate past it.
      complianceReviewed: true,
    });
    const agreement = await agreementAt(db(), approved, 'PENDING_SIGNING');
    const text = tool('pdftotext', (await documents().current(agreement.id)).bytes).replace(
      /\s+/g,
      ' ',
    );
    expect(text).toContain('JADUAL K / SCHEDULE K');
    expect(text).toContain('Fixed deposit FD-0012345');
    expect(text).toContain(formatRinggit(3_500_000));
    // No stand-in text where the particulars belong.
    expect(text).not.toContain('Security as approved and described');
    // Items 8 to 10 of the secured form.
    expect(text).toContain('12 bulan / months');
    expect(text).toMatch(/Hari ke-\d{1,2} setiap bulan/);
  });

  it('signs the frozen bytes once per signer, then seals and stamps; pdfsig checks each', async () => {
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'PENDING_SIGNING');
    const frozen = await documents().current(agreement.id);
    const notYet = await call('GET', `/api/agreement/${agreement.id}/e-certificate/download`, {
      token: approved.applicant.token,
    });
    expect(notYet.status).toBe(404);
    const borrower: Signer = {
      role: 'BORROWER',
      signerRef: `user:${approved.applicant.userId}`,
      name: 'Siti binti Ahmad',
      idNo: '900101-14-5678',
    };
    const guarantor: Signer = {
      role: 'GUARANTOR',
      signerRef: 'guarantor:one',
      name: 'Tan Ah Kow',
      idNo: '850505105123',
    };

    await expect(
      db().transaction((tx) =>
        documents().sign(tx, agreement.id, 'f'.repeat(64), borrower, evidence(new Date())),
      ),
    ).rejects.toMatchObject({ statusCode: 409, code: 'DOCUMENT_CHANGED' });

    const signed = await db().transaction((tx) =>
      documents().sign(tx, agreement.id, frozen.sha256, borrower, evidence(new Date())),
    );
    expect(signed.version).toBe(2);
    // The signed file begins with the exact bytes the borrower read.
    expect(signed.bytes.subarray(0, frozen.bytes.length).equals(frozen.bytes)).toBe(true);
    expect(validations(signed.bytes)).toEqual(['Signature is Valid.']);
    expect(await documents().current(agreement.id)).toMatchObject({ sha256: signed.sha256 });

    await expect(
      db().transaction((tx) =>
        documents().sign(tx, agreement.id, signed.sha256, borrower, evidence(new Date())),
      ),
    ).rejects.toMatchObject({ statusCode: 409, code: 'ALREADY_SIGNED' });

    const both = await db().transaction((tx) =>
      documents().sign(tx, agreement.id, signed.sha256, guarantor, evidence(new Date())),
    );
    expect(validations(both.bytes)).toEqual(['Signature is Valid.', 'Signature is Valid.']);

    const completed = await db().transaction((tx) => documents().complete(tx, agreement.id));
    expect(validations(completed.bytes)).toEqual([
      'Signature is Valid.',
      'Signature is Valid.',
      'Signature is Valid.',
    ]);
    const report = tool('pdfsig', completed.bytes);
    expect(report).toContain('ETSI.CAdES.detached');
    expect(report).toContain('Siti binti Ahmad');
    const text = tool('pdftotext', completed.bytes);
    expect(text).toContain('AUDIT CERTIFICATE');
    expect(text).toContain(frozen.sha256);
    expect(text).toContain('203.0.113.7');
    // Completing twice gives the same document, not a second seal.
    const twice = await db().transaction((tx) => documents().complete(tx, agreement.id));
    expect(twice.sha256).toBe(completed.sha256);

    const stamp = await documents().stampCertificate(agreement.id);
    expect(stamp?.certificateNo).toMatch(/^SB-STM-[0-9A-F]{12}$/);
    const stampText = tool('pdftotext', stamp!.bytes);
    expect(stampText).toContain(agreement.agreementNo);
    // The borrower named as the agreement names it (a sole proprietor trading as the business),
    // not by the person who signed for it; read in the completing transaction, so it cannot wait
    // on itself.
    expect(stampText).toContain('Aminah t/a Kedai Runcit Aminah');
    expect(stampText).not.toContain('Siti binti Ahmad');
    // The borrower keeps the e-certificate; nobody else reads it.
    const eCertificate = `/api/agreement/${agreement.id}/e-certificate/download`;
    const own = await app.app.inject({
      method: 'GET',
      url: eCertificate,
      headers: { authorization: `Bearer ${approved.applicant.token}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(stamp!.bytes)).toBe(true);
    expect(own.headers['x-certificate-no']).toBe(stamp!.certificateNo);
    const stranger = await approvedApplicant(db(), call);
    expect((await call('GET', eCertificate, { token: stranger.applicant.token })).status).toBe(404);

    // One changed byte inside the first signer's range: that signature no longer holds.
    const tampered = Buffer.from(completed.bytes);
    const at = tampered.indexOf('JADUAL');
    tampered[at + 1] = tampered[at + 1]! ^ 0x01;
    const after = validations(tampered);
    expect(after).toHaveLength(3);
    expect(after.every((line) => line !== 'Signature is Valid.')).toBe(true);

    const audit = await db()
      .select({ action: t.auditLog.action })
      .from(t.auditLog)
      .where(eq(t.auditLog.entity, `agreement:${agreement.id}`));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'agreement.document_frozen',
        'agreement.document_signed',
        'agreement.document_completed',
        'agreement.stamped',
      ]),
    );
  });

  it('serves the previews to the owner and staff only, by bearer and never by token query', async () => {
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'PENDING_SIGNING');
    const stranger = await approvedApplicant(db(), call);
    const base = `/api/agreement/${agreement.id}/preview`;
    expect((await call('GET', `${base}/download?token=${approved.applicant.token}`)).status).toBe(
      401,
    );
    const byQuery = await app.app.inject({
      method: 'GET',
      url: `${base}/download`,
      headers: { authorization: `Bearer ${approved.applicant.token}` },
    });
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.headers['content-type']).toBe('application/pdf');
    const frozen = await documents().current(agreement.id);
    expect(byQuery.rawPayload.equals(frozen.bytes)).toBe(true);
    expect(byQuery.headers['x-document-sha256']).toBe(frozen.sha256);
    for (const kind of ['pdpNotice', 'loanTnc']) {
      const notice = await app.app.inject({
        method: 'GET',
        url: `${base}/${kind}/download`,
        headers: { authorization: `Bearer ${approved.applicant.token}` },
      });
      expect(notice.statusCode).toBe(200);
      const text = tool('pdftotext', notice.rawPayload);
      expect(text).toContain(kind === 'pdpNotice' ? 'PERLINDUNGAN DATA' : 'TERMA DAN SYARAT');
      expect(text).toContain('ArkCash Credit Sdn. Bhd.');
    }
    expect((await call('GET', `${base}/download`)).status).toBe(401);
    expect((await call('GET', `${base}/download?token=nonsense`)).status).toBe(401);
    expect(
      (await call('GET', `${base}/download`, { token: stranger.applicant.token })).status,
    ).toBe(404);
    expect(
      (await call('GET', `${base}/pdpNotice/download`, { token: stranger.applicant.token })).status,
    ).toBe(404);
    expect((await call('GET', `${base}/download`, { token: approved.officer.token })).status).toBe(
      200,
    );
  });

  it('makes each agreement’s notices from the template versions it froze when it was made', async () => {
    const admin = await staffMember(db(), call, ['ADMIN']);
    const noticeText = async (agreementId: string, token: string) => {
      const answer = await app.app.inject({
        method: 'GET',
        url: `/api/agreement/${agreementId}/preview/pdpNotice/download`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.statusCode).toBe(200);
      return tool('pdftotext', answer.rawPayload).replace(/\s+/g, ' ');
    };
    const before = await approvedApplicant(db(), call);
    const older = await agreementAt(db(), before, 'PENDING_SIGNING');
    expect(await noticeText(older.id, before.applicant.token)).toContain('1. Data we collect');

    const body = multipart([
      { name: 'entityId', value: 'PDP_NOTICE_TEMPLATE' },
      {
        name: 'file',
        file: {
          filename: 'notis-2026.txt',
          contentType: 'text/plain',
          content: Buffer.from(
            [
              'TITLE MS: NOTIS PRIVASI 2026',
              'TITLE EN: Privacy notice 2026',
              'HEADING MS: 1. Pegawai perlindungan data',
              'HEADING EN: 1. Data protection officer',
              'BODY MS: Tulis kepada {{lenderName}} ({{licenceNo}}).',
              'BODY EN: Write to {{lenderName}} at {{address}}.',
            ].join('\n'),
          ),
        },
      },
    ]);
    const uploaded = await app.app.inject({
      method: 'POST',
      url: MASTER_SETUP_PATHS.upload,
      headers: { 'content-type': body.contentType, authorization: `Bearer ${admin.token}` },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const view = await call('GET', MASTER_SETUP_PATHS.entity('PDP_NOTICE_TEMPLATE'), {
      token: admin.token,
    });
    const activated = await call('POST', MASTER_SETUP_PATHS.activate(uploaded.json().id), {
      token: admin.token,
      body: { expectedActiveId: view.body.active.id },
    });
    expect(activated.status).toBe(200);

    const after = await approvedApplicant(db(), call);
    const newer = await agreementAt(db(), after, 'PENDING_SIGNING');
    expect(newer.pdpNoticeTemplateId).toBe(uploaded.json().id);
    expect(older.pdpNoticeTemplateId).toBe(view.body.active.id);
    const newText = await noticeText(newer.id, after.applicant.token);
    expect(newText).toContain('Privacy notice 2026');
    expect(newText).toContain(
      'Write to ArkCash Credit Sdn. Bhd. at Level 12, Menara Ark, No. 8, Jalan Sultan Ismail',
    );
    expect(newText).toContain('Tulis kepada ArkCash Credit Sdn. Bhd. (WL6512/14/01-6/240727).');
    expect(newText).not.toContain('1. Data we collect');
    // The agreement made before the activation reads the version it froze, to staff too.
    const oldText = await noticeText(older.id, before.officer.token);
    expect(oldText).toContain('1. Data we collect');
    expect(oldText).not.toContain('Privacy notice 2026');
    // The terms were not changed: both agreements read the same shipped version.
    expect(newer.loanTermsTemplateId).toBe(older.loanTermsTemplateId);
  });

  it('answers the public verification page: signers, times and intact or not', async () => {
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'PENDING_SIGNING');
    const frozen = await documents().current(agreement.id);
    const code = /\/verify\/([A-Za-z0-9_-]+)/.exec(tool('pdftotext', frozen.bytes))![1]!;
    const unsigned = await call('GET', `/api/agreement-verification/${code}`);
    expect(unsigned.status).toBe(200);
    expect(unsigned.body).toMatchObject({
      agreementNo: agreement.agreementNo,
      stage: 'FROZEN',
      intact: true,
      signers: [],
    });
    const signed = await db().transaction((tx) =>
      documents().sign(
        tx,
        agreement.id,
        frozen.sha256,
        {
          role: 'BORROWER',
          signerRef: `user:${approved.applicant.userId}`,
          name: 'Nur Aisyah',
          idNo: '920202-10-1234',
        },
        evidence(new Date('2026-11-20T03:00:00Z')),
      ),
    );
    const after = await call('GET', `/api/agreement-verification/${code}`);
    expect(after.body).toMatchObject({
      stage: 'SIGNED',
      sha256: signed.sha256,
      intact: true,
      signers: [{ role: 'BORROWER', name: 'Nur Aisyah', signedAt: '2026-11-20T03:00:00.000Z' }],
      signatures: [{ signer: 'Nur Aisyah', intact: true }],
    });
    expect(JSON.stringify(after.body)).not.toContain('920202');
    // The same check the page reports, on a copy with one byte changed.
    const tampered = Buffer.from(signed.bytes);
    const where = tampered.indexOf('JADUAL') + 2;
    tampered[where] = tampered[where]! ^ 0x01;
    expect(checkSignatures(tampered)).toEqual([
      { signer: 'Nur Aisyah', coversWholeFile: true, intact: false },
    ]);
    expect((await call('GET', '/api/agreement-verification/AAAAAAAAAAAAAAAAAAAA')).status).toBe(
      404,
    );
  });

  it('enrols at the certificate authority only for the NRIC on the own application', async () => {
    const approved = await approvedApplicant(db(), call);
    await agreementAt(db(), approved);
    const path = '/arkcash/api/v1.0/trustGate';
    const token = approved.applicant.token;
    // The NRIC travels in the body, never in the address.
    const body = { nric: '900101145678' };
    // This application holds no applicant identity: no NRIC can be the borrower's own.
    expect((await call('POST', `${path}/enrol`, { token, body })).status).toBe(404);
    expect((await call('POST', `${path}/cert`, { token, body })).status).toBe(404);
    expect((await call('POST', `${path}/enrol`, { body })).status).toBe(401);
    expect((await call('GET', `${path}/cert/900101145678`, { token })).status).toBe(404);
  });
});
