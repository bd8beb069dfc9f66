import { access } from '../../http/access';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HEALTH_PATH } from '@lending/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { HttpError } from '../../kernel/errors';
import { errorResponses } from '../../http/schema';

/** Up, and able to reach its database. */
export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
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
        await db.orm.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'database unreachable');
        throw new HttpError(503, 'Database unavailable');
      }
      return { status: 'ok' as const, database: db.kind };
    },
  );
};
