import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { QUEUE_PATHS } from '@lending/contracts';
import type { FastifyRequest } from 'fastify';

import { access, type Principal } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import {
  AssignBodySchema,
  AssignParamsSchema,
  QueueItemSchema,
  QueueQuerySchema,
  QueueResponseSchema,
} from './schemas';
import type { QueueService } from './service';

export interface QueueRoutesOptions {
  service: QueueService;
}

function staffOf(request: FastifyRequest): Extract<Principal, { kind: 'staff' }> {
  const principal = request.principal;
  if (principal?.kind !== 'staff') throw new HttpError(401, 'Unauthorized');
  return principal;
}

export const queueRoutes: FastifyPluginAsyncTypebox<QueueRoutesOptions> = async (
  app,
  { service },
) => {
  const tags = ['staff'];

  app.get(
    QUEUE_PATHS.list,
    {
      config: { access: access.staff() },
      schema: {
        tags,
        summary:
          'The queue: applications of every tenant, paged, sorted and filtered, with counts ' +
          'per status (submitted ones unless a status is asked for)',
        querystring: QueueQuerySchema,
        response: { 200: QueueResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(staffOf(request), request.query),
  );

  app.post(
    QUEUE_PATHS.assign(':applicationId'),
    {
      config: { access: access.staff('CREDIT_OFFICER', 'ADMIN') },
      schema: {
        tags,
        summary:
          'A credit officer takes a file, or an admin gives it to a credit officer; taking one ' +
          'someone else holds needs `reassign`',
        params: AssignParamsSchema,
        body: AssignBodySchema,
        response: { 200: QueueItemSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.assign(staffOf(request), request.params.applicationId, request.body, request.ip),
  );
};
