import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { JOMPAY_IMPORT_ROLES, JOMPAY_PATHS } from '@lending/contracts';
import type { FastifyRequest } from 'fastify';

import { access, applicantOf, type Principal } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import {
  AgreementParamsSchema,
  ImportParamsSchema,
  JompayDetailsSchema,
  JompayImportListSchema,
  JompayImportRequestSchema,
  JompayImportViewSchema,
  JompaySandboxFileRequestSchema,
} from './schemas';
import type { JompayService } from './service';

function staffOf(request: FastifyRequest): Extract<Principal, { kind: 'staff' }> {
  const principal = request.principal;
  if (principal?.kind !== 'staff') throw new HttpError(403, 'Forbidden');
  return principal;
}

/**
 * JomPAY: the borrower's biller code and Ref-1, and the back office's imports of the bank's
 * biller files (finance and admins: booking bank credits is the finance side's work).
 */
export const jompayRoutes: FastifyPluginAsyncTypebox<{ service: JompayService }> = async (
  app,
  { service },
) => {
  const staff = access.staff(...JOMPAY_IMPORT_ROLES);
  const tags = ['payments'];

  app.get(
    JOMPAY_PATHS.details(':agreementId'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'The biller code and the loan’s Ref-1 to pay by JomPAY',
        params: AgreementParamsSchema,
        response: { 200: JompayDetailsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.details(applicantOf(request), request.params.agreementId),
  );

  app.get(
    JOMPAY_PATHS.imports,
    {
      config: { access: staff },
      schema: {
        tags: ['staff'],
        summary: 'JomPAY biller file imports, newest first',
        response: { 200: JompayImportListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.list(request.tenant),
  );

  app.post(
    JOMPAY_PATHS.imports,
    {
      config: { access: staff },
      schema: {
        tags: ['staff'],
        summary: 'Import a JomPAY biller file: each line checked, the good ones booked once',
        body: JompayImportRequestSchema,
        response: { 201: JompayImportViewSchema, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request, reply) => {
      const imported = await service.importFile(
        staffOf(request),
        request.tenant,
        request.body,
        request.ip,
      );
      return reply.code(201).send(imported);
    },
  );

  app.get(
    JOMPAY_PATHS.importDetail(':importId'),
    {
      config: { access: staff },
      schema: {
        tags: ['staff'],
        summary: 'One JomPAY import with the outcome of every line',
        params: ImportParamsSchema,
        response: { 200: JompayImportViewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.detail(request.tenant, request.params.importId),
  );

  app.post(
    JOMPAY_PATHS.sandboxFile,
    {
      config: { access: staff },
      schema: {
        tags: ['staff'],
        summary: 'A biller file as the sandbox bank would send it (sandbox biller only)',
        body: JompaySandboxFileRequestSchema,
        response: { ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const file = service.sandboxFile(request.tenant, request.body);
      reply.header('content-type', 'text/plain; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="jompay-sandbox.txt"');
      reply.header('cache-control', 'no-store');
      return reply.send(file);
    },
  );
};
