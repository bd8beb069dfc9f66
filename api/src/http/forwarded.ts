import { timingSafeEqual } from 'node:crypto';

import type { FastifyInstance } from 'fastify';

/** The header the platform's own gateway proves itself with. */
export const PROXY_SECRET_HEADER = 'x-proxy-secret';

const FORWARDING_HEADERS = [
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'forwarded',
] as const;

function matches(given: string | string[] | undefined, secret: Buffer): boolean {
  if (typeof given !== 'string') return false;
  const candidate = Buffer.from(given);
  return candidate.length === secret.length && timingSafeEqual(candidate, secret);
}

/**
 * Forwarding headers count only on requests that come through the gateway, which proves itself
 * with a secret shared at start: any other local process could otherwise name a new client
 * address per request and slip past every per-address limit. Runs first, before anything reads
 * the client address.
 */
export function acceptForwardingOnlyFromGateway(app: FastifyInstance, proxySecret: string): void {
  const secret = Buffer.from(proxySecret);
  app.addHook('onRequest', (request, _reply, done) => {
    const headers = request.raw.headers;
    if (!matches(headers[PROXY_SECRET_HEADER], secret)) {
      for (const name of FORWARDING_HEADERS) delete headers[name];
    }
    delete headers[PROXY_SECRET_HEADER];
    done();
  });
}
