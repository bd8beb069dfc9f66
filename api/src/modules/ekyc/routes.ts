import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EKYC_PATHS } from '@lending/contracts';
import type { FastifyRequest } from 'fastify';

import { access, applicantOf } from '../../http/access';
import { errorResponses } from '../../http/schema';
import {
  EkycSessionParamsSchema,
  EkycSessionSchema,
  EkycStartBodySchema,
  EkycStartResponseSchema,
} from './schemas';
import type { EkycService } from './service';

/** The applicant's side of identity verification: a link for the phone, its progress, done. */
export const ekycRoutes: FastifyPluginAsyncTypebox<{ service: EkycService }> = async (
  app,
  { service },
) => {
  app.post(
    EKYC_PATHS.start,
    {
      config: {
        access: access.applicant,
        // Per applicant, after access is checked: people behind one office or carrier address
        // must not use up each other's links.
        rateLimit: {
          max: 10,
          timeWindow: '10 minutes',
          keyGenerator: (request: FastifyRequest) => `ekyc:${applicantOf(request).userId}`,
        },
      },
      schema: {
        tags: ['ekyc'],
        summary: 'Start identity verification: a single-use capture link for the phone',
        body: EkycStartBodySchema,
        response: { 201: EkycStartResponseSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { userId } = applicantOf(request);
      return reply.code(201).send(await service.start(userId, request.body, request.ip));
    },
  );

  app.get(
    EKYC_PATHS.session(':sessionId'),
    {
      config: { access: access.applicant },
      schema: {
        tags: ['ekyc'],
        summary: 'Where the verification stands (the desktop page polls it)',
        params: EkycSessionParamsSchema,
        response: { 200: EkycSessionSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.status(applicantOf(request).userId, request.params.sessionId),
  );

  app.post(
    EKYC_PATHS.confirm(':sessionId'),
    {
      config: { access: access.applicant },
      schema: {
        tags: ['ekyc'],
        summary: 'The applicant finished on the phone: records EKYCCOMPLETED when it passed',
        params: EkycSessionParamsSchema,
        response: { 200: EkycSessionSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) =>
      service.confirm(applicantOf(request).userId, request.params.sessionId, request.ip),
  );
};
