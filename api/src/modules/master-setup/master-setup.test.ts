import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
  ATTESTATION_PATHS,
  MASTER_PATHS,
  MASTER_SETUP_PATHS as P,
  type MasterEntityId,
  SETTINGS_PATHS,
} from '@lending/contracts';
import { eq } from 'drizzle-orm';

import { localFileStorage } from '../../adapters/storage/local';
import * as t from '../../db/schema';
import { seedMasterData } from '../../db/seed';
import { assetsDir } from '../../paths';
import { type Caller, caller } from '../../testing/auth-helpers';
import { applicant, staffMember } from '../../testing/decisions';
import { multipart } from '../../testing/files';
import { databases, openTestApp, type TestApp, testsOn } from '../../testing/test-db';
import { sweepStoredFiles } from '../files/sweep';

const videoFile = (language: 'en' | 'ms') =>
  fs.readFileSync(path.join(assetsDir, 'attestation', `video-${language}.mp4`));

const HOLIDAYS_CSV = [
  'date,name',
  '2026-01-01,New Year',
  '2026-02-17,"Chinese New Year, day 1"',
  '2026-08-31,Hari Kebangsaan',
  '',
].join('\r\n');

describe.each(databases('concurrency'))('master setup (%s)', (kind) => {
  // The blocks holding tests that run everywhere are `globalThis.describe`.
  const { it, describe, everywhere } = testsOn(kind);
  let app: TestApp;
  let call: Caller;
  let filesDir: string;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-master-setup-test-'));
    app = await openTestApp(kind, { filesDir });
    call = caller(app.app);
    for (const role of ['ADMIN', 'CREDIT_OFFICER', 'APPROVER', 'CUSTOMER_SERVICE']) {
      tokens[role] = (await staffMember(app.db.orm, call, [role])).token;
    }
    tokens.applicant = (await applicant(call)).token;
  }, 180_000);
  afterAll(async () => {
    await app.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });
  const db = () => app.db.orm;

  function upload(entityId: string, filename: string, content: Buffer, token = tokens.ADMIN) {
    const body = multipart([
      { name: 'entityId', value: entityId },
      { name: 'file', file: { filename, content, contentType: 'application/octet-stream' } },
    ]);
    return app.app.inject({
      method: 'POST',
      url: P.upload,
      headers: {
        'content-type': body.contentType,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: body.payload,
    });
  }

  async function uploaded(entityId: MasterEntityId, filename: string, content: Buffer | string) {
    const answer = await upload(entityId, filename, Buffer.from(content));
    expect([answer.statusCode, answer.json()]).toEqual([201, expect.anything()]);
    return answer.json() as { id: string; version: number };
  }

  const entity = async (entityId: MasterEntityId) =>
    (await call('GET', P.entity(entityId), { token: tokens.ADMIN })).body;

  const activate = (fileId: string, expectedActiveId: string | null, token = tokens.ADMIN) =>
    call('POST', P.activate(fileId), { token, body: { expectedActiveId } });

  const video = (fileId: string, range?: string, token = tokens.ADMIN) =>
    app.app.inject({
      method: 'GET',
      url: P.video(fileId),
      headers: { authorization: `Bearer ${token}`, ...(range ? { range } : {}) },
    });

  describe('who may call what', () => {
    it('lets admins alone upload, list, download and activate', async () => {
      const file = await uploaded('PUBLIC_HOLIDAYS', 'holidays.csv', HOLIDAYS_CSV);
      for (const who of ['CREDIT_OFFICER', 'APPROVER', 'CUSTOMER_SERVICE', 'applicant']) {
        const answers = [
          (await upload('PUBLIC_HOLIDAYS', 'h.csv', Buffer.from(HOLIDAYS_CSV), tokens[who]))
            .statusCode,
          (await call('GET', P.entity('PUBLIC_HOLIDAYS'), { token: tokens[who] })).status,
          (await call('GET', P.file(file.id), { token: tokens[who] })).status,
          (await activate(file.id, null, tokens[who])).status,
        ];
        expect([who, answers]).toEqual([who, [403, 403, 403, 403]]);
      }
      const anonymous = [
        (await upload('PUBLIC_HOLIDAYS', 'h.csv', Buffer.from(HOLIDAYS_CSV), '')).statusCode,
        (await call('GET', P.entity('PUBLIC_HOLIDAYS'))).status,
        (await call('GET', P.file(file.id))).status,
        (await call('POST', P.activate(file.id), { body: { expectedActiveId: null } })).status,
        (await call('GET', P.video(file.id))).status,
      ];
      expect(anonymous).toEqual([401, 401, 401, 401, 401]);
      expect((await call('GET', P.entity('PUBLIC_HOLIDAYS'), { token: tokens.ADMIN })).status).toBe(
        200,
      );
      expect((await call('GET', P.file(file.id), { token: tokens.ADMIN })).status).toBe(200);
    });

    it('plays videos to those who review attestation evidence, not customer service', async () => {
      const file = await uploaded('ATTESTATION_VIDEO_MS', 'video.mp4', videoFile('ms'));
      for (const role of ['ADMIN', 'CREDIT_OFFICER', 'APPROVER']) {
        expect([role, (await video(file.id, 'bytes=0-9', tokens[role])).statusCode]).toEqual([
          role,
          206,
        ]);
      }
      expect((await video(file.id, undefined, tokens.CUSTOMER_SERVICE)).statusCode).toBe(403);
      expect((await video(file.id, undefined, tokens.applicant)).statusCode).toBe(403);
    });
  });

  globalThis.describe('public holidays', () => {
    it('keeps an upload as an inactive version that downloads as sent', async () => {
      const before = await entity('PUBLIC_HOLIDAYS');
      const file = await uploaded('PUBLIC_HOLIDAYS', 'cuti umum.csv', HOLIDAYS_CSV);
      const after = await entity('PUBLIC_HOLIDAYS');
      expect(after.versions).toHaveLength(before.versions.length + 1);
      expect(after.versions[0]).toMatchObject({
        id: file.id,
        version: before.versions.length + 1,
        itemCount: 3,
        mimeType: 'text/csv',
        activatedAt: null,
        originalFileName: 'cuti umum.csv',
      });
      expect(after.active).toEqual(before.active);
      const download = await app.app.inject({
        method: 'GET',
        url: P.file(file.id),
        headers: { authorization: `Bearer ${tokens.ADMIN}` },
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toContain('attachment');
      expect(download.rawPayload.toString('utf8')).toBe(HOLIDAYS_CSV);
      // Sealed at rest: the stored object is not the file.
      const row = await masterRow(file.id);
      expect(row.sealed).toBe(true);
      const stored = await localFileStorage(filesDir).get(row.storageKey);
      expect(stored!.includes(Buffer.from('Hari Kebangsaan'))).toBe(false);
      expect(
        await call('GET', P.file('00000000-0000-4000-8000-000000000000'), {
          token: tokens.ADMIN,
        }),
      ).toMatchObject({ status: 404 });
    });

    it('refuses a calendar with every bad line listed', async () => {
      const csv = [
        'date,name',
        '2026-01-01,New Year',
        '2026-02-30,Not a day',
        '2026-03-01',
        '2026-01-01,New Year again',
        '1999-05-01,Too early',
        '2026-05-01,',
      ].join('\n');
      const refused = await upload('PUBLIC_HOLIDAYS', 'bad.csv', Buffer.from(csv));
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'MASTER_FILE_INVALID' });
      expect(
        refused.json().problems.map((p: { line: number; problem: string }) => [p.line, p.problem]),
      ).toEqual([
        [3, 'DATE'],
        [4, 'COLUMNS'],
        [5, 'DUPLICATE'],
        [6, 'DATE'],
        [7, 'NAME'],
      ]);
      const header = await upload('PUBLIC_HOLIDAYS', 'bad.csv', Buffer.from('day,what\n'));
      expect(header.json().problems).toEqual([{ line: 1, problem: 'HEADER', text: 'day,what' }]);
      const tooMany = [
        'date,name',
        ...Array.from({ length: 101 }, (_, day) => {
          const date = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
          return `${date},Day ${day}`;
        }),
      ].join('\n');
      const many = await upload('PUBLIC_HOLIDAYS', 'many.csv', Buffer.from(tooMany));
      expect(many.json().problems).toEqual([{ line: 0, problem: 'TOO_MANY', text: '101' }]);
    });

    it('reads an iCalendar file, times moved to the date in Malaysia', async () => {
      const ics = [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        'DTSTART;VALUE=DATE:20260501',
        'SUMMARY:Hari Pekerja',
        'END:VEVENT',
        'BEGIN:VEVENT',
        // 16:00 UTC on 30 May is midnight on 31 May in Malaysia.
        'DTSTART:20260530T160000Z',
        'SUMMARY:Hari Wesak\\, cuti',
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n');
      const file = await uploaded('PUBLIC_HOLIDAYS', 'cuti.ics', ics);
      const [row] = await db().select().from(t.masterFiles).where(eq(t.masterFiles.id, file.id));
      expect(row!.content).toEqual([
        { date: '2026-05-01', name: 'Hari Pekerja' },
        { date: '2026-05-31', name: 'Hari Wesak, cuti' },
      ]);
      expect(row!.mimeType).toBe('text/calendar');
      const elsewhere = ics.replace(
        'DTSTART:20260530T160000Z',
        'DTSTART;TZID=Europe/London:20260530T090000',
      );
      const refused = await upload('PUBLIC_HOLIDAYS', 'london.ics', Buffer.from(elsewhere));
      expect(refused.json().problems).toEqual([
        { line: 8, problem: 'DATE', text: 'DTSTART;TZID=Europe/London:20260530T090000' },
      ]);
    });

    everywhere('activates into the settings, audited, and refuses a stale activation', async () => {
      const current = await entity('PUBLIC_HOLIDAYS');
      const file = await uploaded('PUBLIC_HOLIDAYS', 'holidays.csv', HOLIDAYS_CSV);
      const settingsBefore = (await call('GET', SETTINGS_PATHS.current, { token: tokens.ADMIN }))
        .body;
      const stale = await activate(file.id, '00000000-0000-4000-8000-000000000000');
      expect([stale.status, stale.body.code]).toEqual([409, 'MASTER_FILE_CHANGED']);

      const done = await activate(file.id, current.active?.id ?? null);
      expect(done.status).toBe(200);
      expect(done.body.active).toMatchObject({ id: file.id, activatedBy: expect.any(String) });
      expect(done.body.inEffect).toBe(true);
      const settings = (await call('GET', SETTINGS_PATHS.current, { token: tokens.ADMIN })).body;
      expect(settings.settings.officeHours.publicHolidays).toEqual([
        '2026-01-01',
        '2026-02-17',
        '2026-08-31',
      ]);
      expect(settings.settings.version).toBe(settingsBefore.settings.version + 1);
      const activation = (
        await db().select().from(t.auditLog).where(eq(t.auditLog.action, 'master_file.activated'))
      ).find((row) => row.toStatus === file.id)!;
      expect(activation.fromStatus).toBe(current.active?.id ?? null);
      expect(activation.detail).toMatchObject({
        entityId: 'PUBLIC_HOLIDAYS',
        before: { publicHolidays: settingsBefore.settings.officeHours.publicHolidays },
        after: { publicHolidays: ['2026-01-01', '2026-02-17', '2026-08-31'] },
      });
      // The same version again, by someone who saw the old one active: refused.
      expect((await activate(file.id, current.active?.id ?? null)).status).toBe(409);
      // Changed in the settings page: the calendar is no longer what the product uses.
      await call('PUT', SETTINGS_PATHS.current, {
        token: tokens.ADMIN,
        body: {
          ...settings.settings,
          officeHours: { ...settings.settings.officeHours, publicHolidays: ['2026-12-25'] },
        },
      });
      expect((await entity('PUBLIC_HOLIDAYS')).inEffect).toBe(false);
    });
  });

  describe('the bank list', () => {
    it('refuses bad lines, then activates: new banks offered, left-out ones kept unoffered', async () => {
      const bad = [
        'code,name,swiftCode',
        'MBB,Maybank,MBBEMYKL',
        'cimb,CIMB,CIBBMYKL',
        'XYZ,Some bank,DEUTDEFF',
        'MBB,Maybank again,MBBEMYKL',
        'ONLY,two',
      ].join('\n');
      const refused = await upload('BANK_LIST', 'banks.csv', Buffer.from(bad));
      expect(refused.statusCode).toBe(422);
      expect(
        refused.json().problems.map((p: { line: number; problem: string }) => [p.line, p.problem]),
      ).toEqual([
        [3, 'CODE'],
        [4, 'SWIFT'],
        [5, 'DUPLICATE'],
        [6, 'COLUMNS'],
      ]);

      const [cimb] = await db().select().from(t.banks).where(eq(t.banks.code, 'CIMB'));
      const list = [
        'code,name,swiftCode',
        'MBB,"Malayan Banking Berhad (Maybank), renamed",MBBEMYKL',
        'PBB,Public Bank Berhad,PBBEMYKL',
        'NEWB,New Digital Bank Berhad,NDBBMYKLXXX',
      ].join('\n');
      const file = await uploaded('BANK_LIST', 'banks.csv', list);
      const done = await activate(file.id, (await entity('BANK_LIST')).active?.id ?? null);
      expect(done.status).toBe(200);
      expect(done.body.inEffect).toBe(true);
      const offered = (await call('GET', MASTER_PATHS.bank)).body as {
        code: string;
        name: string;
      }[];
      expect(offered.map((bank) => bank.code).sort()).toEqual(['MBB', 'NEWB', 'PBB']);
      expect(offered.find((bank) => bank.code === 'MBB')!.name).toBe(
        'Malayan Banking Berhad (Maybank), renamed',
      );
      // CIMB is left out: still there, with its id, for what names it; no longer offered.
      const [kept] = await db().select().from(t.banks).where(eq(t.banks.code, 'CIMB'));
      expect(kept).toMatchObject({ id: cimb!.id, active: false });
      const activation = (
        await db().select().from(t.auditLog).where(eq(t.auditLog.action, 'master_file.activated'))
      ).find((row) => row.toStatus === file.id)!;
      expect(activation.detail).toMatchObject({
        entityId: 'BANK_LIST',
        after: { offered: ['MBB', 'PBB', 'NEWB'], renamed: ['MBB'] },
      });
      expect((activation.detail as { after: { withdrawn: string[] } }).after.withdrawn).toContain(
        'CIMB',
      );
      // The seed, run at every start, leaves an activated bank list alone.
      await seedMasterData(app.db);
      const afterSeed = (await call('GET', MASTER_PATHS.bank)).body as { code: string }[];
      expect(afterSeed.map((bank) => bank.code).sort()).toEqual(['MBB', 'NEWB', 'PBB']);
    });
  });

  describe('attestation videos', () => {
    it('refuses what is not an MP4 it can time', async () => {
      const refused = await upload('ATTESTATION_VIDEO_EN', 'clip.mp4', Buffer.from('not a video'));
      expect(refused.statusCode).toBe(422);
      expect(refused.json().problems).toEqual([{ line: 0, problem: 'VIDEO', text: '' }]);
    });

    it('streams a version with ranges: first bytes, middle, last, and refuses a bad range', async () => {
      const bytes = videoFile('en');
      const file = await uploaded('ATTESTATION_VIDEO_EN', 'video.mp4', bytes);
      const whole = await video(file.id);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.headers['content-type']).toBe('video/mp4');
      expect(whole.rawPayload.equals(bytes)).toBe(true);

      const first = await video(file.id, 'bytes=0-99');
      expect(first.statusCode).toBe(206);
      expect(first.headers['content-range']).toBe(`bytes 0-99/${bytes.length}`);
      expect(first.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);

      const middle = await video(file.id, 'bytes=1000-5999');
      expect(middle.statusCode).toBe(206);
      expect(middle.headers['content-range']).toBe(`bytes 1000-5999/${bytes.length}`);
      expect(middle.rawPayload.equals(bytes.subarray(1000, 6000))).toBe(true);

      const last = await video(file.id, 'bytes=-500');
      expect(last.statusCode).toBe(206);
      expect(last.headers['content-range']).toBe(
        `bytes ${bytes.length - 500}-${bytes.length - 1}/${bytes.length}`,
      );
      expect(last.rawPayload.equals(bytes.subarray(bytes.length - 500))).toBe(true);

      for (const range of [`bytes=${bytes.length}-`, 'bytes=500-100', 'bytes=-0', 'bytes=abc']) {
        const refused = await video(file.id, range);
        expect([range, refused.statusCode]).toEqual([range, 416]);
        expect(refused.headers['content-range']).toBe(`bytes */${bytes.length}`);
      }
    });

    it('answers "Video Not Found" for an unknown id and for a file that is no video', async () => {
      const unknown = await video('00000000-0000-4000-8000-000000000000');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ message: 'Video Not Found', code: 'VIDEO_NOT_FOUND' });
      const list = await uploaded('PUBLIC_HOLIDAYS', 'holidays.csv', HOLIDAYS_CSV);
      const notVideo = await video(list.id);
      expect([notVideo.statusCode, notVideo.json().code]).toEqual([404, 'VIDEO_NOT_FOUND']);
    });

    it('activates a version as the video applicants stream; the videos page still replaces it', async () => {
      const bytes = videoFile('ms');
      const file = await uploaded('ATTESTATION_VIDEO_EN', 'english.mp4', bytes);
      const done = await activate(
        file.id,
        (await entity('ATTESTATION_VIDEO_EN')).active?.id ?? null,
      );
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ active: { id: file.id }, inEffect: true });
      const streamed = await app.app.inject({
        method: 'GET',
        url: `${ATTESTATION_PATHS.video}?language=EN`,
        headers: { authorization: `Bearer ${tokens.applicant}` },
      });
      expect(streamed.statusCode).toBe(200);
      expect(streamed.rawPayload.equals(bytes)).toBe(true);
      const videos = (await call('GET', ATTESTATION_PATHS.staffVideos, { token: tokens.ADMIN }))
        .body as { language: string; replaced: boolean; sizeBytes: number }[];
      expect(videos.find((one) => one.language === 'EN')).toMatchObject({
        replaced: true,
        sizeBytes: bytes.length,
      });
      // The attestation video row the activation made plays on the back office's path too.
      const [row] = await db()
        .select()
        .from(t.attestationVideos)
        .where(eq(t.attestationVideos.storageKey, (await masterRow(file.id)).storageKey));
      expect((await video(row!.id, 'bytes=0-9')).statusCode).toBe(206);

      const replaced = await app.app.inject({
        method: 'PUT',
        url: ATTESTATION_PATHS.staffVideo('EN'),
        headers: { authorization: `Bearer ${tokens.ADMIN}`, 'content-type': 'video/mp4' },
        payload: videoFile('en'),
      });
      expect(replaced.statusCode).toBe(200);
      expect(await entity('ATTESTATION_VIDEO_EN')).toMatchObject({
        active: { id: file.id },
        inEffect: false,
      });
    });
  });

  globalThis.describe('document templates', () => {
    const TEMPLATE = [
      'TITLE MS: NOTIS PRIVASI BAHARU',
      'TITLE EN: New privacy notice',
      'HEADING MS: 1. Hubungi kami',
      'HEADING EN: 1. Contact us',
      'BODY MS: Tulis kepada {{lenderName}}, {{address}}.',
      'BODY EN: Write to {{lenderName}}, {{address}}.',
      '',
    ].join('\n');
    const BAD = [
      'TITLE MS: NOTIS',
      'HEADING MS: 1. Satu',
      'HEADING EN: 1. One',
      'BODY MS: Hubungi {{phone}}.',
      'BODY EN: Call {{lenderName}.',
    ].join('\n');

    it('ships version 1 of each, active, downloadable as the example to edit', async () => {
      for (const entityId of ['PDP_NOTICE_TEMPLATE', 'LOAN_TERMS_TEMPLATE'] as const) {
        const view = await entity(entityId);
        const shipped = view.versions.find((one: { version: number }) => one.version === 1);
        expect(shipped).toMatchObject({
          uploadedBy: null,
          activatedBy: null,
          mimeType: 'text/plain; charset=utf-8',
        });
        expect(view.active.id).toBe(shipped.id);
        const download = await app.app.inject({
          method: 'GET',
          url: P.file(shipped.id),
          headers: { authorization: `Bearer ${tokens.ADMIN}` },
        });
        const file = entityId === 'PDP_NOTICE_TEMPLATE' ? 'pdp-notice.txt' : 'loan-terms.txt';
        expect(
          download.rawPayload.equals(fs.readFileSync(path.join(assetsDir, 'templates', file))),
        ).toBe(true);
      }
      const audit = await db()
        .select()
        .from(t.auditLog)
        .where(eq(t.auditLog.action, 'master_file.shipped'));
      // Each tenant's two templates, once.
      expect(audit).toHaveLength(4);
    });

    it('keeps a good template as an inactive version, with its sections', async () => {
      const before = await entity('PDP_NOTICE_TEMPLATE');
      const file = await uploaded('PDP_NOTICE_TEMPLATE', 'notis.txt', TEMPLATE);
      const after = await entity('PDP_NOTICE_TEMPLATE');
      expect(after.versions[0]).toMatchObject({ id: file.id, itemCount: 1, activatedAt: null });
      expect(after.active).toEqual(before.active);
      expect((await masterRow(file.id)).content).toMatchObject({
        titleEn: 'New privacy notice',
        sections: [{ bodyEn: 'Write to {{lenderName}}, {{address}}.' }],
      });
    });

    it('refuses a bad template with every bad line, in English and in Malay', async () => {
      const english = await upload('LOAN_TERMS_TEMPLATE', 'terms.txt', Buffer.from(BAD));
      expect(english.statusCode).toBe(422);
      expect(english.json()).toMatchObject({
        code: 'MASTER_FILE_INVALID',
        message: 'The file cannot be used: fix the lines listed and upload it again',
        problems: [
          { line: 1, problem: 'LANGUAGE', text: 'TITLE EN' },
          { line: 4, problem: 'PLACEHOLDER', text: 'BODY MS: Hubungi {{phone}}.' },
          { line: 5, problem: 'BRACES', text: 'BODY EN: Call {{lenderName}.' },
        ],
      });
      const body = multipart([
        { name: 'entityId', value: 'LOAN_TERMS_TEMPLATE' },
        { name: 'file', file: { filename: 'terma.txt', content: Buffer.from(BAD) } },
      ]);
      const malay = await app.app.inject({
        method: 'POST',
        url: P.upload,
        headers: {
          'content-type': body.contentType,
          'accept-language': 'ms-MY',
          authorization: `Bearer ${tokens.ADMIN}`,
        },
        payload: body.payload,
      });
      expect(malay.statusCode).toBe(422);
      expect(malay.json().message).toBe(
        'Fail ini tidak boleh digunakan: betulkan baris yang disenaraikan dan muat naik semula',
      );
      expect(malay.json().problems).toEqual(english.json().problems);
      const empty = await upload('LOAN_TERMS_TEMPLATE', 'empty.txt', Buffer.from('# nothing\n'));
      expect(empty.json().problems).toEqual([{ line: 0, problem: 'EMPTY', text: '' }]);
      const tooLarge = await upload(
        'LOAN_TERMS_TEMPLATE',
        'huge.txt',
        Buffer.from(`BODY EN: ${'x'.repeat(64 * 1024)}`),
      );
      expect(tooLarge.statusCode).toBe(413);
    });

    it('lets admins alone upload and activate a template', async () => {
      const file = await uploaded('LOAN_TERMS_TEMPLATE', 'terms.txt', TEMPLATE);
      for (const who of ['CREDIT_OFFICER', 'APPROVER', 'CUSTOMER_SERVICE', 'applicant']) {
        const answers = [
          (await upload('LOAN_TERMS_TEMPLATE', 't.txt', Buffer.from(TEMPLATE), tokens[who]))
            .statusCode,
          (await call('GET', P.entity('LOAN_TERMS_TEMPLATE'), { token: tokens[who] })).status,
          (await call('GET', P.file(file.id), { token: tokens[who] })).status,
          (await activate(file.id, null, tokens[who])).status,
        ];
        expect([who, answers]).toEqual([who, [403, 403, 403, 403]]);
      }
    });

    everywhere('activates a template in one audited step, stale activations refused', async () => {
      const current = await entity('PDP_NOTICE_TEMPLATE');
      const file = await uploaded('PDP_NOTICE_TEMPLATE', 'notis.txt', TEMPLATE);
      expect((await activate(file.id, null)).status).toBe(409);
      const done = await activate(file.id, current.active.id);
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ active: { id: file.id }, inEffect: true });
      const activation = (
        await db().select().from(t.auditLog).where(eq(t.auditLog.action, 'master_file.activated'))
      ).find((row) => row.toStatus === file.id)!;
      expect(activation).toMatchObject({ fromStatus: current.active.id });
      expect(activation.detail).toMatchObject({
        entityId: 'PDP_NOTICE_TEMPLATE',
        before: { activeFileId: current.active.id },
        after: { activeFileId: file.id, sections: 1 },
      });
    });
  });

  describe('storage', () => {
    everywhere(
      'keeps every version and activated video through the start-up sweep of storage',
      async () => {
        const storage = localFileStorage(filesDir);
        const versions = await db().select().from(t.masterFiles);
        const videos = await db().select().from(t.attestationVideos);
        expect(versions.length).toBeGreaterThan(0);
        expect(videos.length).toBeGreaterThan(0);
        const swept = await sweepStoredFiles(db(), storage, new Date(Date.now() + 60_000));
        expect(swept.orphans).toBe(0);
        for (const row of [...versions, ...videos]) {
          expect([row.storageKey, await storage.size(row.storageKey)]).toEqual([
            row.storageKey,
            expect.any(Number),
          ]);
        }
      },
    );
  });

  async function masterRow(id: string) {
    const [row] = await db().select().from(t.masterFiles).where(eq(t.masterFiles.id, id));
    return row!;
  }
});
