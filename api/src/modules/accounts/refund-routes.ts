import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ACCOUNT_PATHS,
  ACCOUNT_READER_ROLES,
  REFUND_APPROVER_ROLES,
  REFUND_PROPOSER_ROLES,
  REPAYMENT_PATHS,
} from '@lending/contracts';
import type { FastifyRequest } from 'fastify';

import { access, applicantOf, type Principal } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import type { RefundLetters } from './refund-letters';
import {
  AgreementParams,
  ProposeRefundSchema,
  RefundLettersSchema,
  RefundParams,
  RefundSchema,
  RefundsSchema,
} from './refund-schemas';
import type { RefundService } from './refunds';
import { AccountIdParams, DecideSchema } from './schemas';

function staffOf(request: FastifyRequest): Extract<Principal, { kind: 'staff' }> {
  const principal = request.principal;
  if (principal?.kind !== 'staff') throw new HttpError(403, 'Forbidden');
  return principal;
}

/**
 * Refunds of credit left on a closed account: finance proposes paying the whole credit back to
 * the account the loan was paid out to; another finance member or an admin decides. The borrower
 * reads the letters of their own refunds (another's answer 404).
 */
export const refundRoutes: FastifyPluginAsyncTypebox<{
  service: RefundService;
  letters: RefundLetters;
}> = async (app, { service, letters }) => {
  const tags = ['accounts'];

  app.get(
    ACCOUNT_PATHS.refunds(':id'),
    {
      config: { access: access.staff(...ACCOUNT_READER_ROLES) },
      schema: {
        tags,
        summary: 'A closed account’s credit, the account a refund is paid to, and its refunds',
        params: AccountIdParams,
        response: { 200: RefundsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.refunds(staffOf(request), request.params.id),
  );

  app.post(
    ACCOUNT_PATHS.refunds(':id'),
    {
      config: { access: access.staff(...REFUND_PROPOSER_ROLES) },
      schema: {
        tags,
        summary: 'Proposes refunding the whole credit (a second finance member approves)',
        params: AccountIdParams,
        body: ProposeRefundSchema,
        response: { 200: RefundSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.propose(staffOf(request), request.params.id, request.body),
  );

  for (const [path, outcome] of [
    [ACCOUNT_PATHS.approveRefund(':refundId'), 'APPROVED'],
    [ACCOUNT_PATHS.rejectRefund(':refundId'), 'REJECTED'],
  ] as const) {
    app.post(
      path,
      {
        config: { access: access.staff(...REFUND_APPROVER_ROLES) },
        schema: {
          tags,
          summary:
            outcome === 'APPROVED'
              ? 'Approves a refund proposed by another member: the credit is paid back'
              : 'Rejects a refund proposed by another member',
          params: RefundParams,
          body: DecideSchema,
          response: { 200: RefundSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        service.decide(staffOf(request), request.params.refundId, outcome, request.body ?? {}),
    );
  }

  app.get(
    REPAYMENT_PATHS.refundLetters(':agreementId'),
    {
      config: { access: access.applicant },
      schema: {
        tags: ['repayments'],
        summary: 'The letters of the credit refunded on the borrower’s loan, newest first',
        params: AgreementParams,
        response: { 200: RefundLettersSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => letters.lettersFor(applicantOf(request), request.params.agreementId),
  );

  app.get(
    REPAYMENT_PATHS.refundLetter(':refundId'),
    {
      config: { access: access.applicant },
      schema: {
        tags: ['repayments'],
        summary: 'A refund letter (PDF), to the borrower of the loan only',
        params: RefundParams,
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const letter = await letters.letterFor(applicantOf(request), request.params.refundId);
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `attachment; filename="${letter.fileName}"`);
      reply.header('cache-control', 'private, no-store');
      return reply.send(letter.bytes);
    },
  );
};
