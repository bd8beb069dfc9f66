import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PSYCHOMETRIC_PATHS } from '@lending/contracts';

import { access, applicantOf } from '../../http/access';
import { errorResponses } from '../../http/schema';
import {
  AnswersBodySchema,
  ApplicationParamsSchema,
  QuestionnaireSchema,
  QuestionsQuerySchema,
  ResultSchema,
} from './schemas';
import type { PsychometricService } from './service';

/** The psychometric test an applicant is asked to take: questions, then answers scored here. */
export const psychometricRoutes: FastifyPluginAsyncTypebox<{
  service: PsychometricService;
}> = async (app, { service }) => {
  app.get(
    PSYCHOMETRIC_PATHS.questions,
    {
      config: { access: access.applicant },
      schema: {
        tags: ['psychometric'],
        summary: 'The questions, in the language asked; starts the timed attempt',
        querystring: QuestionsQuerySchema,
        response: { 200: QuestionnaireSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) =>
      service.questions(
        applicantOf(request).userId,
        request.query.applicationId,
        request.query.language,
      ),
  );

  app.post(
    PSYCHOMETRIC_PATHS.answers(':applicationId'),
    {
      config: { access: access.applicant, rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: ['psychometric'],
        summary: 'Submit the answers: scored on the server; unreliable answers ask for a redo',
        params: ApplicationParamsSchema,
        body: AnswersBodySchema,
        response: { 200: ResultSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) =>
      service.submit(
        applicantOf(request).userId,
        request.params.applicationId,
        request.body,
        request.ip,
      ),
  );
};
