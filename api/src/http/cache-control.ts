import type { FastifyInstance } from 'fastify';

/**
 * Every answer of the API is someone's: their details, their documents, their session. None may
 * be kept by a browser's or a proxy's cache unless its route says otherwise (a route that sets
 * its own Cache-Control keeps it).
 */
export function keepAnswersOutOfCaches(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
