// The business date page (admins): read it, move it forward (sandbox and staging only), and run
// close of business on demand, watching its progress and each day's report.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BUSINESS_DATE_PATHS } from '@lending/contracts';

import { access, type Principal } from '../../http/access';
import { errorResponses } from '../../http/schema';
import {
  BusinessDateViewSchema,
  CloseOfBusinessStartedSchema,
  MoveBusinessDateSchema,
} from './schemas';
import type { BusinessDateService } from './service';

const staffIdOf = (principal: Principal | null) =>
  principal?.kind === 'staff' ? principal.staffId : '';

export const businessDateRoutes: FastifyPluginAsyncTypebox<{
  service: BusinessDateService;
}> = async (app, { service }) => {
  app.get(
    BUSINESS_DATE_PATHS.view,
    {
      config: { access: access.staff('ADMIN') },
      schema: {
        tags: ['staff'],
        summary: 'The business date, close of business under way and the days closed',
        response: { 200: BusinessDateViewSchema, ...errorResponses(401, 403) },
      },
    },
    () => service.view(),
  );

  app.put(
    BUSINESS_DATE_PATHS.move,
    {
      config: { access: access.staff('ADMIN') },
      schema: {
        tags: ['staff'],
        summary: 'Moves the business date forward (sandbox and staging only), audited',
        body: MoveBusinessDateSchema,
        response: { 200: BusinessDateViewSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    (request) => service.move(staffIdOf(request.principal), request.body.businessDate),
  );

  app.post(
    BUSINESS_DATE_PATHS.closeOfBusiness,
    {
      config: { access: access.staff('ADMIN') },
      schema: {
        tags: ['staff'],
        summary: 'Starts close of business through the business date; progress on the page',
        response: { 202: CloseOfBusinessStartedSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await service.closeOfBusiness(staffIdOf(request.principal))),
  );
};
