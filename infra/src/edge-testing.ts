// What the edge tests share: a stand-in API the tests steer (it stops, dies under a request,
// counts what reached it), a client that speaks HTTP/1.1 on a raw socket (slow, abandoned and
// kept-alive requests are what is tested), and both edges started in front of an API. The jest
// suite (edge-abuse.test.ts) and the end-to-end run through nginx (e2e/edge.spec.ts) use it.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { startNginx } from '../deploy/nginx/edge.mjs';
import { createGateway } from '../gateway/gateway.mjs';

export const MIB = 1024 * 1024;
export const DOCUMENT_UPLOAD = '/arkcash/api/v1.0/file';

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface TestApi {
  port: number;
  /** Requests that reached it, by method and path. */
  received: string[];
  /** What it was sent, for the last request of each path. */
  lastHeaders: Map<string, http.IncomingHttpHeaders>;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/**
 * A stand-in for the API: `GET /api/health` answers, a `POST` or `PUT` anywhere answers 201 with
 * the bytes it read, and `/api/test/die` drops the connection without answering.
 */
export async function startTestApi(port?: number): Promise<TestApi> {
  const received: string[] = [];
  const lastHeaders = new Map<string, http.IncomingHttpHeaders>();
  const sockets = new Set<net.Socket>();
  const server = http.createServer((request, response) => {
    const pathname = (request.url ?? '').split('?')[0] ?? '';
    received.push(`${request.method} ${pathname}`);
    lastHeaders.set(pathname, request.headers);
    if (pathname === '/api/test/die') {
      request.socket.destroy();
      return;
    }
    let bytes = 0;
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      const body =
        request.method === 'POST' || request.method === 'PUT'
          ? { bytes, expect: request.headers.expect ?? null }
          : { status: 'ok' };
      const json = JSON.stringify(body);
      response.writeHead(request.method === 'GET' ? 200 : 201, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(json),
      });
      response.end(json);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const listenPort = port ?? (await freePort());
  const api: TestApi = {
    port: listenPort,
    received,
    lastHeaders,
    start: () =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(listenPort, '127.0.0.1', () => resolve());
      }),
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  await api.start();
  return api;
}

export interface Edge {
  name: string;
  port: number;
  /** What the edge logged while it ran (the gateway's lines, or nginx's access log). */
  log(): string;
  stop(): Promise<void>;
}

/** A folder laid out as the built platform: a shell with one rendered page per language. */
export function platformFolder(remotes: { name: string; manifestUrl: string }[] = []) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-'));
  fs.chmodSync(root, 0o755);
  const shell = path.join(root, 'shell/dist');
  for (const language of ['en', 'ms']) {
    fs.mkdirSync(path.join(shell, 'pages', language), { recursive: true });
    for (const name of ['index', 'faq'])
      fs.writeFileSync(
        path.join(shell, 'pages', language, `${name}.html`),
        `<!doctype html><html lang="${language}"><p>${name}</p>`,
      );
  }
  fs.writeFileSync(
    path.join(shell, 'pages/pages.json'),
    JSON.stringify({
      pages: { '/': 'index', '/faq': 'faq' },
      languages: ['en', 'ms'],
      scriptHashes: ['sha256-abc='],
    }),
  );
  fs.writeFileSync(path.join(shell, 'index.html'), '<!doctype html><p>shell</p>');
  fs.writeFileSync(path.join(shell, 'main.js'), 'console.log(1)');
  const remotesFile = path.join(root, 'remotes.json');
  fs.writeFileSync(remotesFile, JSON.stringify({ remotes }));
  return { root, remotesFile };
}

export type EdgeKind = 'gateway' | 'nginx';

