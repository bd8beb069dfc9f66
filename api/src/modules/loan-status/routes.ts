import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LOAN_STATUS_PATHS } from '@lending/contracts';

import { access, applicantOf } from '../../http/access';
import { errorResponses } from '../../http/schema';
import {
  ApplicationIdParams,
  HistoryDetailSchema,
  HistoryPageSchema,
  HistoryQuery,
  HomeSchema,
  StatusCheckQuery,
  StatusCheckSchema,
} from './schemas';
import type { LoanStatusService } from './service';

/** The applicant's loans after submitting: home card, history, status by reference number. */
export const loanStatusRoutes: FastifyPluginAsyncTypebox<{
  service: LoanStatusService;
  /** Status checks one client may make in a minute. */
  checksPerMinute?: number;
}> = async (app, { service, checksPerMinute = 30 }) => {
  const tags = ['loan-status'];

  app.get(
    LOAN_STATUS_PATHS.home,
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: "The home card's state with the user, latest application, interview, referral",
        response: { 200: HomeSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.home(applicantOf(request).userId),
  );

  app.get(
    LOAN_STATUS_PATHS.history,
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'The own applications, newest first, paged (page 1, size 10 by default)',
        querystring: HistoryQuery,
        response: { 200: HistoryPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      service.history(applicantOf(request).userId, request.query.page, request.query.size),
  );

  app.get(
    LOAN_STATUS_PATHS.historyItem(':applicationId'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'One own application with its status timeline',
        params: ApplicationIdParams,
        response: { 200: HistoryDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.historyItem(applicantOf(request).userId, request.params.applicationId),
  );

  app.get(
    LOAN_STATUS_PATHS.check,
    {
      // Signed-in only (spec section 2), and limited: reference numbers run in sequence.
      config: {
        access: access.applicant,
        rateLimit: { max: checksPerMinute, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary: 'The status of an own application by its reference number',
        querystring: StatusCheckQuery,
        response: { 200: StatusCheckSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => service.check(applicantOf(request).userId, request.query.referenceNo),
  );
};
