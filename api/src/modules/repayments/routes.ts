import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { REPAYMENT_PATHS } from '@lending/contracts';
import type { FastifyRequest } from 'fastify';

import { access, type Principal } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import {
  AgreementParamsSchema,
  AmountDueNowSchema,
  EarlySettlementQuoteSchema,
  PaymentHistorySchema,
  ReceiptParamsSchema,
  RepaymentAccountsSchema,
  RepaymentScheduleSchema,
  StaffPaymentHistorySchema,
} from './schemas';
import type { RepaymentModule } from './service';

function applicantOf(request: FastifyRequest): Extract<Principal, { kind: 'applicant' }> {
  const principal = request.principal;
  if (principal?.kind !== 'applicant') throw new HttpError(403, 'Forbidden');
  return principal;
}

/**
 * The loan account after payout: the borrower's schedule, payments, amount due, early settlement
 * quote and receipts (their own only: another's answers 404), and the back office's payment
 * history of an agreement.
 */
export const repaymentRoutes: FastifyPluginAsyncTypebox<{ service: RepaymentModule }> = async (
  app,
  { service },
) => {
  const tags = ['repayments'];
  const borrower = access.applicant;

  app.get(
    REPAYMENT_PATHS.accounts,
    {
      config: { access: borrower },
      schema: {
        tags,
        summary: 'The borrower’s loan accounts, newest first',
        response: { 200: RepaymentAccountsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.accounts(applicantOf(request)),
  );

  app.get(
    REPAYMENT_PATHS.schedule(':agreementId'),
    {
      config: { access: borrower },
      schema: {
        tags,
        summary: 'The repayment schedule with each instalment’s status, payments and late charges',
        params: AgreementParamsSchema,
        response: { 200: RepaymentScheduleSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.schedule(applicantOf(request), request.params.agreementId),
  );

  app.get(
    REPAYMENT_PATHS.paymentHistory(':agreementId'),
    {
      config: { access: borrower },
      schema: {
        tags,
        summary: 'Payments on the loan, newest first, with receipts',
        params: AgreementParamsSchema,
        response: { 200: PaymentHistorySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.paymentHistory(applicantOf(request), request.params.agreementId),
  );

  app.get(
    REPAYMENT_PATHS.amountDue(':agreementId'),
    {
      config: { access: borrower },
      schema: {
        tags,
        summary: 'What is due now: overdue instalments, late charges and the current instalment',
        params: AgreementParamsSchema,
        response: { 200: AmountDueNowSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.amountDueFor(applicantOf(request), request.params.agreementId),
  );

  app.get(
    REPAYMENT_PATHS.earlySettlement(':agreementId'),
    {
      config: { access: borrower },
      schema: {
        tags,
        summary: 'What settles the loan today (valid to the end of the day; never Rule of 78)',
        params: AgreementParamsSchema,
        response: { 200: EarlySettlementQuoteSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.earlySettlementQuote(applicantOf(request), request.params.agreementId),
  );

  app.get(
    REPAYMENT_PATHS.receipt(':fileId'),
    {
      config: { access: borrower },
      schema: {
        tags,
        summary: 'A payment receipt (PDF), to its owner only',
        params: ReceiptParamsSchema,
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const receipt = await service.receiptFor(applicantOf(request), request.params.fileId);
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `attachment; filename="${receipt.fileName}"`);
      reply.header('cache-control', 'private, no-store');
      return reply.send(receipt.bytes);
    },
  );

  app.get(
    REPAYMENT_PATHS.staffPaymentHistory(':agreementId'),
    {
      config: { access: access.staff('ADMIN', 'CREDIT_OFFICER', 'APPROVER', 'CUSTOMER_SERVICE') },
      schema: {
        tags: ['staff'],
        summary: 'Payments on an agreement with their channel references and allocations',
        params: AgreementParamsSchema,
        response: { 200: StaffPaymentHistorySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.staffPaymentHistory(request.params.agreementId),
  );
};
