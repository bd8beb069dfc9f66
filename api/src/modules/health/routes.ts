import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HEALTH_PATH, READINESS_PATH, type ReadinessResponse } from '@lending/contracts';
import { Type } from '@sinclair/typebox';

import { access } from '../../http/access';

/** One thing the API needs to serve: answers when it is up, throws or hangs when it is not. */
export interface ReadinessCheck {
  component: string;
  check: () => Promise<unknown>;
}

/** A component that has not answered in this time counts as down: probes time out at 3 s. */
const CHECK_TIMEOUT_MS = 2000;

function withinTimeout(check: () => Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer));
}

const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('unavailable')]),
  components: Type.Record(Type.String(), Type.Union([Type.Literal('up'), Type.Literal('down')])),
});

/**
 * Liveness (the process answers: restart it if not) and readiness (it can serve: send it traffic
 * only if so). Both are public, so neither names a database, an address or a folder; why a
 * component is down goes to the log.
 */
export const healthRoutes: FastifyPluginAsyncTypebox<{ checks: ReadinessCheck[] }> = async (
  app,
  { checks },
) => {
  app.get(
    HEALTH_PATH,
    {
      config: { access: access.public },
      schema: {
        tags: ['health'],
        summary: 'Whether the API process is up',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    READINESS_PATH,
    {
      config: { access: access.public },
      schema: {
        tags: ['health'],
        summary: 'Whether the API can serve: each component it needs, up or down',
        response: { 200: Readiness, 503: Readiness },
      },
    },
    async (request, reply) => {
      const results = await Promise.all(
        checks.map(async ({ component, check }) => {
          try {
            await withinTimeout(check);
            return [component, 'up'] as const;
          } catch (error) {
            request.log.error({ err: error, component }, 'readiness: component down');
            return [component, 'down'] as const;
          }
        }),
      );
      const ready = results.every(([, state]) => state === 'up');
      const body: ReadinessResponse = {
        status: ready ? 'ready' : 'unavailable',
        components: Object.fromEntries(results),
      };
      return reply.code(ready ? 200 : 503).send(body);
    },
  );
};
