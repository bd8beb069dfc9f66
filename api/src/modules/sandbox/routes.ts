import { randomBytes } from 'node:crypto';

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_PATHS, type OutboxMessage } from '@lending/contracts';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { SandboxCaptcha } from '../../adapters/captcha/port';
import type { OutboxStore } from '../../adapters/outbox/store';
import { access } from '../../http/access';
import { errorResponses } from '../../http/schema';

export interface SandboxRoutesOptions {
  outbox: OutboxStore;
  /** Present when the sandbox captcha is the one in use. */
  captcha: SandboxCaptcha | null;
  /** Ticks one address may make in a minute. */
  solvePerMinute: number;
  /** Serve the outbox to every client, not only to this machine's. */
  outboxPublic: boolean;
  /** The demo team's authenticators (DEMO_STAFF), shown above the messages. */
  demoAuthenticators?: ((to?: string) => Promise<OutboxMessage[]>) | null;
}

/** 127.0.0.0/8 and ::1, also written as IPv4 inside IPv6. */
export function isLoopback(ip: string): boolean {
  return ip === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(ip);
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function linkify(body: string): string {
  return escape(body).replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}">${url}</a>`);
}

const CHANNEL_NAMES: Record<OutboxMessage['channel'], string> = {
  email: 'Email',
  sms: 'SMS',
  authenticator: 'Authenticator app',
};

function outboxPage(messages: OutboxMessage[], to: string | undefined, nonce: string): string {
  const items = messages
    .map(
      (m) => `<article>
  <h2>${escape(m.subject ?? 'Text message')}</h2>
  <p class="meta">${CHANNEL_NAMES[m.channel]} ${m.channel === 'authenticator' ? 'of' : 'to'} <strong>${escape(m.to)}</strong>, ${escape(new Date(m.createdAt).toLocaleString('en-MY', { timeZone: 'Asia/Kuala_Lumpur' }))}</p>
  <pre>${linkify(m.body)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox outbox</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;margin:0 auto;max-width:46rem;padding:1rem;color:#1a202c}
article{border:1px solid #cbd5e0;border-radius:8px;padding:0.75rem 1rem;margin:1rem 0}
h2{font-size:1.1rem;margin:0.2rem 0}.meta{color:#4a5568;margin:0 0 0.5rem}pre{white-space:pre-wrap;font:inherit}
a{color:#2b6cb0;word-break:break-all}</style></head>
<body><h1>Sandbox outbox</h1>
<p>Emails and text messages the platform would have sent, newest first, below the demo staff's authenticator codes when there is a demo team. This page exists only while the sandbox providers are in use.</p>
<form method="get"><label>Recipient <input name="to" value="${escape(to ?? '')}" type="text" autocomplete="off"></label> <button>Filter</button></form>
${items || '<p>Nothing has been sent yet.</p>'}
</body></html>`;
}

/** Registered only when the sandbox providers run: what a real mailbox or phone would show. */
export const sandboxRoutes: FastifyPluginAsyncTypebox<SandboxRoutesOptions> = async (
  app,
  { outbox, captcha, solvePerMinute, outboxPublic, demoAuthenticators },
) => {
  // The demo team's live codes come first, then what was sent; `limit` counts both.
  const read = async (filter: { to?: string; limit: number }) => {
    const codes = demoAuthenticators ? await demoAuthenticators(filter.to) : [];
    const sent = await outbox.list(filter);
    return [...codes, ...sent].slice(0, filter.limit);
  };
  // Every reset link and code sent is readable in the outbox: a sandbox deployment others can
  // reach shows it only to this machine, unless told otherwise. Others get the answer of a route
  // that does not exist, before their query is even read.
  const onlyLocal = outboxPublic
    ? undefined
    : (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
        if (isLoopback(request.ip)) done();
        else reply.callNotFound();
      };
  app.log.info(
    outboxPublic
      ? 'sandbox outbox served to every client (SANDBOX_OUTBOX_PUBLIC)'
      : 'sandbox outbox served to local clients only',
  );

  const query = Type.Object({
    to: Type.Optional(Type.String({ maxLength: 254 })),
    limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
  });

  app.get(
    AUTH_PATHS.sandboxOutbox,
    {
      config: { access: access.public },
      ...(onlyLocal ? { onRequest: onlyLocal } : {}),
      schema: {
        tags: ['sandbox'],
        summary:
          'Messages the sandbox email and SMS providers kept, newest first, below the demo staff codes',
        querystring: query,
        response: { ...errorResponses(400) },
      },
    },
    async (request) =>
      read({
        to: request.query.to?.trim().toLowerCase() || undefined,
        limit: request.query.limit,
      }),
  );

  app.get(
    AUTH_PATHS.sandboxOutboxPage,
    {
      config: { access: access.public },
      ...(onlyLocal ? { onRequest: onlyLocal } : {}),
      schema: {
        tags: ['sandbox'],
        summary: 'The outbox as a page',
        querystring: query,
        hide: true,
      },
    },
    async (request, reply) => {
      const to = request.query.to?.trim().toLowerCase() || undefined;
      const messages = await read({ to, limit: request.query.limit });
      // The page's own stylesheet is allowed by a one-time nonce; nothing else may style or run.
      const nonce = randomBytes(16).toString('base64');
      return reply
        .header(
          'content-security-policy',
          `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
        )
        .type('text/html; charset=utf-8')
        .send(outboxPage(messages, to, nonce));
    },
  );

  if (captcha) {
    app.post(
      AUTH_PATHS.sandboxCaptchaSolve,
      {
        config: {
          access: access.public,
          rateLimit: { max: solvePerMinute, timeWindow: '1 minute' },
        },
        schema: {
          tags: ['sandbox'],
          summary: 'Tick the sandbox bot check: a fresh single-use pass',
          response: { 200: Type.Object({ token: Type.String() }), ...errorResponses(429) },
        },
      },
      async () => ({ token: await captcha.solve() }),
    );
  }
};
