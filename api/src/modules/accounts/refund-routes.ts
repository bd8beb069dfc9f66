import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ACCOUNT_PATHS,
  ACCOUNT_READER_ROLES,
  REFUND_APPROVER_ROLES,
  REFUND_PROPOSER_ROLES,
} from '@lending/contracts';
import type { FastifyRequest } from 'fastify';

import { access, type Principal } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import { ProposeRefundSchema, RefundParams, RefundSchema, RefundsSchema } from './refund-schemas';
import type { RefundService } from './refunds';
import { AccountIdParams, DecideSchema } from './schemas';

function staffOf(request: FastifyRequest): Extract<Principal, { kind: 'staff' }> {
  const principal = request.principal;
  if (principal?.kind !== 'staff') throw new HttpError(403, 'Forbidden');
  return principal;
}

/**
 * Refunds of credit left on a closed account: finance proposes paying the whole credit back to
 * the account the loan was paid out to; another finance member or an admin decides.
 */
export const refundRoutes: FastifyPluginAsyncTypebox<{ service: RefundService }> = async (
  app,
  { service },
) => {
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
};
