import { randomBytes } from 'node:crypto';

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_PATHS, type Language, type OutboxMessage } from '@lending/contracts';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { SandboxCaptcha } from '../../adapters/captcha/port';
import type { OutboxStore } from '../../adapters/outbox/store';
import { access } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { outboxLanguage, outboxPage } from './outbox-page';

export interface SandboxRoutesOptions {
  outbox: OutboxStore;
  /** Present when the sandbox captcha is the one in use. */
  captcha: SandboxCaptcha | null;
  /** Ticks one address may make in a minute. */
  solvePerMinute: number;
  /** Serve the outbox to every client, not only to this machine's. */
  outboxPublic: boolean;
  /** The demo team's authenticators (DEMO_STAFF), shown above the messages. */
  demoAuthenticators?: ((to?: string, language?: Language) => Promise<OutboxMessage[]>) | null;
}

/** 127.0.0.0/8 and ::1, also written as IPv4 inside IPv6. */
export function isLoopback(ip: string): boolean {
  return ip === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(ip);
}

/** Registered only when the sandbox providers run: what a real mailbox or phone would show. */
export const sandboxRoutes: FastifyPluginAsyncTypebox<SandboxRoutesOptions> = async (
  app,
  { outbox, captcha, solvePerMinute, outboxPublic, demoAuthenticators },
) => {
  // The demo team's live codes come first, then what was sent; `limit` counts both.
  const read = async (filter: { to?: string; limit: number }, language: Language = 'EN') => {
    const codes = demoAuthenticators ? await demoAuthenticators(filter.to, language) : [];
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
    lang: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('ms')])),
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
      const language = outboxLanguage(request.query.lang, request.headers['accept-language']);
      const messages = await read({ to, limit: request.query.limit }, language);
      // The page's own stylesheet is allowed by a one-time nonce; nothing else may style or run.
      const nonce = randomBytes(16).toString('base64');
      return reply
        .header(
          'content-security-policy',
          `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
        )
        .type('text/html; charset=utf-8')
        .send(
          outboxPage({
            messages,
            to,
            nonce,
            language,
          }),
        );
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
