// A contract fake of a Jitsi Meet server with token authentication and JaaS-style webhooks: a
// browser arriving at `/<room>?jwt=` is let in only with an HS256 token of the app's secret whose
// aud is "jitsi", iss the app id, room this room, inside nbf..exp; each participant let in is
// posted to the platform as a PARTICIPANT_JOINED webhook signed `x-jaas-signature: t=<ms>,v1=
// base64(HMAC-SHA256(secret, t "." body))`.
import { createHmac, randomBytes } from 'node:crypto';

import { type FakeServer, type Post, postOverHttp, startFakeServer, text } from './fake-server';

export interface JitsiParticipant {
  room: string;
  id: string;
  name: string;
  moderator: boolean;
  at: number;
}

export interface JitsiFake {
  server: FakeServer;
  url: string;
  /** Who the server let in, oldest first. */
  joined: JitsiParticipant[];
  /** A browser opening the address the platform sent it to: let in (and announced) or refused. */
  open(url: string): Promise<number>;
  /** Posts a webhook about a participant; answers the platform's answer. */
  webhook(
    participant: JitsiParticipant,
    options?: { idempotencyKey?: string; secret?: string; at?: number; eventType?: string },
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

function verify(jwt: string, secret: string): Record<string, unknown> | null {
  const [head, body, signature] = jwt.split('.');
  if (!head || !body || !signature) return null;
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  if (expected !== signature) return null;
  return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export async function startJitsiFake(options: {
  appId: string;
  appSecret: string;
  webhookSecret: string;
  webhookUrl?: string;
  post?: Post;
}): Promise<JitsiFake> {
  const joined: JitsiParticipant[] = [];
  const post = options.post ?? postOverHttp;

  async function webhook(
    participant: JitsiParticipant,
    hook: { idempotencyKey?: string; secret?: string; at?: number; eventType?: string } = {},
  ) {
    if (!options.webhookUrl) throw new Error('the fake meeting server has no webhook address');
    const timestamp = hook.at ?? participant.at;
    const body = JSON.stringify({
      idempotencyKey: hook.idempotencyKey ?? randomBytes(8).toString('hex'),
      customerId: 'lender',
      appId: options.appId,
      eventType: hook.eventType ?? 'PARTICIPANT_JOINED',
      sessionId: randomBytes(6).toString('hex'),
      timestamp,
      fqn: `${options.appId}/${participant.room}`,
      data: { id: participant.id, name: participant.name, moderator: participant.moderator },
    });
    const t = String(Date.now());
    const v1 = createHmac('sha256', hook.secret ?? options.webhookSecret)
      .update(`${t}.${body}`)
      .digest('base64');
    return post(options.webhookUrl, body, {
      'content-type': 'application/json',
      'x-jaas-signature': `t=${t},v1=${v1}`,
    });
  }

  const server = await startFakeServer(async (request) => {
    const room = request.path.slice(1);
    const claims = verify(request.query.get('jwt') ?? '', options.appSecret);
    const now = Date.now() / 1000;
    if (
      !claims ||
      claims.aud !== 'jitsi' ||
      claims.iss !== options.appId ||
      claims.room !== room ||
      typeof claims.nbf !== 'number' ||
      typeof claims.exp !== 'number' ||
      now < claims.nbf ||
      now >= claims.exp
    ) {
      return text(401, 'Authentication failed');
    }
    const user = (claims.context as { user?: Record<string, unknown> } | undefined)?.user ?? {};
    const participant: JitsiParticipant = {
      room,
      id: String(user.id ?? ''),
      name: String(user.name ?? ''),
      moderator: user.moderator === true,
      at: Date.now(),
    };
    joined.push(participant);
    if (options.webhookUrl) await webhook(participant);
    return text(200, `<!doctype html><title>${room}</title><p>In the call</p>`, 'text/html');
  });

  return {
    server,
    url: server.url,
    joined,
    async open(url) {
      const response = await fetch(url, { redirect: 'manual' });
      return response.status;
    },
    webhook,
    close: () => server.close(),
  };
}
