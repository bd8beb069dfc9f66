import { access } from '../../http/access';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HEALTH_PATH } from '@lending/contracts';
import { HttpError } from '../../kernel/errors';
import { errorResponses } from '../../http/schema';
import type { HealthStore } from './store';

/** Up, and able to reach its database. */
export const healthRoutes: FastifyPluginAsyncTypebox<{ store: HealthStore }> = async (
  app,
  { store },
) => {
  app.get(
    HEALTH_PATH,
    {
      config: { access: access.public },
      schema: {
        tags: ['health'],
        summary: 'Whether the API is up and which database it uses',
        response: {
          200: Type.Object({
            status: Type.Literal('ok'),
            database: Type.Union([Type.Literal('pglite'), Type.Literal('postgresql')]),
          }),
          ...errorResponses(503),
        },
      },
    },
    async (request) => {
      try {
        await store.ping();
      } catch (error) {
        request.log.error({ err: error }, 'database unreachable');
        throw new HttpError(503, 'Database unavailable');
      }
      return { status: 'ok' as const, database: store.kind };
    },
  );
};
