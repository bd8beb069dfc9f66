// The API killed with SIGKILL in the middle of a burst of uploads, deletes, loan changes and
// submits, then started again on the same folders: whatever an applicant was told happened is
// there, whatever was cut off has left nothing behind. The real server runs as a child process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
  APPLICATION_PATHS,
  AUTH_PATHS,
  FILE_PATHS,
  LEGAL_TEXT_VERSION,
  MASTER_PATHS,
  REGISTRATION_PATHS,
  type UploadedFile,
} from '@lending/contracts';
import { eq, inArray, isNull } from 'drizzle-orm';

import { STORAGE_KEY_PATTERN } from '../adapters/storage/port';
import { openDatabase } from '../db/database';
import { applicationFiles, applications, auditLog, masterFiles } from '../db/schema';
import { type ApiProcess, freePort, startApiProcess, stopApiProcess } from '../testing/api-process';
import { multipart, pdf } from '../testing/files';

// Each start opens PGlite on disk, migrates and seeds: 5 to 20 s, with the machine's load.
jest.setTimeout(150_000);

/** The document types of a company that take a PDF. */
const PDF_TYPES = ['OTHER', 'SSM_DOCUMENT', 'BANK_STATEMENT'];

/** Every file under the folder, as `<folder>/<name>`. */
function storedNames(filesDir: string): string[] {
  if (!fs.existsSync(filesDir)) return [];
  return fs
    .readdirSync(filesDir)
    .flatMap((folder) =>
      fs.readdirSync(path.join(filesDir, folder)).map((name) => `${folder}/${name}`),
    );
}

