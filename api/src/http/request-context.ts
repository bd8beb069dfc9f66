import type { FastifyInstance } from 'fastify';

import { withRequestId } from '../kernel/request-context';

/** Everything a request does runs in its context, so audit rows record the request's id (the
 *  one its log lines carry). Registered first, so every later hook and handler is inside it. */
export function trackRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    withRequestId(request.id, done);
  });
}
