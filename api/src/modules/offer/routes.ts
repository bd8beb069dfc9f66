import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OFFER_PATHS } from '@lending/contracts';

import { access, applicantOf } from '../../http/access';
import { errorResponses } from '../../http/schema';
import {
  AcceptBody,
  AgreementPageQuery,
  AgreementPageSchema,
  AgreementParams,
  AgreementSchema,
  DeclineBody,
  UpdateLoanAmountBody,
} from './schemas';
import type { OfferService } from './service';

/** The applicant's agreements and the offer they accept or decline. Each reads or changes only
 *  the caller's own agreement: anyone else's answers 404. */
export const offerRoutes: FastifyPluginAsyncTypebox<{ service: OfferService }> = async (
  app,
  { service },
) => {
  const tags = ['agreements'];

  app.get(
    OFFER_PATHS.mine,
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'The own agreements, newest first, paged (page 1, pageSize 10 by default)',
        querystring: AgreementPageQuery,
        response: { 200: AgreementPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      service.mine(applicantOf(request).userId, request.query.page, request.query.pageSize),
  );

  app.get(
    OFFER_PATHS.agreement(':agreementId'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'One own agreement: status, every figure, the instalment table, sign date',
        params: AgreementParams,
        response: { 200: AgreementSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.get(applicantOf(request).userId, request.params.agreementId),
  );

  app.patch(
    OFFER_PATHS.updateLoanAmount(':agreementId'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary:
          'Before accepting: a lower amount and the loan protection choice; every figure is ' +
          'computed again (`version`: the one read; stale answers 409)',
        params: AgreementParams,
        body: UpdateLoanAmountBody,
        response: { 200: AgreementSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.updateLoanAmount(
        applicantOf(request).userId,
        request.params.agreementId,
        request.body,
        request.ip,
      ),
  );

  app.post(
    OFFER_PATHS.accept(':agreementId'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'Accept the offer as it stands (-> PENDING_ATTESTATION)',
        params: AgreementParams,
        body: AcceptBody,
        response: { 200: AgreementSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.accept(
        applicantOf(request).userId,
        request.params.agreementId,
        request.body.version,
        request.ip,
      ),
  );

  app.post(
    OFFER_PATHS.decline(':agreementId'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary:
          'Decline the offer, or cancel the agreement before signing (-> CANCELLED); the applicant may apply again',
        params: AgreementParams,
        body: DeclineBody,
        response: { 200: AgreementSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.decline(
        applicantOf(request).userId,
        request.params.agreementId,
        request.body,
        request.ip,
      ),
  );
};
