import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ACCOUNT_PATHS,
  ACCOUNT_READER_ROLES,
  ADJUSTMENT_APPROVER_ROLES,
  ADJUSTMENT_PROPOSER_ROLES,
  STATEMENT_PATHS,
} from '@lending/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { access, type Principal } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import { AgreementParamsSchema, StaffPaymentHistorySchema } from '../repayments/schemas';
import {
  AccountIdParams,
  AccountSearchSchema,
  AdjustmentParams,
  AdjustmentSchema,
  AgreementNoParams,
  AocAgreementSchema,
  DecideSchema,
  ProposeWaiverSchema,
  ProposeWriteOffSchema,
  SearchQuery,
  StatementParams,
  StatementSearchBodySchema,
  StatementSearchSchema,
  TenureDetailsSchema,
  WaiverChargesSchema,
} from './schemas';
import type { AccountsModule } from './service';

function staffOf(request: FastifyRequest): Extract<Principal, { kind: 'staff' }> {
  const principal = request.principal;
  if (principal?.kind !== 'staff') throw new HttpError(403, 'Forbidden');
  return principal;
}

function applicantOf(request: FastifyRequest): Extract<Principal, { kind: 'applicant' }> {
  const principal = request.principal;
  if (principal?.kind !== 'applicant') throw new HttpError(403, 'Forbidden');
  return principal;
}

function sendPdf(reply: FastifyReply, pdf: { bytes: Buffer; fileName: string }) {
  reply.header('content-type', 'application/pdf');
  reply.header('content-disposition', `attachment; filename="${pdf.fileName}"`);
  reply.header('cache-control', 'private, no-store');
  return reply.send(pdf.bytes);
}

/**
 * The books (spec section 7 "Collection"): the back office's account enquiry, tenure details,
 * waivers and write-offs (proposed by one staff member, decided by another), statement of account
 * search and download; and the borrower's own statement.
 */
export const accountRoutes: FastifyPluginAsyncTypebox<{ service: AccountsModule }> = async (
  app,
  { service },
) => {
  const tags = ['accounts'];
  const readers = access.staff(...ACCOUNT_READER_ROLES);
  const proposers = access.staff(...ADJUSTMENT_PROPOSER_ROLES);
  const approvers = access.staff(...ADJUSTMENT_APPROVER_ROLES);

  app.get(
    ACCOUNT_PATHS.tenureDetails(':agreementNo'),
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'The account’s instalments and where each stands today (tenure details)',
        params: AgreementNoParams,
        response: { 200: TenureDetailsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.tenureDetails(request.params.agreementNo),
  );

  app.get(
    ACCOUNT_PATHS.search,
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'Loan accounts whose agreement number starts with the text given',
        querystring: SearchQuery,
        response: { 200: AccountSearchSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.search(request.query.agreementNo),
  );

  app.get(
    ACCOUNT_PATHS.aocAgreement(':agreementNo'),
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'The account enquiry: account, agreement and tenure details',
        params: AgreementNoParams,
        response: { 200: AocAgreementSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.aocAgreement(request.params.agreementNo),
  );

  app.get(
    ACCOUNT_PATHS.paymentHistory(':agreementId'),
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'Payments on an agreement with their channel references and allocations',
        params: AgreementParamsSchema,
        response: { 200: StaffPaymentHistorySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.paymentHistory(request.params.agreementId),
  );

  app.get(
    ACCOUNT_PATHS.waiverCharges(':id'),
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'Late charges outstanding, and the account’s waiver and write-off requests',
        params: AccountIdParams,
        response: { 200: WaiverChargesSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.waiverCharges(staffOf(request), request.params.id),
  );

  app.post(
    ACCOUNT_PATHS.waiverCharges(':id'),
    {
      config: { access: proposers },
      schema: {
        tags,
        summary: 'Proposes waiving late charges (a second staff member approves)',
        params: AccountIdParams,
        body: ProposeWaiverSchema,
        response: { 200: AdjustmentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.proposeWaiver(staffOf(request), request.params.id, request.body),
  );

  app.post(
    ACCOUNT_PATHS.writeOff(':id'),
    {
      config: { access: proposers },
      schema: {
        tags,
        summary: 'Proposes writing the account off (a second staff member approves)',
        params: AccountIdParams,
        body: ProposeWriteOffSchema,
        response: { 200: AdjustmentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.proposeWriteOff(staffOf(request), request.params.id, request.body),
  );

  app.post(
    ACCOUNT_PATHS.approve(':requestId'),
    {
      config: { access: approvers },
      schema: {
        tags,
        summary: 'Approves a waiver or write-off proposed by another staff member',
        params: AdjustmentParams,
        body: DecideSchema,
        response: { 200: AdjustmentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.approve(staffOf(request), request.params.requestId, request.body ?? {}),
  );

  app.post(
    ACCOUNT_PATHS.reject(':requestId'),
    {
      config: { access: approvers },
      schema: {
        tags,
        summary: 'Rejects a waiver or write-off proposed by another staff member',
        params: AdjustmentParams,
        body: DecideSchema,
        response: { 200: AdjustmentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.reject(staffOf(request), request.params.requestId, request.body ?? {}),
  );

  app.post(
    STATEMENT_PATHS.search,
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'Accounts to give statements of, paged and filtered',
        body: StatementSearchBodySchema,
        response: { 200: StatementSearchSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.statementSearch(request.body),
  );

  app.get(
    STATEMENT_PATHS.staff(':agreementId', ':language'),
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'The statement of account of any agreement (PDF, en or bm)',
        params: StatementParams,
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await service.staffStatement(
          staffOf(request),
          request.params.agreementId,
          request.params.language,
        ),
      ),
  );

  app.get(
    STATEMENT_PATHS.mine(':agreementId', ':language'),
    {
      config: { access: access.applicant },
      schema: {
        tags: ['repayments'],
        summary: 'The borrower’s statement of account (PDF, en or bm), their own only',
        params: StatementParams,
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await service.myStatement(
          applicantOf(request),
          request.params.agreementId,
          request.params.language,
        ),
      ),
  );
};
