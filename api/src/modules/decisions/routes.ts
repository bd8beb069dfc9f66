import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { APPLICATION_PATHS, DECISION_PATHS } from '@lending/contracts';
import type { FastifyRequest } from 'fastify';

import { access, type Principal } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import {
  ApplicationParamsSchema,
  CancelBodySchema,
  DecisionBodySchema,
  DecisionOptionsSchema,
  DecisionResultSchema,
  InterviewParamsSchema,
  InterviewSchema,
  OutcomeBodySchema,
  PreviewSchema,
  RecommendTermsSchema,
} from './schemas';
import type { DecisionService } from './service';

function staffOf(request: FastifyRequest): Extract<Principal, { kind: 'staff' }> {
  const principal = request.principal;
  if (principal?.kind !== 'staff') throw new HttpError(403, 'Forbidden');
  return principal;
}

/** Staff decisions on a file. Which decision each role may take, and when, is the domain's
 *  decision matrix: the route only keeps out staff who take none (customer service). */
export const decisionRoutes: FastifyPluginAsyncTypebox<{ service: DecisionService }> = async (
  app,
  { service },
) => {
  const tags = ['staff'];
  const deciders = access.staff('ADMIN', 'CREDIT_OFFICER', 'APPROVER');

  app.get(
    DECISION_PATHS.options(':applicationId'),
    {
      // Every staff role reads the file, so every one is told what it may decide and why not
      // (customer service: nothing, since its role decides nothing).
      config: { access: access.staff() },
      schema: {
        tags,
        summary:
          'The decisions the caller may take on this file now, and why not the others, with interview slots',
        params: ApplicationParamsSchema,
        response: { 200: DecisionOptionsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.options(staffOf(request), request.params.applicationId),
  );

  app.post(
    DECISION_PATHS.decide(':applicationId'),
    {
      config: { access: deciders },
      schema: {
        tags,
        summary: 'Take one decision (`version`: the one the file was read at; stale answers 409)',
        params: ApplicationParamsSchema,
        body: DecisionBodySchema,
        response: { 200: DecisionResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.decide(staffOf(request), request.params.applicationId, request.body, request.ip),
  );

  // The spec's admin path for cancelling: the CANCEL decision under its own name, so the
  // decision matrix (DOMAIN.md: an admin cancels), the stale-version check and the notice to
  // the applicant are the same whichever way staff cancel.
  app.patch(
    APPLICATION_PATHS.adminCancel(':applicationId'),
    {
      config: { access: access.staff('ADMIN') },
      schema: {
        tags,
        summary:
          'Cancel an open application, or an approved one whose agreement is unsigned (the agreement too)',
        params: ApplicationParamsSchema,
        body: CancelBodySchema,
        response: { 200: DecisionResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.decide(
        staffOf(request),
        request.params.applicationId,
        { decision: 'CANCEL', reason: request.body.reason, version: request.body.version },
        request.ip,
      ),
  );

  app.post(
    DECISION_PATHS.preview(':applicationId'),
    {
      config: { access: access.staff('CREDIT_OFFICER') },
      schema: {
        tags,
        summary: 'The offer recommended terms would make, checked against the caps',
        params: ApplicationParamsSchema,
        body: RecommendTermsSchema,
        response: { 200: PreviewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.preview(request.params.applicationId, request.body),
  );

  app.post(
    DECISION_PATHS.interviewOutcome(':applicationId', ':interviewId'),
    {
      config: { access: access.staff('CREDIT_OFFICER') },
      schema: {
        tags,
        summary: 'Record what came of an interview',
        params: InterviewParamsSchema,
        body: OutcomeBodySchema,
        response: { 200: InterviewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.recordOutcome(
        staffOf(request),
        request.params.applicationId,
        request.params.interviewId,
        request.body,
        request.ip,
      ),
  );
};
