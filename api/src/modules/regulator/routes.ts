import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ACCOUNT_READER_ROLES, LEDGER_PATHS, REGULATOR_PATHS } from '@lending/contracts';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { access, type Principal } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { errorBody, HttpError } from '../../kernel/errors';
import { IDEAL_EXPORT_REFUSED } from './messages';
import {
  IdealExportQuerySchema,
  IdealExportRefusalSchema,
  LedgerCsvParams,
  LedgerPdfParams,
} from './schemas';
import type { RegulatorModule } from './service';

function staffOf(request: FastifyRequest): Extract<Principal, { kind: 'staff' }> {
  const principal = request.principal;
  if (principal?.kind !== 'staff') throw new HttpError(403, 'Forbidden');
  return principal;
}

function sendCsv(reply: FastifyReply, file: { body: string; fileName: string; rows: number }) {
  reply.header('content-type', 'text/csv; charset=utf-8; header=present');
  reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
  reply.header('cache-control', 'private, no-store');
  reply.header('x-row-count', String(file.rows));
  return reply.send(file.body);
}

/**
 * What the lender keeps for and gives the regulator (DOMAIN.md "Regulation"): the borrower ledger
 * (Lampiran A) of any loan as PDF or CSV, and the KPKT iDeal return of a period. Read by whoever
 * reads accounts; every download and every export (refused ones too) is audited.
 */
export const regulatorRoutes: FastifyPluginAsyncTypebox<{ service: RegulatorModule }> = async (
  app,
  { service },
) => {
  const tags = ['accounts'];
  const readers = access.staff(...ACCOUNT_READER_ROLES);

  app.get(
    LEDGER_PATHS.pdf(':agreementId', ':language'),
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'The borrower ledger (Lampiran A) of any loan (PDF, en or bm). Audited.',
        params: LedgerPdfParams,
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const pdf = await service.ledgerPdf(
        staffOf(request),
        request.params.agreementId,
        request.params.language,
      );
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `attachment; filename="${pdf.fileName}"`);
      reply.header('cache-control', 'private, no-store');
      return reply.send(pdf.bytes);
    },
  );

  app.get(
    LEDGER_PATHS.csv(':agreementId'),
    {
      config: { access: readers },
      schema: {
        tags,
        summary:
          'The borrower ledger (Lampiran A) of any loan as CSV under the regulator’s Malay ' +
          'headings (UTF-8 with a byte order mark). Audited.',
        params: LedgerCsvParams,
        response: {
          200: Type.String({ description: 'text/csv' }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) =>
      sendCsv(reply, await service.ledgerCsv(staffOf(request), request.params.agreementId)),
  );

  app.get(
    REGULATOR_PATHS.idealExport,
    {
      config: { access: readers },
      schema: {
        tags,
        summary:
          'The KPKT iDeal return of the loans of a period as CSV; refused whole (422 ' +
          'IDEAL_EXPORT_REFUSED) with every bad row when a value is missing or outside its list. ' +
          'Audited, refusals too.',
        querystring: IdealExportQuerySchema,
        response: {
          200: Type.String({ description: 'text/csv' }),
          ...errorResponses(400, 401, 403),
          422: IdealExportRefusalSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await service.idealExport(staffOf(request), request.query, request.ip);
      if (result.ok) return sendCsv(reply, result);
      return reply.code(422).send({
        ...errorBody(422, IDEAL_EXPORT_REFUSED),
        code: 'IDEAL_EXPORT_REFUSED' as const,
        badRows: result.badRows,
      });
    },
  );
};