describe('a crash during a burst of writes', () => {
  let folder: string;
  let server: ApiProcess | null = null;

  beforeAll(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-crash-'));
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      await stopApiProcess(server, 'SIGKILL');
    }
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('loses nothing confirmed and keeps nothing half-written', async () => {
    const dataDir = path.join(folder, 'pglite');
    const filesDir = path.join(folder, 'files');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATA_DIR: dataDir, FILES_DIR: filesDir, FILES_SWEEP_GRACE_SECONDS: '0' };

    server = await startApiProcess(port, env);

    async function call(method: string, url: string, token?: string, body?: unknown) {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    }

    const captcha = await call('POST', AUTH_PATHS.sandboxCaptchaSolve);
    const suffix = String(process.pid % 1_000_000).padStart(6, '0');
    const registered = await call('POST', REGISTRATION_PATHS.register, undefined, {
      organizationType: 'COMPANY',
      companyName: 'Kedai Runcit Tahan Lasak Sdn Bhd',
      newBusinessRegistrationNo: `201901${suffix}`,
      businessContactCountryCode: '+60',
      businessContactNo: `03${suffix.slice(-4)}1234`,
      establishedDate: '2019-03-01',
      natureOfBusinessId: 1,
      businessAuthorizedPostcode: '80000',
      applicantName: 'Nur Aisyah',
      applicantIdentityCardType: 'MYKAD',
      applicantIdentityCardNo: '900101-14-5678',
      applicantRaceId: 1,
      applicantContactCountryCode: '+60',
      applicantContactNo: `012${suffix}0`,
      applicantEmail: `crash.${suffix}@example.com`,
      password: 'correct horse battery',
      passwordConfirmation: 'correct horse battery',
      termsAccepted: true,
      consentTextVersion: LEGAL_TEXT_VERSION,
      acceptMarketingConsent: false,
      language: 'EN',
      captchaToken: captcha.body.token,
    });
    if (registered.status !== 201) throw new Error(JSON.stringify(registered.body));
    const token = registered.body.accessToken as string;
    const reasons = await call('GET', MASTER_PATHS.loanReason);
    const loanReasonId = (reasons.body as { id: number; needsOtherText?: boolean }[]).find(
      (reason) => !reason.needsOtherText,
    )!.id;
    const created = await call('POST', APPLICATION_PATHS.create, token, {
      requestedAmountSen: 1_000_000,
      tenureMonths: 12,
      loanReasonId,
    });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    const applicationId = created.body.id as string;

    // The burst: uploads of about a megabyte (so some are mid-write at the kill), all but the
    // first few deleted again, and loan changes and submits beside them.
    const sent = new Map<string, Buffer>();
    const confirmed = new Map<string, Buffer>();
    const deleted = new Set<string>();
    const amounts = new Set<number>([1_000_000]);
    const seen = { uploads: 0, accepted: 0, refused: 0, deletes: 0, loans: 0, submits: 0, cut: 0 };
    let killed = false;

    async function uploadOne(n: number): Promise<void> {
      const content = pdf(800 * 1024 + n * 1024);
      const { payload, contentType } = multipart([
        { name: 'applicationId', value: applicationId },
        { name: 'fileType', value: PDF_TYPES[n % PDF_TYPES.length]! },
        { name: 'file', file: { filename: `document-${n}.pdf`, content } },
      ]);
      seen.uploads += 1;
      const response = await fetch(`${base}${FILE_PATHS.upload}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        body: payload,
      });
      const answer = (await response.json()) as UploadedFile;
      if (response.status !== 201) {
        seen.refused += 1;
        return;
      }
      seen.accepted += 1;
      sent.set(answer.id, content);
      // The first few stay; later ones are deleted again, so the counts per type leave room.
      if (confirmed.size < 5) {
        confirmed.set(answer.id, content);
        return;
      }
      const removed = await call('DELETE', FILE_PATHS.byId(answer.id), token);
      if (removed.status === 204) {
        seen.deletes += 1;
        deleted.add(answer.id);
      }
    }

    async function uploads(worker: number): Promise<void> {
      for (let n = worker; !killed; n += 4) {
        await uploadOne(n).catch(() => {
          seen.cut += 1;
        });
      }
    }

    async function sections(): Promise<void> {
      for (let n = 1; !killed; n += 1) {
        const amount = 1_000_000 + n * 10_000;
        amounts.add(amount);
        await call('PATCH', APPLICATION_PATHS.loan(applicationId), token, {
          requestedAmountSen: amount,
          tenureMonths: 12,
          loanReasonId,
        })
          .then(() => {
            seen.loans += 1;
          })
          .catch(() => {
            seen.cut += 1;
          });
        await call('PATCH', APPLICATION_PATHS.submit(applicationId), token)
          .then(() => {
            seen.submits += 1;
          })
          .catch(() => {
            seen.cut += 1;
          });
      }
    }

    const burst = [0, 1, 2, 3].map((worker) => uploads(worker)).concat(sections());
    const startedAt = Date.now();
    while (seen.accepted < 12 && Date.now() - startedAt < 15_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Mid-burst: four uploads are on their way whenever one has just been answered.
    server.child.kill('SIGKILL');
    killed = true;
    await server.exited;
    await Promise.all(burst);
    const leftBehind = storedNames(filesDir);

    server = await startApiProcess(port, env);
    const sweptLine = server.lines.find((line) => line.includes('stored files swept'));
    const swept = JSON.parse(sweptLine!) as { partials: number; orphans: number; kept: number };

    // Every upload answered 201 and not deleted is listed and comes back byte for byte.
    const listed = await call('GET', FILE_PATHS.byEntity(applicationId), token);
    expect(listed.status).toBe(200);
    const listedIds = new Set((listed.body as UploadedFile[]).map((file) => file.id));
    for (const [id, content] of confirmed) {
      expect(listedIds.has(id)).toBe(true);
      const response = await fetch(`${base}${FILE_PATHS.byId(id)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(content)).toBe(true);
    }
    for (const id of deleted) expect(listedIds.has(id)).toBe(false);
    // Anything listed was sent by this test, and every listed file can be read.
    for (const id of listedIds) {
      expect(sent.has(id)).toBe(true);
      const response = await fetch(`${base}${FILE_PATHS.byId(id)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(sent.get(id)!)).toBe(true);
    }
    // No object outlived the sweep without its row, and no half-written object is left.
    const stored = storedNames(filesDir);
    expect(stored.every((name) => STORAGE_KEY_PATTERN.test(name))).toBe(true);
    const ofApplication = stored.filter((name) => name.startsWith(`${applicationId}/`));
    expect(ofApplication.sort()).toEqual(
      [...listedIds].map((id) => `${applicationId}/${id}`).sort(),
    );
    // Beside them only the templates the platform ships, kept at its first start (checked
    // against their rows below).
    const others = stored.filter((name) => !name.startsWith(`${applicationId}/`));

    // The application is whole: still a draft, with one of the loans that was asked for.
    const application = await call('GET', APPLICATION_PATHS.byId(applicationId), token);
    expect(application.status).toBe(200);
    expect(application.body.status).toBe('DRAFT');
    expect(amounts.has(application.body.requestedAmountSen)).toBe(true);

    await stopApiProcess(server);
    server = null;

    // In the database itself: each live file came with its audit row, each deleted one with
    // both of its own, and nothing belongs to an application that is not there.
    const db = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      const files = (await db.orm.select().from(applicationFiles)).map((row) => ({
        id: row.id,
        deleted: row.deletedAt !== null,
      }));
      const audits = await db.orm
        .select({ action: auditLog.action, entity: auditLog.entity })
        .from(auditLog)
        .where(inArray(auditLog.action, ['file.uploaded', 'file.deleted']));
      const orphanRows = await db.orm
        .select({ id: applicationFiles.id })
        .from(applicationFiles)
        .leftJoin(applications, eq(applications.id, applicationFiles.applicationId))
        .where(isNull(applications.id));
      const uploadedAudit = new Set(
        audits.filter((row) => row.action === 'file.uploaded').map((row) => row.entity),
      );
      const deletedAudit = new Set(
        audits.filter((row) => row.action === 'file.deleted').map((row) => row.entity),
      );
      expect(files.length).toBe(uploadedAudit.size);
      for (const file of files) {
        expect(uploadedAudit.has(`file:${file.id}`)).toBe(true);
        expect(deletedAudit.has(`file:${file.id}`)).toBe(file.deleted);
        expect(listedIds.has(file.id)).toBe(!file.deleted);
      }
      expect(orphanRows).toEqual([]);
      const shipped = await db.orm.select({ key: masterFiles.storageKey }).from(masterFiles);
      expect(others.sort()).toEqual(shipped.map((row) => row.key).sort());
      process.stdout.write(
        `crash test: ${seen.uploads} uploads sent, ${seen.accepted} answered 201 ` +
          `(${confirmed.size} kept, ${seen.deletes} deleted), ${seen.refused} refused, ` +
          `${seen.cut} requests cut off by the kill, ${seen.loans} loan changes, ` +
          `${seen.submits} submits; left behind ${leftBehind.length} objects; the start-up ` +
          `sweep removed ${swept.partials} partial writes and ${swept.orphans} objects without ` +
          `a row, kept ${swept.kept}; ${files.length} file rows (${listedIds.size} live)\n`,
      );
    } finally {
      await db.close();
    }
  });
});
