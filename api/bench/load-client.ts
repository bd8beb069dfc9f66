// The bench's load generator: keep-alive HTTP/1.1 over plain sockets, one request at a time per
// connection. It runs on the same cores as the API it measures, so it should cost the API as
// little as possible: node's http client and JSON parsing of every answer took about a
// millisecond of CPU per sign-in on a busy 2-core machine, a twentieth of what the sign-in
// itself costs. This one writes a prepared request and reads the status line and the body's
// length; the bench prints what it cost all the same.
import net from 'node:net';

export interface Answer {
  status: number;
  body: Buffer;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** One keep-alive connection; `send` resolves with the next complete answer. */
class Connection {
  private readonly socket: net.Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (a: Answer) => void; reject: (e: Error) => void } | null = null;

  constructor(port: number) {
    this.socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
      this.answerIfComplete();
    });
    this.socket.on('error', (error) => this.waiting?.reject(error));
  }

  private answerIfComplete(): void {
    const headerEnd = this.buffered.indexOf(HEADER_END);
    if (headerEnd < 0 || !this.waiting) return;
    const head = this.buffered.subarray(0, headerEnd).toString('latin1');
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) {
      this.waiting.reject(new Error(`an answer without a content-length: ${head}`));
      this.waiting = null;
      return;
    }
    const bodyStart = headerEnd + HEADER_END.length;
    const bodyEnd = bodyStart + Number(length[1]);
    if (this.buffered.length < bodyEnd) return;
    const answer = {
      status: Number(head.slice(9, 12)),
      body: this.buffered.subarray(bodyStart, bodyEnd),
    };
    this.buffered = this.buffered.subarray(bodyEnd);
    const { resolve } = this.waiting;
    this.waiting = null;
    resolve(answer);
  }

  send(request: Buffer): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  close(): void {
    this.socket.destroy();
  }
}

/** An HTTP/1.1 request as bytes, ready to write. */
export function httpRequest(
  method: string,
  path: string,
  options: { body?: unknown; token?: string } = {},
): Buffer {
  const body = options.body === undefined ? '' : JSON.stringify(options.body);
  const lines = [
    `${method} ${path} HTTP/1.1`,
    'host: 127.0.0.1',
    ...(options.token ? [`authorization: Bearer ${options.token}`] : []),
    ...(body ? ['content-type: application/json'] : []),
    `content-length: ${Buffer.byteLength(body)}`,
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

/** `timed`, with `next()`'s requests on `connections` keep-alive connections. Every answer must
 *  have status `expect`. */
export async function load(
  port: number,
  connections: number,
  seconds: number,
  next: () => Buffer,
  expect = 200,
) {
  const pool = Array.from({ length: connections }, () => new Connection(port));
  try {
    return await timed(
      pool.map((connection) => async () => {
        const answer = await connection.send(next());
        if (answer.status !== expect) {
          throw new Error(`answered ${answer.status}: ${answer.body.toString('utf8')}`);
        }
      }),
      seconds,
    );
  } finally {
    for (const connection of pool) connection.close();
  }
}

/**
 * Runs each worker in its own loop, one call at a time, for `seconds`; returns completions per
 * second and latency percentiles (ms).
 */
export async function timed(workers: (() => Promise<void>)[], seconds: number) {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    workers.map(async (work) => {
      while (performance.now() < until) {
        const started = performance.now();
        await work();
        latencies.push(performance.now() - started);
      }
    }),
  );
  return summary(latencies, seconds);
}

/** Completions per second and latency percentiles (ms) of a run lasting `seconds`. */
function summary(latencies: number[], seconds: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const pick = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    count: sorted.length,
    perSecond: sorted.length / seconds,
    p50: pick(0.5),
    p95: pick(0.95),
    p99: pick(0.99),
  };
}
