// The API's own timeouts and caching rule, whatever stands in front of it: a client that trickles
// its headers or its body, or leaves a kept-alive connection idle, is let go; and no answer is
// kept by a cache unless its route says so.
import net from 'node:net';

import { type App, buildApp } from '../app';
import { databases, openTestDatabase, type TestDatabase } from '../testing/test-db';

/** Writes `data` on a fresh connection and resolves with what came back once the server closed
 *  it, and after how long. */
function heldConnection(port: number, data: string): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(data));
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve({ answer, ms: Date.now() - started }));
    socket.on('error', reject);
    socket.setTimeout(15_000, () => {
      socket.destroy();
      reject(new Error('the API kept the connection open'));
    });
  });
}

describe.each(databases())('the API’s own timeouts on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  let port: number;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({
      db: database.db,
      logLevel: 'silent',
      timeouts: { headerMs: 1_000, requestMs: 2_000, keepAliveMs: 1_000 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('closes a connection whose headers never end', async () => {
    const { answer, ms } = await heldConnection(
      port,
      'GET /api/health HTTP/1.1\r\nHost: api.test\r\nX-a: 1\r\n',
    );
    expect(answer).toMatch(/^(HTTP\/1\.1 408|$)/);
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(4_000);
  });

  it('closes a connection whose body never arrives whole', async () => {
    const { answer, ms } = await heldConnection(
      port,
      'POST /api/auth/login HTTP/1.1\r\nHost: api.test\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"email":',
    );
    expect(answer).toMatch(/^(HTTP\/1\.1 408|$)/);
    expect(ms).toBeGreaterThanOrEqual(1_900);
    expect(ms).toBeLessThan(5_000);
  });

  it('closes a kept-alive connection left idle after an answer', async () => {
    const { answer, ms } = await heldConnection(
      port,
      'GET /api/health HTTP/1.1\r\nHost: api.test\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(4_000);
  });

  it('asks caches to keep no answer, unless the route says otherwise', async () => {
    for (const url of ['/api/health', '/api/race', '/api/nothing-here']) {
      const answer = await app.inject({ method: 'GET', url });
      expect([url, answer.headers['cache-control']]).toEqual([url, 'no-store']);
    }
  });
});
