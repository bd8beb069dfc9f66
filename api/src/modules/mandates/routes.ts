import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MANDATE_PATHS } from '@lending/contracts';

import { access, applicantOf } from '../../http/access';
import type { MoneyStepLimit } from '../../http/money-steps';
import { errorResponses } from '../../http/schema';
import {
  AgreementParamsSchema,
  DirectDebitViewSchema,
  MandateRegisterBodySchema,
  MandateRegisteredSchema,
} from './schemas';
import type { MandateService } from './service';

/** The borrower's direct debit: see it, set it up, replace it. */
export const mandateRoutes: FastifyPluginAsyncTypebox<{
  service: MandateService;
  limit: MoneyStepLimit;
}> = async (app, { service, limit }) => {
  app.get(
    MANDATE_PATHS.directDebit(':agreementId'),
    {
      config: { access: access.applicant },
      schema: {
        tags: ['agreements'],
        summary: 'The agreement’s direct debit: terms, banks and the newest mandate (synced)',
        params: AgreementParamsSchema,
        response: { 200: DirectDebitViewSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.directDebit(applicantOf(request).userId, request.params.agreementId),
  );

  app.post(
    MANDATE_PATHS.directDebit(':agreementId'),
    {
      config: { access: access.applicant },
      preHandler: limit(
        'mandate',
        (request) => (request.params as { agreementId: string }).agreementId,
      ),
      schema: {
        tags: ['agreements'],
        summary: 'Register a direct-debit mandate (replacing a live one): the bank’s page to open',
        params: AgreementParamsSchema,
        body: MandateRegisterBodySchema,
        response: { 201: MandateRegisteredSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const registered = await service.register(
        applicantOf(request).userId,
        request.params.agreementId,
        request.body,
        request.ip,
      );
      return reply.code(201).send(registered);
    },
  );
};
