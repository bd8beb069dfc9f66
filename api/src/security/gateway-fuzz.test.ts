// The same bad requests, fewer of them, through the production gateway started in front of the
// API on loopback ports, plus what only the gateway can get wrong: bodies it must not decode and
// bodies over the API's limit (the API refuses them and closes while the proxy is still sending).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

import { databases, openTestApp, type TestApp } from '../testing/test-db';
import { badRequestsFor, leaks, tokensForEveryOperation } from './bad-requests';
import { type Operation, operationsOf } from './openapi-operations';

const REQUESTS = 600;
const MB = 1024 * 1024;

interface GatewayModule {
  createGateway(options: {
    repoRoot: string;
    apiUrl: string;
    remotesFile: string;
  }): Promise<FastifyInstance>;
}
// The gateway is plain JavaScript of the infra package; it is loaded as it runs in production.
const GATEWAY = '../../../infra/gateway/gateway.mjs';

interface Answer {
  status: number;
  body: string;
}

/** One request on its own connection, body sent as given (chunked when no length is set). */
function send(
  port: number,
  request: { method: string; url: string; headers?: Record<string, string>; body?: Buffer },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: '127.0.0.1', port, method: request.method, path: request.url, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      outgoing.setHeader(name, value);
    }
    // The server may answer and close before the whole body is out; its answer is what counts.
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    outgoing.end(request.body);
  });
}

describe.each(databases())('bad requests through the gateway on %s', (kind) => {
  let t: TestApp;
  let gateway: FastifyInstance;
  let port: number;
  let operations: Operation[];
  let tokenFor: (operation: Operation) => string | null;

  beforeAll(async () => {
    t = await openTestApp(kind);
    operations = operationsOf(t.app);
    tokenFor = await tokensForEveryOperation(t, 'every-role@gateway.test');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { createGateway } = (await import(GATEWAY)) as GatewayModule;
    gateway = await createGateway({
      // No front-end builds here: only the API paths are exercised.
      repoRoot: path.join(os.tmpdir(), 'lending-gateway-without-builds'),
      apiUrl: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
      remotesFile: path.join(os.tmpdir(), 'lending-gateway-without-builds', 'remotes.json'),
    });
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    port = (gateway.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await gateway?.close();
    await t.close();
  });

  const contact = (message: string) =>
    Buffer.from(
      JSON.stringify({
        name: 'Aisyah',
        email: 'aisyah@example.com',
        phoneNo: '+60123456789',
        message,
      }),
    );
  const json = { 'content-type': 'application/json' };

  it('proxies an ordinary request', async () => {
    const answer = await send(port, { method: 'GET', url: '/api/health' });
    expect(answer.status).toBe(200);
  });

  it('answers a body falsely marked gzip as a 4xx, and passes a gzipped one on undecoded', async () => {
    const falseGzip = await send(port, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...json, 'content-encoding': 'gzip' },
      body: Buffer.from('{"email":"a@example.com"}'),
    });
    expect(falseGzip.status).toBeGreaterThanOrEqual(400);
    expect(falseGzip.status).toBeLessThan(500);
    const realGzip = await send(port, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...json, 'content-encoding': 'gzip' },
      body: gzipSync('{"email":"a@example.com"}'),
    });
    expect(realGzip.status).toBeGreaterThanOrEqual(400);
    expect(realGzip.status).toBeLessThan(500);
    expect(JSON.parse(realGzip.body)).toMatchObject({ statusCode: realGzip.status });
  });

  it('answers a body over 1 MB with 413, with or without a declared length', async () => {
    const body = contact('x'.repeat(2 * MB));
    const declared = await send(port, {
      method: 'POST',
      url: '/arkcash/api/v1.0/contact-us',
      headers: { ...json, 'content-length': String(body.length) },
      body,
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toMatchObject({
      statusCode: 413,
      error: 'Payload Too Large',
    });
    const streamed = await send(port, {
      method: 'POST',
      url: '/arkcash/api/v1.0/contact-us',
      headers: { ...json, 'transfer-encoding': 'chunked' },
      body,
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toMatchObject({ statusCode: 413 });
    // Just under the limit still reaches the API, which judges the content.
    const under = await send(port, {
      method: 'POST',
      url: '/arkcash/api/v1.0/contact-us',
      headers: json,
      body: contact('x'.repeat(MB - 1024)),
    });
    expect(under.status).toBe(400);
  });

  it(`answers ${REQUESTS} generated bad requests with a 4xx and nothing of its insides`, async () => {
    const requests = fc.sample(
      fc.oneof(...operations.map((operation) => badRequestsFor(operation, tokenFor(operation)))),
      REQUESTS,
    );
    const started = Date.now();
    const failures: string[] = [];
    for (const request of requests) {
      const answer = await send(port, {
        method: request.method,
        url: request.url,
        headers: request.headers,
        ...(request.payload !== undefined ? { body: Buffer.from(request.payload) } : {}),
      });
      const problem =
        answer.status >= 500
          ? `answered ${answer.status}`
          : answer.status >= 400
            ? leaks(answer.body)
            : null;
      if (problem) {
        failures.push(
          `${request.method} ${request.url.slice(0, 120)} (${request.mutation}) ${problem}`,
        );
      }
    }
    process.stdout.write(
      `gateway fuzz: ${requests.length} bad requests in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
    expect(failures).toEqual([]);
  }, 120_000);
});
