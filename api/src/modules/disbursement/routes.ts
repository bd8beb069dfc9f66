import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DISBURSEMENT_PATHS, PAYOUT_CHECKER_ROLES, PAYOUT_MAKER_ROLES } from '@lending/contracts';
import type { FastifyRequest } from 'fastify';

import { access, type Principal } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import {
  AgreementParamsSchema,
  ConfirmPayoutBodySchema,
  DisbursementDetailSchema,
  DisbursementQueueSchema,
  RecordPayoutBodySchema,
} from './schemas';
import type { DisbursementService } from './service';

function staffOf(request: FastifyRequest): Extract<Principal, { kind: 'staff' }> {
  const principal = request.principal;
  if (principal?.kind !== 'staff') throw new HttpError(403, 'Forbidden');
  return principal;
}

/**
 * Disbursement in the back office: the queue, one agreement's payouts, recording a payout (the
 * maker: operations staff) and confirming it (the checker: an approver or admin, never the maker).
 */
export const disbursementRoutes: FastifyPluginAsyncTypebox<{
  service: DisbursementService;
}> = async (app, { service }) => {
  const tags = ['staff'];
  const readers = access.staff('ADMIN', 'CREDIT_OFFICER', 'APPROVER');
  const makers = access.staff(...PAYOUT_MAKER_ROLES);
  const checkers = access.staff(...PAYOUT_CHECKER_ROLES);

  app.get(
    DISBURSEMENT_PATHS.queue,
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'Agreements waiting for disbursement, oldest signature first',
        response: { 200: DisbursementQueueSchema, ...errorResponses(401, 403) },
      },
    },
    async () => service.queue(),
  );

  app.get(
    DISBURSEMENT_PATHS.detail(':agreementId'),
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'One agreement’s payouts, nominated account, loan account and schedule',
        params: AgreementParamsSchema,
        response: { 200: DisbursementDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.detail(staffOf(request), request.params.agreementId),
  );

  app.post(
    DISBURSEMENT_PATHS.record(':agreementId'),
    {
      config: { access: makers },
      schema: {
        tags,
        summary: 'Record the payout (net amount from the engine) to the nominated account',
        params: AgreementParamsSchema,
        body: RecordPayoutBodySchema,
        response: { 200: DisbursementDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.record(staffOf(request), request.params.agreementId, request.body, request.ip),
  );

  app.post(
    DISBURSEMENT_PATHS.confirm(':agreementId'),
    {
      config: { access: checkers },
      schema: {
        tags,
        summary: 'Confirm a payout someone else recorded and send it by instant transfer',
        params: AgreementParamsSchema,
        body: ConfirmPayoutBodySchema,
        response: {
          200: DisbursementDetailSchema,
          ...errorResponses(400, 401, 403, 404, 409, 503),
        },
      },
    },
    async (request) =>
      service.confirm(
        staffOf(request),
        request.params.agreementId,
        request.body.payoutId,
        request.ip,
      ),
  );
};
