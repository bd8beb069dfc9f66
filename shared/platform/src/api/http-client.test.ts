import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { ApiError, send, withParams } from './http-client';

interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

/** A server on this machine that answers what each test asks of it, and keeps what it was sent.
 *  The page is on another origin, so it answers the browser's cross-origin checks too. */
let server: http.Server;
let base: string;
let seen: Seen[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', '*');
    response.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
    response.setHeader('Access-Control-Expose-Headers', 'Content-Disposition, X-Trace');
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = request.url ?? '/';
      seen.push({
        method: request.method ?? '',
        url,
        contentType: request.headers['content-type'],
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const path = url.split('?')[0];
      if (path === '/json') {
        response.writeHead(200, { 'Content-Type': 'application/json', 'X-Trace': 'one' });
        response.end(JSON.stringify({ ok: true }));
      } else if (path === '/refused') {
        response.writeHead(422, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ message: 'Amount too high' }));
      } else if (path === '/broken') {
        response.writeHead(500).end('oops');
      } else if (path === '/empty') {
        response.writeHead(204).end();
      } else if (path === '/file') {
        response.writeHead(200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="letter.pdf"',
        });
        response.end('%PDF-1.7 letter');
      } else if (path === '/slow') {
        setTimeout(() => response.writeHead(200).end('late'), 1_000);
      } else {
        response.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
});

/** The text of a blob (the test browser's blobs have no text()). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

async function refusalOf(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call did not fail');
}

describe('the HTTP transport', () => {
  it('sends an object as JSON with its query, and reads a JSON answer and its headers', async () => {
    const response = await send<{ ok: boolean }>({
      method: 'POST',
      url: `${base}/json?tenant=x`,
      params: { page: 2, q: 'Siti Aminah', none: null, unset: undefined },
      data: { amount: 500_000 },
    });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ ok: true });
    expect(response.headers['x-trace']).toBe('one');
    expect(seen[0]).toEqual({
      method: 'POST',
      url: '/json?tenant=x&page=2&q=Siti+Aminah',
      contentType: 'application/json',
      body: '{"amount":500000}',
    });
  });

  it('sends no body and no type when there is nothing to send', async () => {
    await send({ method: 'PATCH', url: `${base}/json` });
    expect(seen[0]).toMatchObject({ method: 'PATCH', contentType: undefined, body: '' });
  });

  it('rejects a refusal with the status and the body the server gave', async () => {
    const refused = await refusalOf(send({ url: `${base}/refused` }));
    expect(refused.response?.status).toBe(422);
    expect(refused.response?.data).toEqual({ message: 'Amount too high' });
    expect(refused.code).toBe('ERR_BAD_REQUEST');
    const broken = await refusalOf(send({ url: `${base}/broken` }));
    expect(broken.response?.status).toBe(500);
    expect(broken.response?.data).toBe('oops');
    expect(broken.code).toBe('ERR_BAD_RESPONSE');
  });

  it('answers an empty reply with an empty body', async () => {
    const response = await send({ method: 'DELETE', url: `${base}/empty` });
    expect(response.status).toBe(204);
    expect(response.data).toBe('');
  });

  it('hands a file over as a blob, with its name in the headers', async () => {
    const response = await send<Blob>({ url: `${base}/file`, responseType: 'blob' });
    expect(response.data).toBeInstanceOf(Blob);
    expect(await textOf(response.data)).toBe('%PDF-1.7 letter');
    expect(response.headers['content-disposition']).toBe('attachment; filename="letter.pdf"');
  });

  it('sends a form as it is, and reports its upload as it goes', async () => {
    const form = new FormData();
    form.append('fileType', 'IC_FRONT');
    form.append('file', new Blob(['x'.repeat(100_000)], { type: 'application/pdf' }), 'ic.pdf');
    const loaded: (number | undefined)[][] = [];
    await send({
      method: 'POST',
      url: `${base}/json`,
      data: form,
      onUploadProgress: (event) => loaded.push([event.loaded, event.total]),
    });
    expect(seen[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('IC_FRONT');
    // The test browser reports the start of an upload only (0 of an unknown total); a real one
    // reports as it sends. Either way the fractions come from the upload's own events.
    expect(loaded.length).toBeGreaterThan(0);
    for (const [sent, total] of loaded) {
      expect(sent).toBeGreaterThanOrEqual(0);
      if (total !== undefined) expect(sent).toBeLessThanOrEqual(total);
    }
  });

  it('gives up after its timeout, and tells a timeout from a cancellation and a dead line', async () => {
    const late = await refusalOf(send({ url: `${base}/slow`, timeout: 100 }));
    expect(late.code).toBe('ECONNABORTED');
    expect(late.response).toBeUndefined();

    const controller = new AbortController();
    const call = send({ url: `${base}/slow`, signal: controller.signal });
    controller.abort();
    const canceled = await refusalOf(call);
    expect(canceled.code).toBe('ERR_CANCELED');
    expect(canceled.response).toBeUndefined();

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const dead = await refusalOf(send({ url: `http://127.0.0.1:${port}/json` }));
    expect(dead.code).toBe('ERR_NETWORK');
    expect(dead.response).toBeUndefined();
  });

  it('adds parameters after a query the address already has, and leaves out empty ones', () => {
    expect(withParams('/a', { x: 1, y: true })).toBe('/a?x=1&y=true');
    expect(withParams('/a?b=1', { c: 'd e' })).toBe('/a?b=1&c=d+e');
    expect(withParams('/a', { gone: null })).toBe('/a');
    expect(withParams('/a', undefined)).toBe('/a');
  });
});
