import type { FastifyInstance } from 'fastify';

import { requestOriginOf, withRequestOrigin } from '../kernel/public-url';
import { withRequestId } from '../kernel/request-context';

/** Everything a request does runs in its context, so audit rows record the request's id (the
 *  one its log lines carry) and links made for the person name the address they came to.
 *  Registered first, so every later hook and handler is inside it. */
export function trackRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    // The gateway forwards the host and protocol the visitor used (believed only from it).
    const origin = requestOriginOf(request.protocol, request.host);
    withRequestId(request.id, () => withRequestOrigin(origin, done));
  });
}