/** One of the two edges in front of the API at `apiPort`, serving `root` as built. */
export async function startEdge(
  kind: EdgeKind,
  options: {
    apiPort: number;
    root: string;
    remotesFile: string;
    env?: Record<string, string | undefined>;
    trustedProxies?: string[];
  },
): Promise<Edge> {
  const port = await freePort();
  const env = options.env ?? {};
  if (kind === 'gateway') {
    const lines: string[] = [];
    const stream = new (await import('node:stream')).Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const gateway = await createGateway({
      repoRoot: options.root,
      apiUrl: `http://127.0.0.1:${options.apiPort}`,
      remotesFile: options.remotesFile,
      log: stream,
      env,
      ...(options.trustedProxies ? { trustProxy: options.trustedProxies.join(',') } : {}),
    });
    await gateway.listen({ port, host: '127.0.0.1' });
    return { name: kind, port, log: () => lines.join(''), stop: () => gateway.close() };
  }
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-nginx-'));
  const accessLog = path.join(runDir, 'access.log');
  const errorLog = path.join(runDir, 'error.log');
  const nginx = await startNginx({
    port,
    listen: `127.0.0.1:${port}`,
    upstreams: [`127.0.0.1:${options.apiPort}`],
    runDir,
    appRoot: options.root,
    remotesFile: options.remotesFile,
    accessLog,
    errorLog,
    ...(options.trustedProxies ? { trustedProxies: options.trustedProxies } : {}),
    env,
  });
  const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
  return {
    name: kind,
    port,
    log: () => read(accessLog) + read(errorLog),
    stop: async () => {
      await nginx.stop();
      fs.rmSync(runDir, { recursive: true, force: true });
    },
  };
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A connection kept open across requests, reading each answer whole (by its length or its
 * chunks). `send` writes raw bytes; `next` waits for the next answer, or says the connection
 * closed (`null`).
 */
export class RawConnection {
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  closed = false;
  readonly socket: net.Socket;

  constructor(port: number, localAddress = '127.0.0.1') {
    this.socket = net.connect({ port, host: '127.0.0.1', localAddress });
    this.socket.on('data', (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.waiting?.();
    });
    const end = () => {
      this.closed = true;
      this.waiting?.();
    };
    this.socket.on('close', end);
    this.socket.on('error', end);
  }

  connected(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (!this.socket.connecting) resolve();
      this.socket.once('connect', () => resolve());
      this.socket.once('error', reject);
    });
  }

  send(data: string | Buffer): void {
    if (!this.closed) this.socket.write(data);
  }

  private async more(deadline: number): Promise<boolean> {
    if (this.closed) return false;
    const left = deadline - Date.now();
    if (left <= 0) throw new Error('no answer in time');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, left);
      this.waiting = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.waiting = null;
    return true;
  }

  /** The next answer on this connection; an interim `100 Continue` only when `interim`. */
  async next(timeoutMs = 10_000, interim = false): Promise<Answer | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const headEnd = this.buffer.indexOf('\r\n\r\n');
      if (headEnd !== -1) {
        const head = this.buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
        const status = Number(head[0]?.split(' ')[1]);
        const headers: Record<string, string> = {};
        for (const line of head.slice(1)) {
          const colon = line.indexOf(':');
          headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
        }
        if (status === 100 && !interim) {
          this.buffer = this.buffer.subarray(headEnd + 4);
          continue;
        }
        const body = this.bodyAfter(headEnd + 4, headers, status);
        if (body) {
          this.buffer = this.buffer.subarray(body.end);
          return { status, headers, body: body.text };
        }
      }
      if (!(await this.more(deadline))) {
        return null;
      }
    }
  }

  private bodyAfter(start: number, headers: Record<string, string>, status: number) {
    if (status === 100 || status === 204 || status === 304) return { end: start, text: '' };
    if (headers['transfer-encoding'] === 'chunked') {
      let at = start;
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = this.buffer.indexOf('\r\n', at);
        if (lineEnd === -1) return null;
        const size = parseInt(this.buffer.subarray(at, lineEnd).toString(), 16);
        if (this.buffer.length < lineEnd + 2 + size + 2) return null;
        if (size === 0) return { end: lineEnd + 4, text: Buffer.concat(parts).toString() };
        parts.push(this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
    }
    const length = Number(headers['content-length'] ?? 0);
    if (this.buffer.length < start + length) return null;
    return { end: start + length, text: this.buffer.subarray(start, start + length).toString() };
  }

  close(): void {
    this.socket.destroy();
  }
}

/** A request's head, kept alive unless told. */
export function requestHead(
  method: string,
  url: string,
  headers: Record<string, string | number> = {},
): string {
  const lines = [`${method} ${url} HTTP/1.1`, 'Host: edge.test'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** A document upload as a browser sends it: multipart, the file last, `bytes` long. */
export function documentUpload(bytes: number): { body: Buffer; contentType: string } {
  const boundary = '----edge-test-boundary';
  const head = Buffer.from(
    [
      `--${boundary}`,
      'Content-Disposition: form-data; name="applicationId"',
      '',
      '0d4a3a5e-1b2c-4d5e-8f90-123456789abc',
      `--${boundary}`,
      'Content-Disposition: form-data; name="fileType"',
      '',
      'BANK_STATEMENT',
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="statement.pdf"',
      'Content-Type: application/pdf',
      '',
      '',
    ].join('\r\n'),
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, Buffer.alloc(bytes, 0x25), tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** One request on a connection of its own; a server that answers before reading the whole body
 *  (and closes) is heard all the same. */
export function send(
  port: number,
  request: { method: string; url: string; headers?: Record<string, string>; body?: Buffer },
  timeoutMs = 30_000,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.url,
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: Object.fromEntries(
              Object.entries(response.headers).map(([name, value]) => [name, String(value)]),
            ),
            body: Buffer.concat(chunks).toString(),
          }),
        );
        response.on('error', reject);
      },
    );
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      outgoing.setHeader(name, value);
    }
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    outgoing.end(request.body);
  });
}

/** What an answer of the edge must never show: the API's address, a stack, an internal code. */
export function internals(body: string): string[] {
  return [
    /127\.0\.0\.1/,
    /localhost:\d+/,
    /\bat \S+ \(/,
    /UND_ERR|ECONN|EPIPE|ETIMEDOUT/,
    /upstream/i,
  ]
    .filter((pattern) => pattern.test(body))
    .map(String);
}
