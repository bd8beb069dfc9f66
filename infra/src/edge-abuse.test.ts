// Both edges, the local gateway and nginx on its production configuration, in front of a
// stand-in API, under what broke the old gateway: slow and abandoned requests, `Expect:
// 100-continue`, kept-alive connections after a refusal, uploads around the limits and an API
// that stops. nginx must be installed (CI installs it, as it installs Chromium).
import {
  type Answer,
  DOCUMENT_UPLOAD,
  documentUpload,
  type Edge,
  type EdgeKind,
  internals,
  MIB,
  platformFolder,
  RawConnection,
  requestHead,
  send,
  startEdge,
  startTestApi,
  type TestApi,
} from './edge-testing';

jest.setTimeout(60_000);

const json = (answer: Answer | null) =>
  JSON.parse(answer?.body ?? 'null') as Record<string, unknown>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each<EdgeKind>(['gateway', 'nginx'])('the %s edge under abuse', (kind) => {
  let api: TestApi;
  let edge: Edge;

  beforeAll(async () => {
    api = await startTestApi();
    const { root, remotesFile } = platformFolder();
    edge = await startEdge(kind, { apiPort: api.port, root, remotesFile });
  });
  afterAll(async () => {
    await edge?.stop();
    await api?.stop();
  });

  /** A quick request from another address than the attackers'. */
  const health = async () => {
    const started = Date.now();
    const answer = await send(edge.port, { method: 'GET', url: '/api/health' }, 5_000);
    return { status: answer.status, ms: Date.now() - started };
  };

  it('keeps serving others through a slowloris burst, which never reaches the API', async () => {
    const attackers: RawConnection[] = [];
    // More than the old gateway's 128 connections to the API could hold.
    for (let i = 0; i < 200; i++) {
      // From another address than the visitors below: each address has its own ceiling.
      const attacker = new RawConnection(edge.port, '127.0.0.2');
      attackers.push(attacker);
      if (i % 4 !== 3) {
        // A body announced and never sent.
        attacker.send(
          requestHead('POST', '/api/slow-body', {
            'Content-Type': 'application/octet-stream',
            'Content-Length': 100_000,
          }) + 'x',
        );
      } else {
        // Headers that never end.
        attacker.send('GET /api/slow-headers HTTP/1.1\r\nHost: edge.test\r\nX-a: 1\r\n');
      }
    }
    await sleep(500);
    const during = [];
    for (let i = 0; i < 20; i++) during.push(await health());
    const upload = await send(edge.port, {
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{"message":"still here"}'),
    });
    for (const attacker of attackers) attacker.close();
    await sleep(200);
    const after = await health();

    expect(during.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(Math.max(...during.map((answer) => answer.ms))).toBeLessThan(1_000);
    expect(upload.status).toBe(201);
    expect(after.status).toBe(200);
    expect(api.received.filter((line) => /slow-(body|headers)/.test(line))).toEqual([]);
  });

  it('forgets an abandoned body, and lets go of a client that stops sending one', async () => {
    const abandoned = new RawConnection(edge.port);
    abandoned.send(
      requestHead('POST', '/api/abandoned', {
        'Content-Type': 'application/octet-stream',
        'Content-Length': 1_000_000,
      }) + 'x'.repeat(10_000),
    );
    await sleep(200);
    abandoned.close();

    const stalled = new RawConnection(edge.port);
    stalled.send(
      requestHead('POST', '/api/stalled', {
        'Content-Type': 'application/octet-stream',
        'Content-Length': 1_000_000,
      }) + 'x'.repeat(10_000),
    );
    const started = Date.now();
    // Answered (408) or closed, once silent for the edge's body timeout (10 s).
    const answer = await stalled.next(20_000);
    const waited = Date.now() - started;
    if (answer) expect(answer.status).toBe(408);
    expect(waited).toBeGreaterThan(9_000);
    expect(waited).toBeLessThan(16_000);
    expect((await health()).status).toBe(200);
    expect(api.received.filter((line) => /abandoned|stalled/.test(line))).toEqual([]);
  });

  it('answers Expect: 100-continue with a go-ahead and passes the body on, not the expectation', async () => {
    const connection = new RawConnection(edge.port);
    connection.send(
      requestHead('POST', '/api/expecting', {
        'Content-Type': 'application/json',
        'Content-Length': 13,
        Expect: '100-continue',
      }),
    );
    const goAhead = await connection.next(5_000, true);
    expect(goAhead?.status).toBe(100);
    connection.send('{"hello":"x"}');
    const answer = await connection.next();
    connection.close();
    expect(answer?.status).toBe(201);
    expect(json(answer)).toEqual({ bytes: 13, expect: null });
  });

  it('answers the next request on a kept-alive connection after refusing an upload (no API)', async () => {
    await api.stop();
    try {
      const connection = new RawConnection(edge.port);
      const { body, contentType } = documentUpload(200 * 1024);
      connection.send(
        requestHead('POST', DOCUMENT_UPLOAD, {
          'Content-Type': contentType,
          'Content-Length': body.length,
          'Accept-Language': 'ms',
        }),
      );
      connection.send(body);
      const refused = await connection.next();
      expect(refused?.status).toBe(503);
      expect(json(refused)).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        code: 'UNAVAILABLE',
        message: 'Perkhidmatan tidak tersedia, sila cuba sebentar lagi',
      });
      connection.send(requestHead('GET', '/remotes.json'));
      const next = await connection.next();
      expect(next?.status).toBe(200);
      connection.send(requestHead('GET', '/api/health'));
      expect((await connection.next())?.status).toBe(503);
      connection.close();
    } finally {
      await api.start();
    }
    expect((await health()).status).toBe(200);
  });

  it.each([
    ['1 KB', 1024],
    ['4.9 MB', 4.9 * MIB],
    ['9.9 MB', 9.9 * MIB],
  ])('passes a %s document upload to the API whole', async (_size, bytes) => {
    const { body, contentType } = documentUpload(Math.round(bytes));
    const answer = await send(edge.port, {
      method: 'POST',
      url: DOCUMENT_UPLOAD,
      headers: { 'content-type': contentType, 'content-length': String(body.length) },
      body,
    });
    expect(answer.status).toBe(201);
    expect(json(answer)).toEqual({ bytes: body.length, expect: null });
  });

  it('refuses a 10.1 MB upload itself, saying the limit in the reader’s language', async () => {
    const { body, contentType } = documentUpload(Math.round(10.1 * MIB));
    const before = api.received.length;
    for (const [language, message] of [
      ['en', 'File must be smaller than 10 MB'],
      ['ms-MY,ms;q=0.9,en;q=0.5', 'Fail mestilah lebih kecil daripada 10 MB'],
    ]) {
      const answer = await send(edge.port, {
        method: 'POST',
        url: DOCUMENT_UPLOAD,
        headers: {
          'content-type': contentType,
          'content-length': String(body.length),
          'accept-language': String(language),
        },
        body,
      });
      expect(answer.status).toBe(413);
      expect(json(answer)).toEqual({
        statusCode: 413,
        error: 'Payload Too Large',
        code: 'PAYLOAD_TOO_LARGE',
        message,
      });
    }
    // Elsewhere a body is small, whether its length is declared or not.
    const declared: Record<string, string>[] = [
      { 'content-length': String(2 * MIB) },
      { 'transfer-encoding': 'chunked' },
    ];
    for (const headers of declared) {
      const answer = await send(edge.port, {
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json', ...headers },
        body: Buffer.alloc(2 * MIB, 0x20),
      });
      expect([answer.status, json(answer).message]).toEqual([413, 'Request body is too large']);
    }
    expect(api.received.length).toBe(before);
    expect((await health()).status).toBe(200);
  });

  it('answers 502 when the API dies under a request, 503 when none is up, naming nothing inside', async () => {
    const died = await send(edge.port, { method: 'GET', url: '/api/test/die' });
    expect(died.status).toBe(502);
    expect(json(died)).toMatchObject({ statusCode: 502, code: 'UNAVAILABLE' });
    expect(internals(died.body)).toEqual([]);

    await api.stop();
    try {
      const down = await send(edge.port, {
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json' },
        body: Buffer.from('{}'),
      });
      expect(down.status).toBe(503);
      expect(json(down)).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE' });
      expect(internals(down.body)).toEqual([]);
    } finally {
      await api.start();
    }
  });

  it('logs no address, email, phone number or NRIC of a request', async () => {
    for (const url of [
      '/arkcash/api/v1.0/user/checkEmailExisted/email/aisyah.binti%40example.com/phoneNo/%2B60123456789',
      '/arkcash/api/v1.0/trustGate/cert/900101-14-5678',
      '/api/file/0d4a3a5e-1b2c-4d5e-8f90-123456789abc?token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc',
    ]) {
      await send(edge.port, { method: 'GET', url });
    }
    await sleep(100);
    const log = edge.log();
    expect(log).toMatch(/"status":\s*200/);
    for (const secret of ['aisyah', '60123456789', '14-5678', '145678', 'eyJ', '127.0.0.2']) {
      expect(log).not.toContain(secret);
    }
  });
});
