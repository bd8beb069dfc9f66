import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

import { AUTH_PATHS, FILE_PATHS, type LoginResponse, type TokenPair } from '@lending/contracts';
import { requiredDocuments } from '@lending/domain';
import { eq } from 'drizzle-orm';

import { localFileStorage } from '../../adapters/storage/local';
import { applicationFiles, applications, masterFiles, organizations } from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import {
  addStaff,
  type Caller,
  caller,
  nextIp,
  register,
  staffLogin,
} from '../../testing/auth-helpers';
import { multipart, type Part, pdf, png } from '../../testing/files';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';
import { attachmentDisposition } from './routes';
import { documentRequirements } from './service';
import { sweepStoredFiles } from './sweep';

const MB = 1024 * 1024;

describe.each(databases())('documents of an application on %s', (kind) => {
  let t: TestApp;
  let call: Caller;
  let filesDir: string;
  let alice: LoginResponse;
  let bob: LoginResponse;
  let officer: TokenPair;
  let aliceApp: string;
  let bobApp: string;
  let brn = 0;
  const clock = fixedClock(new Date());

  async function openApplication(
    session: LoginResponse,
    organizationType: 'SOLE_PROP' | 'PARTNERSHIP' | 'COMPANY',
  ): Promise<string> {
    brn += 1;
    const userId = session.userDetails!.id;
    const [organization] = await t.db.orm
      .insert(organizations)
      .values({
        tenant: 'arkcash',
        userId,
        organizationType,
        companyName: `Kedai Runcit ${brn}`,
        newBusinessRegistrationNo: `20240300${String(brn).padStart(4, '0')}`,
        applicantName: 'Aisyah binti Ahmad',
        applicantEmail: `owner${brn}@example.com`,
      })
      .returning();
    const [application] = await t.db.orm
      .insert(applications)
      .values({
        tenant: 'arkcash',
        userId,
        organizationId: organization!.id,
        referenceNo: `TEST-${process.pid}-${brn}`,
        status: 'DRAFT',
      })
      .returning();
    return application!.id;
  }

  async function upload(
    token: string | null,
    fields: { applicationId?: string; fileType?: string },
    file: { filename: string; content: Buffer; contentType?: string } | null,
    fileFirst = false,
  ) {
    const parts: Part[] = [];
    if (fields.applicationId) parts.push({ name: 'applicationId', value: fields.applicationId });
    if (fields.fileType) parts.push({ name: 'fileType', value: fields.fileType });
    if (file) parts[fileFirst ? 'unshift' : 'push']({ name: 'file', file });
    const built = multipart(parts);
    // A name no quoted header parameter can carry travels RFC 5987-encoded, as browsers send it.
    let payload = built.payload;
    if (file && /[\r\n"]/.test(file.filename)) {
      const quoted = Buffer.from(`filename="${file.filename}"`);
      const at = payload.indexOf(quoted);
      payload = Buffer.concat([
        payload.subarray(0, at),
        Buffer.from(`filename*=UTF-8''${encodeURIComponent(file.filename)}`),
        payload.subarray(at + quoted.length),
      ]);
    }
    const { contentType } = built;
    const response = await t.app.inject({
      method: 'POST',
      url: FILE_PATHS.upload,
      headers: {
        'content-type': contentType,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload,
      remoteAddress: nextIp(),
    });
    return { status: response.statusCode, body: response.json() };
  }

  const pdfFile = (content = pdf(), filename = 'statement.pdf') => ({ filename, content });
  const pngFile = (content = png(), filename = 'premise.png') => ({
    filename,
    content,
    contentType: 'image/png',
  });

  beforeAll(async () => {
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-files-test-'));
    t = await openTestApp(kind, { filesDir, clock });
    call = caller(t.app);
    alice = (await register(call)).session;
    bob = (await register(call)).session;
    await addStaff(t.db.orm, `officer.${kind}@lender.test`, 'officer password', ['CREDIT_OFFICER']);
    officer = await staffLogin(call, `officer.${kind}@lender.test`, 'officer password');
    aliceApp = await openApplication(alice, 'SOLE_PROP');
    bobApp = await openApplication(bob, 'COMPANY');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('lists the required files of each organization type as the domain table has them', async () => {
    for (const organizationType of ['SOLE_PROP', 'PARTNERSHIP', 'COMPANY'] as const) {
      const served = await call('GET', FILE_PATHS.requiredByOrganization(organizationType));
      expect(served.status).toBe(200);
      expect(
        served.body.map(
          (row: {
            fileType: string;
            isRequired: boolean;
            requiredFileCount: number;
            maxFileCount: number;
            displayOrder: number;
            acceptedTypes: string[];
            maxBytes: number;
          }) => ({
            fileType: row.fileType,
            isRequired: row.isRequired,
            requiredFileCount: row.requiredFileCount,
            maxFileCount: row.maxFileCount,
            displayOrder: row.displayOrder,
            acceptedTypes: row.acceptedTypes,
            maxBytes: row.maxBytes,
          }),
        ),
      ).toEqual(requiredDocuments(organizationType));
      // Each document says whose it is, in both languages.
      for (const row of served.body as { description: string; descriptionMs: string }[]) {
        expect(row.description.length).toBeGreaterThan(20);
        expect(row.descriptionMs.length).toBeGreaterThan(20);
      }
    }
    const company = await call('GET', FILE_PATHS.requiredByOrganization('COMPANY'));
    const companyTypes = company.body.map((row: { fileType: string }) => row.fileType);
    for (const salaryPaper of ['SALARY_SLIP', 'EPF_STATEMENT', 'FORM_EA_OR_BE']) {
      expect(companyTypes).not.toContain(salaryPaper);
    }
    expect(company.body[0].description).toContain('directors and shareholders');
    expect((await call('GET', '/api/file/getRequiredFileListByOrganization/CHARITY')).status).toBe(
      400,
    );
  });

  it('stores a statement sealed and gives it back to its owner as it was sent', async () => {
    const content = pdf();
    const uploaded = await upload(
      alice.accessToken,
      { applicationId: aliceApp, fileType: 'BANK_STATEMENT' },
      pdfFile(content, 'Penyata Mac.pdf'),
    );
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({
      applicationId: aliceApp,
      fileType: 'BANK_STATEMENT',
      originalFileName: 'Penyata Mac.pdf',
      mimeType: 'application/pdf',
      sizeBytes: content.length,
    });
    const stored = fs.readFileSync(path.join(filesDir, aliceApp, uploaded.body.id));
    expect(stored.includes(Buffer.from('%PDF'))).toBe(false);

    const download = await t.app.inject({
      method: 'GET',
      url: FILE_PATHS.byId(uploaded.body.id),
      headers: { authorization: `Bearer ${alice.accessToken}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
    expect(download.rawPayload.equals(content)).toBe(true);

    const list = await call('GET', FILE_PATHS.byEntity(aliceApp), { token: alice.accessToken });
    expect(list.body.map((file: { id: string }) => file.id)).toContain(uploaded.body.id);
  });

  it('opens a file by a short-lived link made for it, never by the access token in an address', async () => {
    const content = pdf();
    const uploaded = await upload(
      alice.accessToken,
      { applicationId: aliceApp, fileType: 'SSM_DOCUMENT' },
      pdfFile(content, 'form-d.pdf'),
    );
    const another = await upload(
      alice.accessToken,
      { applicationId: aliceApp, fileType: 'OTHER' },
      pdfFile(pdf(), 'other.pdf'),
    );
    const url = FILE_PATHS.byId(uploaded.body.id);
    // The access token in an address opens nothing, this file or anything else.
    expect(await call('GET', `${url}?token=${alice.accessToken}`)).toMatchObject({
      status: 401,
      body: { code: 'TOKEN_IN_ADDRESS' },
    });
    expect(
      (await call('GET', `${AUTH_PATHS.userMe}?access_token=${alice.accessToken}`)).status,
    ).toBe(401);
    expect((await call('GET', url)).status).toBe(401);

    // A link made with the bearer opens that file, as a plain link would fetch it.
    const minted = await call('POST', `${url}/link`, { token: alice.accessToken });
    expect(minted.status).toBe(200);
    expect(minted.body.url).not.toContain(alice.accessToken);
    const lifetime = Date.parse(minted.body.expiresAt) - clock.now().getTime();
    expect(lifetime).toBeGreaterThan(119_000);
    expect(lifetime).toBeLessThanOrEqual(120_000);
    const opened = await t.app.inject({ method: 'GET', url: minted.body.url });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-disposition']).toMatch(/^attachment; /);
    expect(opened.rawPayload.equals(content)).toBe(true);
    const link = new URL(minted.body.url, 'http://api.test').searchParams.get('link')!;

    // Only that file: another one, the bearer's place, any other path, or altered.
    const linkTo = (fileId: string, value = link) =>
      call('GET', `${FILE_PATHS.byId(fileId)}?link=${encodeURIComponent(value)}`);
    expect(await linkTo(another.body.id)).toMatchObject({
      status: 401,
      body: { code: 'FILE_LINK_INVALID' },
    });
    for (const path of [url, AUTH_PATHS.userMe, FILE_PATHS.byEntity(aliceApp)]) {
      expect((await call('GET', path, { token: link })).status).toBe(401);
    }
    expect((await call('GET', `${AUTH_PATHS.userMe}?link=${link}`)).status).toBe(401);
    const [payload, signature] = link.split('.');
    const forged = Buffer.from(
      Buffer.from(payload!, 'base64url').toString().replace(uploaded.body.id, another.body.id),
    ).toString('base64url');
    expect((await linkTo(another.body.id, `${forged}.${signature}`)).status).toBe(401);

    // Nobody mints a link to a file they may not read; staff may.
    expect((await call('POST', `${url}/link`, { token: bob.accessToken })).status).toBe(404);
    const staffLink = await call('POST', `${url}/link`, { token: officer.accessToken });
    expect((await t.app.inject({ method: 'GET', url: staffLink.body.url })).statusCode).toBe(200);

    // Not once it ends.
    clock.advance(2 * 60 * 1000 + 1000);
    expect((await t.app.inject({ method: 'GET', url: minted.body.url })).statusCode).toBe(401);
  });

  it('ends a file link with the session it was made in', async () => {
    const { session } = await register(call);
    const application = await openApplication(session, 'SOLE_PROP');
    const uploaded = await upload(
      session.accessToken,
      { applicationId: application, fileType: 'SSM_DOCUMENT' },
      pdfFile(),
    );
    const minted = await call('POST', `${FILE_PATHS.byId(uploaded.body.id)}/link`, {
      token: session.accessToken,
    });
    expect((await t.app.inject({ method: 'GET', url: minted.body.url })).statusCode).toBe(200);
    await call('POST', AUTH_PATHS.logout, { body: { refreshToken: session.refreshToken } });
    expect((await t.app.inject({ method: 'GET', url: minted.body.url })).statusCode).toBe(401);
  });

  it('refuses a statement that is not a PDF', async () => {
    const refused = await upload(
      alice.accessToken,
      { applicationId: aliceApp, fileType: 'BANK_STATEMENT' },
      pngFile(),
    );
    expect(refused).toMatchObject({
      status: 415,
      body: { message: 'Only PDF files are accepted' },
    });
  });

  it('reads the type from the content: a PDF name on other bytes is refused', async () => {
    const refused = await upload(
      alice.accessToken,
      { applicationId: aliceApp, fileType: 'OTHER' },
      pdfFile(Buffer.from('just some text pretending to be a PDF'), 'invoice.pdf'),
    );
    expect(refused).toMatchObject({
      status: 415,
      body: { message: 'Only PDF, PNG or JPEG files are accepted' },
    });
  });

  it('refuses a general file over 5 MB and a statement over 10 MB', async () => {
    const general = await upload(
      alice.accessToken,
      { applicationId: aliceApp, fileType: 'OTHER' },
      pdfFile(pdf(5 * MB + 1), 'big.pdf'),
    );
    expect(general).toMatchObject({
      status: 413,
      body: { message: 'File must be smaller than 5MB' },
    });
    const statement = await upload(
      bob.accessToken,
      { applicationId: bobApp, fileType: 'BANK_STATEMENT' },
      pdfFile(pdf(10 * MB + 1), 'bank.pdf'),
    );
    expect(statement).toMatchObject({
      status: 413,
      body: { message: 'File must be smaller than 10MB' },
    });
    const tenMegabytes = await upload(
      bob.accessToken,
      { applicationId: bobApp, fileType: 'BANK_STATEMENT' },
      pdfFile(pdf(10 * MB), 'bank.pdf'),
    );
    expect(tenMegabytes.status).toBe(201);
  });

  it('refuses the same file twice in one application', async () => {
    const content = png();
    const first = await upload(
      alice.accessToken,
      { applicationId: aliceApp, fileType: 'PREMISE_PICTURE' },
      pngFile(content, 'front.png'),
    );
    expect(first.status).toBe(201);
    const again = await upload(
      alice.accessToken,
      { applicationId: aliceApp, fileType: 'PREMISE_PICTURE' },
      pngFile(content, 'front-again.png'),
    );
    expect(again).toMatchObject({
      status: 400,
      body: { message: 'This file has already been uploaded' },
    });
  });

  it('streams a large file in and out, and keeps nothing of a refused one', async () => {
    const erin = (await register(call)).session;
    const erinApp = await openApplication(erin, 'SOLE_PROP');
    const stored = () =>
      fs.existsSync(path.join(filesDir, erinApp))
        ? fs.readdirSync(path.join(filesDir, erinApp))
        : [];
    const content = pdf(3 * MB);
    const uploaded = await upload(
      erin.accessToken,
      { applicationId: erinApp, fileType: 'BANK_STATEMENT' },
      pdfFile(content),
    );
    expect(uploaded.status).toBe(201);
    const download = await t.app.inject({
      method: 'GET',
      url: FILE_PATHS.byId(uploaded.body.id),
      headers: { authorization: `Bearer ${erin.accessToken}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(stored()).toEqual([uploaded.body.id]);

    const duplicate = await upload(
      erin.accessToken,
      { applicationId: erinApp, fileType: 'OTHER' },
      pdfFile(content, 'again.pdf'),
    );
    expect(duplicate).toMatchObject({
      status: 400,
      body: { message: 'This file has already been uploaded' },
    });
    const tooLarge = await upload(
      erin.accessToken,
      { applicationId: erinApp, fileType: 'OTHER' },
      pdfFile(pdf(5 * MB + 1), 'big.pdf'),
    );
    expect(tooLarge.status).toBe(413);
    const largeAndWrongType = await upload(
      erin.accessToken,
      { applicationId: erinApp, fileType: 'OTHER' },
      pdfFile(Buffer.alloc(5 * MB + 1, 0x20), 'blank.pdf'),
    );
    expect(largeAndWrongType).toMatchObject({
      status: 413,
      body: { message: 'File must be smaller than 5MB' },
    });
    expect(stored()).toEqual([uploaded.body.id]);
  });

  it('refuses more files than a type allows', async () => {
    const secondStatement = await upload(
      alice.accessToken,
      { applicationId: aliceApp, fileType: 'BANK_STATEMENT' },
      pdfFile(),
    );
    expect(secondStatement).toMatchObject({
      status: 400,
      body: { message: 'Please upload exactly 1 document' },
    });
    // A company is not asked for salary slips, so none is taken.
    const slip = await upload(
      bob.accessToken,
      { applicationId: bobApp, fileType: 'SALARY_SLIP' },
      pdfFile(pdf(), 'slip.pdf'),
    );
    expect(slip.status).toBe(400);
    for (let n = 0; n < 3; n += 1) {
      await upload(bob.accessToken, { applicationId: bobApp, fileType: 'OTHER' }, pdfFile());
    }
    const fourthOther = await upload(
      bob.accessToken,
      { applicationId: bobApp, fileType: 'OTHER' },
      pdfFile(),
    );
    expect(fourthOther).toMatchObject({
      status: 400,
      body: { message: 'You can upload at most 3 files' },
    });
  });

  it('refuses what is not part of a proper upload', async () => {
    const notNeeded = await upload(
      alice.accessToken,
      { applicationId: aliceApp, fileType: 'SALARY_SLIP' },
      pdfFile(),
    );
    expect(notNeeded.status).toBe(400);
    const noFile = await upload(
      alice.accessToken,
      { applicationId: aliceApp, fileType: 'OTHER' },
      null,
    );
    expect(noFile).toMatchObject({ status: 400, body: { message: 'Choose a file to upload' } });
    const fileFirst = await upload(
      alice.accessToken,
      { applicationId: aliceApp, fileType: 'OTHER' },
      pdfFile(),
      true,
    );
    expect(fileFirst.status).toBe(400);
    const json = await call('POST', FILE_PATHS.upload, {
      token: alice.accessToken,
      body: { applicationId: aliceApp },
    });
    expect(json.status).toBe(415);
    expect(
      (await upload(null, { applicationId: aliceApp, fileType: 'OTHER' }, pdfFile())).status,
    ).toBe(401);
  });

  it("answers another user's application and files as not found", async () => {
    const bobsFile = await upload(
      bob.accessToken,
      { applicationId: bobApp, fileType: 'SSM_DOCUMENT' },
      pdfFile(),
    );
    expect(bobsFile.status).toBe(201);
    const intoBobs = await upload(
      alice.accessToken,
      { applicationId: bobApp, fileType: 'OTHER' },
      pdfFile(),
    );
    expect(intoBobs).toMatchObject({ status: 404, body: { message: 'Application Not Found' } });
    const url = FILE_PATHS.byId(bobsFile.body.id);
    expect((await call('GET', url, { token: alice.accessToken })).status).toBe(404);
    expect((await call('DELETE', url, { token: alice.accessToken })).status).toBe(404);
    expect(
      (await call('GET', FILE_PATHS.byEntity(bobApp), { token: alice.accessToken })).status,
    ).toBe(404);
    expect((await call('GET', url, { token: bob.accessToken })).status).toBe(200);
  });

  it('lets staff read any application files', async () => {
    const list = await call('GET', FILE_PATHS.byEntity(bobApp), { token: officer.accessToken });
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(0);
    const file = await call('GET', FILE_PATHS.byId(list.body[0].id), {
      token: officer.accessToken,
    });
    expect(file.status).toBe(200);
    // Uploading is the applicant's own act.
    const staffUpload = await upload(
      officer.accessToken,
      { applicationId: bobApp, fileType: 'OTHER' },
      pdfFile(),
    );
    expect(staffUpload.status).toBe(403);
  });

  it('records document upload completed once every required type is satisfied', async () => {
    const carol = (await register(call)).session;
    const carolApp = await openApplication(carol, 'PARTNERSHIP');
    const missingOf = documentRequirements(t.db.orm);
    const application = async () =>
      (await t.db.orm.select().from(applications).where(eq(applications.id, carolApp)))[0]!;
    expect(
      (await missingOf(await application())).map((item) =>
        item.kind === 'document' ? item.fileType : item.kind,
      ),
    ).toEqual(['SSM_DOCUMENT', 'FORM_EA_OR_BE', 'BANK_STATEMENT', 'PREMISE_PICTURE']);
    const as = { token: carol.accessToken };
    for (const fileType of ['SSM_DOCUMENT', 'FORM_EA_OR_BE', 'BANK_STATEMENT']) {
      expect(
        (await upload(as.token, { applicationId: carolApp, fileType }, pdfFile())).status,
      ).toBe(201);
    }
    const pictures: string[] = [];
    for (let n = 0; n < 5; n += 1) {
      const picture = await upload(
        as.token,
        { applicationId: carolApp, fileType: 'PREMISE_PICTURE' },
        pngFile(),
      );
      pictures.push(picture.body.id);
      if (n === 3) {
        expect(await missingOf(await application())).toEqual([
          { kind: 'document', fileType: 'PREMISE_PICTURE', required: 5, uploaded: 4 },
        ]);
        expect((await application()).progress).not.toContain('DOCUMENTUPLOADCOMPLETED');
      }
    }
    expect(await missingOf(await application())).toEqual([]);
    expect((await application()).progress).toContain('DOCUMENTUPLOADCOMPLETED');

    const removed = await call('DELETE', FILE_PATHS.byId(pictures[0]!), as);
    expect(removed.status).toBe(204);
    expect((await call('GET', FILE_PATHS.byId(pictures[0]!), as)).status).toBe(404);
    expect((await application()).progress).not.toContain('DOCUMENTUPLOADCOMPLETED');
    expect(fs.existsSync(path.join(filesDir, carolApp, pictures[0]!))).toBe(false);
  });

  it('keeps the files once the application is no longer editable', async () => {
    const dave = (await register(call)).session;
    const daveApp = await openApplication(dave, 'SOLE_PROP');
    const file = await upload(
      dave.accessToken,
      { applicationId: daveApp, fileType: 'OTHER' },
      pdfFile(),
    );
    await t.db.orm
      .update(applications)
      .set({ status: 'PENDING' })
      .where(eq(applications.id, daveApp));
    const late = await upload(
      dave.accessToken,
      { applicationId: daveApp, fileType: 'OTHER' },
      pdfFile(),
    );
    expect(late).toMatchObject({
      status: 409,
      body: { message: 'The application can no longer be changed' },
    });
    expect(
      (await call('DELETE', FILE_PATHS.byId(file.body.id), { token: dave.accessToken })).status,
    ).toBe(409);
  });
  async function download(fileId: string, token: string) {
    return t.app.inject({
      method: 'GET',
      url: FILE_PATHS.byId(fileId),
      headers: { authorization: `Bearer ${token}` },
    });
  }

  it('serves a file as an attachment, its name rid of direction overrides and line breaks', async () => {
    const frank = (await register(call)).session;
    const frankApp = await openApplication(frank, 'SOLE_PROP');
    const overridden = await upload(
      frank.accessToken,
      { applicationId: frankApp, fileType: 'OTHER' },
      pdfFile(pdf(), 'invoice\u202efdp.exe'),
    );
    expect(overridden.status).toBe(201);
    expect(overridden.body.originalFileName).toBe('invoicefdp.exe');
    const first = await download(overridden.body.id, frank.accessToken);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-disposition']).toBe(
      `attachment; filename="invoicefdp.exe"; filename*=UTF-8''invoicefdp.exe`,
    );
    expect(first.headers['x-content-type-options']).toBe('nosniff');

    // The multipart parser drops a part whose name has a line break: no file arrives at all.
    const lineBreak = await upload(
      frank.accessToken,
      { applicationId: frankApp, fileType: 'OTHER' },
      pdfFile(pdf(), 'Penyata\r\nSet-Cookie: a=b.pdf'),
    );
    expect(lineBreak).toMatchObject({ status: 400, body: { message: 'Choose a file to upload' } });

    const controls = await upload(
      frank.accessToken,
      { applicationId: frankApp, fileType: 'OTHER' },
      pdfFile(pdf(), 'Penyata\t"Mac"\u0085 \u2067\u00e9t\u00e9\u2069\u200f.pdf'),
    );
    expect(controls.status).toBe(201);
    expect(controls.body.originalFileName).toBe('PenyataMac \u00e9t\u00e9.pdf');
    const second = await download(controls.body.id, frank.accessToken);
    expect(second.headers['content-disposition']).toBe(
      `attachment; filename="PenyataMac _t_.pdf"; filename*=UTF-8''PenyataMac%20%C3%A9t%C3%A9.pdf`,
    );

    // A row stored before names were cleaned on the way in is cleaned on the way out.
    await t.db.orm
      .update(applicationFiles)
      .set({ originalFileName: 'old\u202e\u0085\u061c\r\nSet-Cookie: a=b (1).pdf' })
      .where(eq(applicationFiles.id, controls.body.id));
    const old = await download(controls.body.id, frank.accessToken);
    expect(old.headers['set-cookie']).toBeUndefined();
    expect(old.headers['content-disposition']).toBe(
      'attachment; filename="oldSet-Cookie: a=b (1).pdf"; ' +
        "filename*=UTF-8''oldSet-Cookie%3A%20a%3Db%20%281%29.pdf",
    );
    expect(attachmentDisposition('..\\..\\C:\\boot.ini')).toBe(
      `attachment; filename="boot.ini"; filename*=UTF-8''boot.ini`,
    );
    expect(attachmentDisposition('\u202e\u2066')).toBe(
      `attachment; filename="document"; filename*=UTF-8''document`,
    );
  });

  it('refuses a PDF that runs JavaScript or starts a program, and keeps a clean one', async () => {
    const gina = (await register(call)).session;
    const ginaApp = await openApplication(gina, 'SOLE_PROP');
    const stored = () =>
      fs.existsSync(path.join(filesDir, ginaApp))
        ? fs.readdirSync(path.join(filesDir, ginaApp))
        : [];
    const scripted = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R ' +
        '/OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n' +
        '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const refused = await upload(
      gina.accessToken,
      { applicationId: ginaApp, fileType: 'OTHER' },
      pdfFile(scripted, 'alert.pdf'),
    );
    expect(refused).toMatchObject({
      status: 400,
      body: {
        code: 'PDF_ACTIVE_CONTENT',
        message: 'PDF files containing JavaScript are not accepted',
      },
    });

    // The action hidden in a compressed object stream, the file large enough to arrive in many
    // chunks.
    const hidden = deflateSync(Buffer.from('3 0 << /S /Launch /F (calc.exe) >>'));
    const launching = Buffer.concat([
      Buffer.from('%PDF-1.5\n'),
      Buffer.alloc(256 * 1024, 0x20),
      Buffer.from(
        `4 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${hidden.length} >>\nstream\n`,
      ),
      hidden,
      Buffer.from(
        '\nendstream\nendobj\n1 0 obj << /Type /Catalog /OpenAction 3 0 R >> endobj\n%%EOF\n',
      ),
    ]);
    const launch = await upload(
      gina.accessToken,
      { applicationId: ginaApp, fileType: 'OTHER' },
      pdfFile(launching, 'launch.pdf'),
    );
    expect(launch).toMatchObject({
      status: 400,
      body: {
        code: 'PDF_ACTIVE_CONTENT',
        message: 'PDF files that start other programs are not accepted',
      },
    });
    expect(stored()).toEqual([]);

    const clean = await upload(
      gina.accessToken,
      { applicationId: ginaApp, fileType: 'OTHER' },
      pdfFile(pdf(), 'clean.pdf'),
    );
    expect(clean.status).toBe(201);
    expect(stored()).toEqual([clean.body.id]);
  });

  it('sweeps what a crash leaves in storage and keeps every live file', async () => {
    const storage = localFileStorage(filesDir);
    const hana = (await register(call)).session;
    const hanaApp = await openApplication(hana, 'SOLE_PROP');
    const kept = await upload(
      hana.accessToken,
      { applicationId: hanaApp, fileType: 'OTHER' },
      pdfFile(),
    );
    const removed = await upload(
      hana.accessToken,
      { applicationId: hanaApp, fileType: 'OTHER' },
      pdfFile(),
    );
    // A delete that committed but stopped before removing the object.
    await t.db.orm
      .update(applicationFiles)
      .set({ deletedAt: new Date() })
      .where(eq(applicationFiles.id, removed.body.id));
    // An upload written but never committed, and one cut off mid-write.
    const orphan = `${hanaApp}/${randomUUID()}`;
    await storage.put(orphan, Buffer.from('sealed bytes with no row'));
    fs.writeFileSync(path.join(filesDir, hanaApp, `${randomUUID()}.0a1b2c3d.partial`), 'half');
    // Beside the live uploads, the templates the platform ships are kept too.
    const liveBefore =
      (await t.db.orm.select().from(applicationFiles)).filter((row) => !row.deletedAt).length +
      (await t.db.orm.select().from(masterFiles)).length;

    const later = new Date(Date.now() + 60_000);
    expect(await sweepStoredFiles(t.db.orm, storage, later)).toEqual({
      partials: 1,
      orphans: 2,
      kept: liveBefore,
    });
    expect(fs.readdirSync(path.join(filesDir, hanaApp))).toEqual([kept.body.id]);
    expect((await download(kept.body.id, hana.accessToken)).statusCode).toBe(200);
    // What was written after the cut-off stays: it may be an upload still in flight.
    await storage.put(orphan, Buffer.from('an upload in flight'));
    expect(await sweepStoredFiles(t.db.orm, storage, new Date(Date.now() - 60_000))).toMatchObject({
      orphans: 0,
    });
    expect(await storage.get(orphan)).not.toBeNull();
    expect(await sweepStoredFiles(t.db.orm, storage, later)).toEqual({
      partials: 0,
      orphans: 1,
      kept: liveBefore,
    });
  });
});
