import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createSealer } from '../crypto/sealed';
import { fixedClock } from '../kernel/clock';
import { openTestDatabase, type TestDatabase } from '../testing/test-db';
import { startTestS3 } from '../testing/test-s3';
import { type AdapterSettings, createAdapters, fileStorageFor } from '.';

describe('the adapter factory', () => {
  let database: TestDatabase;
  let filesDir: string;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adapters-'));
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  const build = (settings: Partial<AdapterSettings>) =>
    createAdapters(
      {
        email: { provider: 'sandbox' },
        captcha: { provider: 'sandbox' },
        filesDir,
        publicUrl: () => 'https://lend.example.com',
        ...settings,
      },
      {
        db: database.db.orm,
        clock: fixedClock(),
        sealer: createSealer(randomBytes(32)),
        log: { warn: () => undefined, info: () => undefined },
      },
    );

  it('uses the sandboxes when configuration names them, and they write to the outbox', async () => {
    const adapters = build({});
    expect(adapters.email.provider).toBe('sandbox');
    expect(adapters.sms.provider).toBe('sandbox');
    expect(adapters.captcha.kind).toBe('sandbox');
    expect(adapters.sandboxCaptcha).toBe(adapters.captcha);
    expect(adapters.ekyc.name).toBe('sandbox');
    await adapters.email.send({
      to: 'factory@example.com',
      subject: 'Hello',
      body: 'Hi there',
      links: [],
    });
    await adapters.sms.send({ to: '+60123456789', body: 'Your code is 123456' });
    expect(
      (await adapters.outbox.list({ to: 'factory@example.com', limit: 5 })).map((m) => m.channel),
    ).toEqual(['email']);
    expect(
      (await adapters.outbox.list({ to: '+60123456789', limit: 5 })).map((m) => m.body),
    ).toEqual(['Your code is 123456']);
  });

  it('uses SMTP and reCAPTCHA when configuration names them, and no sandbox captcha', () => {
    const adapters = build({
      email: { provider: 'smtp', url: 'smtp://localhost:2525', from: 'noreply@example.com' },
      captcha: { provider: 'recaptcha-v2', siteKey: 'site-key', secret: 'secret' },
    });
    expect(adapters.email.provider).toBe('smtp');
    expect(adapters.captcha).toMatchObject({ kind: 'recaptcha-v2', siteKey: 'site-key' });
    expect(adapters.sandboxCaptcha).toBeNull();
  });

  it('keeps documents under the configured folder', async () => {
    const adapters = build({});
    const key = '11111111-1111-4111-8111-111111111111/22222222-2222-4222-8222-222222222222';
    await adapters.storage.put(key, Buffer.from('sealed bytes'));
    expect(adapters.storage.provider).toBe('local');
    expect((await adapters.storage.get(key))?.toString()).toBe('sealed bytes');
    expect(fs.readdirSync(filesDir)).toEqual(['11111111-1111-4111-8111-111111111111']);
  });

  it('keeps documents in the bucket when one is configured, and nothing in the folder', async () => {
    const s3 = await startTestS3();
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'adapters-'));
    try {
      const adapters = build({ filesDir: elsewhere, s3: s3.settings });
      const key = '33333333-3333-4333-8333-333333333333/44444444-4444-4444-8444-444444444444';
      await adapters.storage.put(key, Buffer.from('sealed bytes'));
      expect(adapters.storage.provider).toBe('s3');
      expect((await fileStorageFor({ filesDir, s3: s3.settings }).get(key))?.toString()).toBe(
        'sealed bytes',
      );
      expect(fs.readdirSync(elsewhere)).toEqual([]);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
      await s3.close();
    }
  });
});
