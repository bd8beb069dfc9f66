import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { COLLECTION_PATHS } from '@lending/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { access, type Principal } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import {
  AccountsQuerySchema,
  AgreementParamsSchema,
  CollectionAccountDetailSchema,
  CollectionAccountsSchema,
  CollectionLettersSchema,
  DefaultNoticeBodySchema,
  LetterParamsSchema,
} from './schemas';
import { type CollectionService, DEFAULT_NOTICE_ROLES } from './service';
import { collectionWorkRoutes } from './work-routes';

function applicantOf(request: FastifyRequest): Extract<Principal, { kind: 'applicant' }> {
  const principal = request.principal;
  if (principal?.kind !== 'applicant') throw new HttpError(403, 'Forbidden');
  return principal;
}

function staffOf(request: FastifyRequest): Extract<Principal, { kind: 'staff' }> {
  const principal = request.principal;
  if (principal?.kind !== 'staff') throw new HttpError(403, 'Forbidden');
  return principal;
}

function sendPdf(reply: FastifyReply, letter: { bytes: Buffer; fileName: string }) {
  reply.header('content-type', 'application/pdf');
  reply.header('content-disposition', `attachment; filename="${letter.fileName}"`);
  reply.header('cache-control', 'private, no-store');
  return reply.send(letter.bytes);
}

/**
 * Collections: the back office's accounts in arrears, their letters and the default notice; the
 * borrower's own letters (another's answer 404).
 */
export const collectionRoutes: FastifyPluginAsyncTypebox<{ service: CollectionService }> = async (
  app,
  { service },
) => {
  const staffTags = ['staff'];
  const readers = access.staff('ADMIN', 'CREDIT_OFFICER', 'APPROVER', 'CUSTOMER_SERVICE');

  app.get(
    COLLECTION_PATHS.accounts,
    {
      config: { access: readers },
      schema: {
        tags: staffTags,
        summary: 'Accounts in arrears, most days past due first',
        querystring: AccountsQuerySchema,
        response: { 200: CollectionAccountsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.accounts(request.query.stage),
  );

  app.get(
    COLLECTION_PATHS.account(':agreementId'),
    {
      config: { access: readers },
      schema: {
        tags: staffTags,
        summary: 'One account’s arrears today and the letters sent on it',
        params: AgreementParamsSchema,
        response: { 200: CollectionAccountDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.account(staffOf(request), request.params.agreementId),
  );

  app.post(
    COLLECTION_PATHS.defaultNotice(':agreementId'),
    {
      config: { access: access.staff(...DEFAULT_NOTICE_ROLES) },
      schema: {
        tags: staffTags,
        summary: 'Issue the default notice (more than 28 days in default; 14 to 90 days to pay)',
        params: AgreementParamsSchema,
        body: DefaultNoticeBodySchema,
        response: {
          200: CollectionAccountDetailSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      service.issueDefaultNotice(
        staffOf(request),
        request.params.agreementId,
        request.body.warningDays,
        request.ip,
      ),
  );

  app.get(
    COLLECTION_PATHS.staffLetter(':letterId'),
    {
      config: { access: readers },
      schema: {
        tags: staffTags,
        summary: 'A collection letter (PDF)',
        params: LetterParamsSchema,
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => sendPdf(reply, await service.staffLetter(request.params.letterId)),
  );

  app.get(
    COLLECTION_PATHS.letters(':agreementId'),
    {
      config: { access: access.applicant },
      schema: {
        tags: ['repayments'],
        summary: 'The borrower’s letters on the loan (reminders in writing), newest first',
        params: AgreementParamsSchema,
        response: { 200: CollectionLettersSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.lettersFor(applicantOf(request), request.params.agreementId),
  );

  app.get(
    COLLECTION_PATHS.letter(':letterId'),
    {
      config: { access: access.applicant },
      schema: {
        tags: ['repayments'],
        summary: 'A letter (PDF), to its borrower only',
        params: LetterParamsSchema,
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await service.letterFor(applicantOf(request), request.params.letterId)),
  );

  await app.register(collectionWorkRoutes, { work: service.work });
};
