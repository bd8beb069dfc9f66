import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';

import { buildApp } from '../../app';
import { databases, openTestApp, openTestDatabase, type TestApp } from '../../testing/test-db';
import { redisUrlForTests } from '../../testing/test-redis';

describe.each(databases())('health on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp(kind);
  });
  afterAll(() => t.close());

  it('says it is up, and nothing of what it runs on', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('is ready when its database, storage and Redis (when configured) answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      components: {
        database: 'up',
        storage: 'up',
        ...(redisUrlForTests() ? { redis: 'up' } : {}),
      },
    });
  });
});

describe.each(databases())('readiness with components down on %s', (kind) => {
  let t: TestApp;
  let notAFolder: string;
  const logs: string[] = [];
  beforeAll(async () => {
    // A file where the documents folder should be: nothing can be stored under it.
    notAFolder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'health-')), 'files');
    fs.writeFileSync(notAFolder, '');
    t = await openTestApp(kind, {
      filesDir: notAFolder,
      // Nothing listens on port 1.
      redisUrl: 'redis://127.0.0.1:1',
      logLevel: 'warn',
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logs.push(chunk.toString());
          done();
        },
      }),
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(path.dirname(notAFolder), { recursive: true, force: true });
  });

  it('answers 503 naming what is down, and no address, path or provider', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      components: { database: 'up', redis: 'down', storage: 'down' },
    });
    expect(response.body).not.toMatch(/127\.0\.0\.1|redis:|files|pglite|postgres|tmp/);
    // Alive all the same: the orchestrator stops sending traffic, it does not restart it.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // Why, in the log, and Redis's absence said once however often the client retries.
    const lines = logs.join('');
    expect(lines).toContain('readiness: component down');
    expect(lines.split('redis unreachable').length - 1).toBe(1);
  });
});

describe('readiness without its database', () => {
  it('counts the database down once it stops answering', async () => {
    const database = await openTestDatabase('pglite');
    const app = await buildApp({ db: database.db, logLevel: 'silent' });
    try {
      await database.db.close();
      const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'unavailable',
        components: { database: 'down', storage: 'up' },
      });
    } finally {
      await app.close();
    }
  });
});
