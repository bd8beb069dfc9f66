import { Writable } from 'node:stream';

import { AUTH_PATHS } from '@lending/contracts';

import { databases, openTestApp, type TestApp } from '../../testing/test-db';
import { isLoopback } from './routes';

describe('a loopback address', () => {
  it('is 127.0.0.0/8 or ::1, also inside IPv6', () => {
    for (const ip of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopback(ip)).toBe(true);
    }
    for (const ip of ['203.0.113.9', '10.0.0.1', '::ffff:10.0.0.1', '::2', '1127.0.0.1']) {
      expect(isLoopback(ip)).toBe(false);
    }
  });
});

describe.each(databases())('the sandbox outbox on %s', (kind) => {
  const get = (t: TestApp, url: string, remoteAddress: string, headers = {}) =>
    t.app.inject({ method: 'GET', url, remoteAddress, headers });

  describe('by default', () => {
    let t: TestApp;
    const logs: string[] = [];
    beforeAll(async () => {
      t = await openTestApp(kind, {
        logLevel: 'info',
        logStream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            logs.push(chunk.toString());
            done();
          },
        }),
      });
    });
    afterAll(() => t.close());

    it('says at start that it serves the outbox to local clients only', () => {
      expect(logs.join('')).toContain('sandbox outbox served to local clients only');
    });

    it('answers a client on this machine', async () => {
      for (const ip of ['127.0.0.1', '::1']) {
        const list = await get(t, AUTH_PATHS.sandboxOutbox, ip);
        expect(list.statusCode).toBe(200);
        expect(list.json()).toEqual(expect.any(Array));
        const page = await get(t, AUTH_PATHS.sandboxOutboxPage, ip);
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('Sandbox outbox');
      }
    });

    it('reads in Malay when asked or when the browser prefers it, and links to the other language', async () => {
      const asked = await get(
        t,
        `${AUTH_PATHS.sandboxOutboxPage}?lang=ms&to=a%40b.my`,
        '127.0.0.1',
      );
      expect(asked.body).toContain('<html lang="ms">');
      expect(asked.body).toContain('Peti keluar kotak pasir');
      expect(asked.body).toContain('<label>Penerima');
      expect(asked.body).toContain('href="?lang=en&#38;to=a%40b.my"');
      expect(asked.body).not.toContain('Sandbox outbox');
      const preferred = await get(t, AUTH_PATHS.sandboxOutboxPage, '127.0.0.1', {
        'accept-language': 'ms-MY,ms;q=0.9,en;q=0.8',
      });
      expect(preferred.body).toContain('Belum ada apa-apa yang dihantar.');
      const english = await get(t, AUTH_PATHS.sandboxOutboxPage, '127.0.0.1', {
        'accept-language': 'en-GB',
      });
      expect(english.body).toContain('<html lang="en">');
      expect(english.body).toContain('<label>Recipient');
      const refused = await get(t, `${AUTH_PATHS.sandboxOutboxPage}?lang=fr`, '127.0.0.1');
      expect(refused.statusCode).toBe(400);
    });

    it('answers anyone else as if it did not exist, whatever they ask', async () => {
      const unknown = await get(t, '/api/sandbox/no-such-page', '203.0.113.9');
      expect(unknown.statusCode).toBe(404);
      for (const url of [
        AUTH_PATHS.sandboxOutbox,
        AUTH_PATHS.sandboxOutboxPage,
        `${AUTH_PATHS.sandboxOutbox}?limit=0`,
      ]) {
        const response = await get(t, url, '203.0.113.9');
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
        expect(response.body).not.toContain('outbox');
      }
    });

    it('judges the client after the trusted proxy, not the proxy itself', async () => {
      const forwarded = await get(t, AUTH_PATHS.sandboxOutbox, '127.0.0.1', {
        'x-forwarded-for': '203.0.113.9',
      });
      expect(forwarded.statusCode).toBe(404);
    });

    it('leaves the sandbox bot check to everyone: a pass gives nothing away', async () => {
      const solved = await t.app.inject({
        method: 'POST',
        url: AUTH_PATHS.sandboxCaptchaSolve,
        remoteAddress: '203.0.113.9',
      });
      expect(solved.statusCode).toBe(200);
    });
  });

  describe('with SANDBOX_OUTBOX_PUBLIC', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await openTestApp(kind, { sandboxOutboxPublic: true });
    });
    afterAll(() => t.close());

    it('answers any client', async () => {
      const page = await get(t, AUTH_PATHS.sandboxOutboxPage, '203.0.113.9');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Sandbox outbox');
      expect((await get(t, AUTH_PATHS.sandboxOutbox, '203.0.113.9')).statusCode).toBe(200);
    });
  });
});
