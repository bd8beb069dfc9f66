// The ground every contract fake stands on: a small HTTP server on a port the system picks, that
// keeps every request it was sent (so a test can say what the vendor saw) and can be told to
// misbehave as vendors do: answer late, fail with a server error, throttle. Test code only, on
// Node's own modules, so the end-to-end run can start the same fakes; the product never imports it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Buffer;
  text(): string;
  form(): Record<string, string>;
  json<T = Record<string, unknown>>(): T;
}

export interface FakeReply {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** How the next matching requests go wrong, in the order they were queued. */
export type Fault =
  /** Answers only after `ms` (longer than the caller waits: a timeout). */
  | { kind: 'slow'; ms: number }
  /** Answers this server error. */
  | { kind: 'status'; status: number; retryAfterSeconds?: number }
  /** Closes the connection without an answer. */
  | { kind: 'drop' };

export interface FakeServer {
  url: string;
  /** Every request, oldest first. */
  requests: FakeRequest[];
  /** Makes the next request whose path starts with `pathPrefix` go wrong; queue several. */
  fault(pathPrefix: string, fault: Fault): void;
  close(): Promise<void>;
}

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

function requestOf(raw: IncomingMessage, body: Buffer): FakeRequest {
  const url = new URL(raw.url ?? '/', 'http://fake');
  return {
    method: raw.method ?? 'GET',
    path: url.pathname,
    query: url.searchParams,
    headers: raw.headers,
    body,
    text: () => body.toString('utf8'),
    form: () => Object.fromEntries(new URLSearchParams(body.toString('utf8'))),
    json: <T>() => JSON.parse(body.toString('utf8') || '{}') as T,
  };
}

export async function startFakeServer(handler: FakeHandler): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const faults: { prefix: string; fault: Fault }[] = [];
  const timers = new Set<NodeJS.Timeout>();

  async function answer(raw: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of raw) chunks.push(chunk as Buffer);
    const request = requestOf(raw, Buffer.concat(chunks));
    requests.push(request);
    const at = faults.findIndex((entry) => request.path.startsWith(entry.prefix));
    const fault = at >= 0 ? faults.splice(at, 1)[0]!.fault : undefined;
    if (fault?.kind === 'drop') {
      response.socket?.destroy();
      return;
    }
    if (fault?.kind === 'status') {
      response.writeHead(fault.status, {
        'content-type': 'text/plain',
        ...(fault.retryAfterSeconds !== undefined
          ? { 'retry-after': String(fault.retryAfterSeconds) }
          : {}),
      });
      response.end('fault');
      return;
    }
    // A slow answer is still worked out now: the vendor acts on the request, the caller just
    // does not hear back in time.
    const reply = await handler(request);
    const send = () => {
      if (response.destroyed) return;
      response.writeHead(reply.status, reply.headers ?? {});
      response.end(reply.body ?? '');
    };
    if (fault?.kind === 'slow') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        send();
      }, fault.ms);
      timers.add(timer);
    } else {
      send();
    }
  }

  const server: Server = createServer((raw, response) => {
    answer(raw, response).catch((error: unknown) => {
      if (response.headersSent) return;
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(error instanceof Error ? error.message : 'fake failed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    fault(prefix, fault) {
      faults.push({ prefix, fault });
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const json = (status: number, body: unknown): FakeReply => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export const text = (status: number, body: string, type = 'text/plain'): FakeReply => ({
  status,
  headers: { 'content-type': `${type}; charset=utf-8` },
  body,
});

/** How a fake posts to the platform (a callback, a webhook): over HTTP, or in-process in suites. */
export type Post = (
  url: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ status: number; body: string }>;

export const postOverHttp: Post = async (url, body, headers) => {
  const response = await fetch(url, {
    method: 'POST',
    body,
    headers,
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: await response.text() };
};
