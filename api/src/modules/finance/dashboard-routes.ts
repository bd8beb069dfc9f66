// The portfolio dashboard of the brand the staff member works in (the request's tenant), for the
// roles that read the books: its figures are the ledger's, so it answers whoever may read that.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FINANCE_PATHS, FINANCE_ROLES } from '@lending/contracts';

import { access } from '../../http/access';
import { errorResponses } from '../../http/schema';
import type { PortfolioDashboard } from './dashboard';
import { PortfolioDashboardSchema } from './schemas';

export const financeDashboardRoutes: FastifyPluginAsyncTypebox<{
  dashboard: PortfolioDashboard;
}> = async (app, { dashboard }) => {
  app.get(
    FINANCE_PATHS.dashboard,
    {
      config: { access: access.staff(...FINANCE_ROLES) },
      schema: {
        tags: ['staff'],
        summary:
          "The brand's portfolio: twelve months of the books, portfolio at risk, arrears ageing, applications",
        response: { 200: PortfolioDashboardSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return dashboard(request.tenant);
    },
  );
};
