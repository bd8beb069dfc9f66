// A contract fake of the e-stamping agent's API as docs/providers.md sets it out: every request
// carries X-Key-Id, X-Timestamp (seconds, within five minutes) and X-Signature =
// hex(HMAC-SHA256(secret, method \n path \n timestamp \n sha256(body))); a submission with an
// Idempotency-Key already seen answers the same stamping; a stamping is issued at once, after a
// few status questions, or rejected with a reason; its certificate is a PDF. Webhooks are signed
// X-Signature = hex(HMAC-SHA256(secret, timestamp "." body)).
import { createHash, createHmac, randomBytes } from 'node:crypto';

import { type FakeServer, json, type Post, postOverHttp, startFakeServer } from './fake-server';

export interface FakeStamping {
  id: string;
  reference: string;
  documentSha256: string;
  status: 'SUBMITTED' | 'PROCESSING' | 'ISSUED' | 'REJECTED';
  certificateNo?: string;
  issuedAt?: string;
  reason?: string;
  /** Status questions left before it is issued. */
  questionsLeft: number;
}

export interface EstampFake {
  server: FakeServer;
  url: string;
  stampings: Map<string, FakeStamping>;
  /** How the next new submission goes. */
  next: { outcome: 'issue' | 'reject'; afterQuestions: number };
  /** Posts a signed webhook of the stamping (or of the fields given) to the platform. */
  webhook(
    stamping: FakeStamping,
    options?: { secret?: string; timestamp?: number; fields?: Partial<FakeStamping> },
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

export async function startEstampFake(options: {
  keyId: string;
  secret: string;
  webhookUrl?: string;
  post?: Post;
}): Promise<EstampFake> {
  const stampings = new Map<string, FakeStamping>();
  const byKey = new Map<string, string>();
  const next: EstampFake['next'] = { outcome: 'issue', afterQuestions: 0 };
  const post = options.post ?? postOverHttp;

  const view = (s: FakeStamping) => ({
    id: s.id,
    reference: s.reference,
    status: s.status,
    ...(s.certificateNo ? { certificateNo: s.certificateNo, issuedAt: s.issuedAt } : {}),
    ...(s.reason ? { reason: s.reason } : {}),
  });
  const issue = (s: FakeStamping) => {
    s.status = 'ISSUED';
    s.certificateNo = `LHDN-ES-${s.id.slice(0, 8).toUpperCase()}`;
    s.issuedAt = new Date().toISOString();
  };

  const server = await startFakeServer((request) => {
    const timestamp = String(request.headers['x-timestamp'] ?? '');
    const expected = createHmac('sha256', options.secret)
      .update(`${request.method}\n${request.path}\n${timestamp}\n${sha256(request.body)}`)
      .digest('hex');
    if (
      request.headers['x-key-id'] !== options.keyId ||
      request.headers['x-signature'] !== expected ||
      Math.abs(Date.now() - Number(timestamp) * 1000) > 5 * 60 * 1000
    ) {
      return json(401, { error: 'invalid_signature' });
    }
    if (request.method === 'POST' && request.path === '/v1/stampings') {
      const key = String(request.headers['idempotency-key'] ?? '');
      if (!key) return json(400, { reason: 'Idempotency-Key is required' });
      const known = byKey.get(key);
      if (known) return json(200, view(stampings.get(known)!));
      const body = request.json<{
        reference?: string;
        documentSha256?: string;
        parties?: unknown[];
      }>();
      if (
        !body.reference ||
        !/^[0-9a-f]{64}$/.test(body.documentSha256 ?? '') ||
        !body.parties?.length
      ) {
        return json(422, { reason: 'reference, documentSha256 and parties are required' });
      }
      const stamping: FakeStamping = {
        id: randomBytes(8).toString('hex'),
        reference: body.reference,
        documentSha256: body.documentSha256!,
        status: 'PROCESSING',
        questionsLeft: next.afterQuestions,
      };
      if (next.outcome === 'reject') {
        stamping.status = 'REJECTED';
        stamping.reason = 'Stamp duty paid does not match the instrument';
      } else if (next.afterQuestions === 0) {
        issue(stamping);
      }
      stampings.set(stamping.id, stamping);
      byKey.set(key, stamping.id);
      return json(201, view(stamping));
    }
    const status = /^\/v1\/stampings\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && status) {
      const stamping = stampings.get(status[1]!);
      if (!stamping) return json(404, { error: 'not_found' });
      if (stamping.status === 'PROCESSING') {
        stamping.questionsLeft -= 1;
        if (stamping.questionsLeft <= 0) issue(stamping);
      }
      return json(200, view(stamping));
    }
    const certificate = /^\/v1\/stampings\/([^/]+)\/certificate$/.exec(request.path);
    if (request.method === 'GET' && certificate) {
      const stamping = stampings.get(certificate[1]!);
      if (stamping?.status !== 'ISSUED') return json(404, { error: 'not_issued' });
      return {
        status: 200,
        headers: { 'content-type': 'application/pdf' },
        body: Buffer.from(`%PDF-1.4\n% stamp certificate ${stamping.certificateNo}\n%%EOF\n`),
      };
    }
    return json(404, { error: 'not_found' });
  });

  return {
    server,
    url: server.url,
    stampings,
    next,
    async webhook(stamping, hook = {}) {
      if (!options.webhookUrl) throw new Error('the fake agent has no webhook address');
      const body = JSON.stringify({
        eventId: randomBytes(6).toString('hex'),
        stampingId: stamping.id,
        ...view(stamping),
        ...hook.fields,
      });
      const timestamp = String(hook.timestamp ?? Math.floor(Date.now() / 1000));
      const signature = createHmac('sha256', hook.secret ?? options.secret)
        .update(`${timestamp}.${body}`)
        .digest('hex');
      return post(options.webhookUrl, body, {
        'content-type': 'application/json',
        'x-timestamp': timestamp,
        'x-signature': signature,
      });
    },
    close: () => server.close(),
  };
}
