import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { REPAYMENT_PATHS } from '@lending/contracts';

import { access, applicantOf } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import {
  AgreementParamsSchema,
  DischargeLettersSchema,
  DischargeLetterViewSchema,
  LetterParamsSchema,
} from './schemas';
import type { DischargeLetterService } from './service';

/** The borrower's discharge letters: their own closed loans only (another's answers 404). */
export const dischargeLetterRoutes: FastifyPluginAsyncTypebox<{
  service: DischargeLetterService;
}> = async (app, { service }) => {
  const tags = ['repayments'];

  app.get(
    REPAYMENT_PATHS.dischargeLetters(':agreementId'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'The discharge letters of a closed loan, newest version first',
        params: AgreementParamsSchema,
        response: { 200: DischargeLettersSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.lettersFor(applicantOf(request), request.params.agreementId),
  );

  app.get(
    REPAYMENT_PATHS.dischargeLetter(':letterId'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'A discharge letter (PDF), to its owner only',
        params: LetterParamsSchema,
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const letter = await service.letterFor(applicantOf(request), request.params.letterId);
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `attachment; filename="${letter.fileName}"`);
      reply.header('cache-control', 'private, no-store');
      return reply.send(letter.bytes);
    },
  );

  app.post(
    REPAYMENT_PATHS.staffReissueDischargeLetter(':agreementId'),
    {
      config: { access: access.staff('ADMIN', 'CUSTOMER_SERVICE') },
      schema: {
        tags: ['staff'],
        summary: 'Issue a new version of a closed loan’s discharge letter',
        params: AgreementParamsSchema,
        response: { 201: DischargeLetterViewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      if (principal?.kind !== 'staff') throw new HttpError(403, 'Forbidden');
      const letter = await service.reissue(
        request.params.agreementId,
        `staff:${principal.staffId}`,
      );
      return reply.code(201).send(letter);
    },
  );
};
