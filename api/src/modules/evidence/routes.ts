import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EVIDENCE_PATHS, EVIDENCE_ROLES } from '@lending/contracts';
import type { FastifyReply } from 'fastify';

import { access, applicantOf, type Principal } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import { ApplicationParams, UserParams, ZipResponse } from './schemas';
import type { EvidenceService, ZipDownload } from './service';

export interface EvidenceRoutesOptions {
  service: EvidenceService;
}

/** Personal data as a download: neither the browser nor a proxy keeps a copy. */
function sendZip(reply: FastifyReply, file: ZipDownload): FastifyReply {
  reply.header('content-type', 'application/zip');
  reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
  reply.header('cache-control', 'private, no-store');
  reply.header('x-content-type-options', 'nosniff');
  return reply.send(file.zip);
}

export const evidenceRoutes: FastifyPluginAsyncTypebox<EvidenceRoutesOptions> = async (
  app,
  { service },
) => {
  const admins = access.staff(...EVIDENCE_ROLES);
  // Each download reads and zips every document: a handful a minute is plenty for a person.
  const rateLimit = { max: 10, timeWindow: '1 minute' };

  app.get(
    EVIDENCE_PATHS.pack(':applicationId'),
    {
      config: { access: admins, rateLimit },
      schema: {
        tags: ['staff'],
        summary:
          'The evidence pack of an application and its agreement as one ZIP: consents, eKYC ' +
          'results, attestation, agreement documents with their verification report, receipts, ' +
          'documents and letters, the audit trail (CSV) and manifest.json with every file’s ' +
          'SHA-256. Audited.',
        params: ApplicationParams,
        response: { 200: ZipResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const principal = request.principal as Principal | null;
      if (principal?.kind !== 'staff') throw new HttpError(401, 'Unauthorized');
      return sendZip(
        reply,
        await service.evidencePack(principal, request.params.applicationId, request.ip),
      );
    },
  );

  app.get(
    EVIDENCE_PATHS.myData,
    {
      config: { access: access.applicant, rateLimit },
      schema: {
        tags: ['users'],
        summary:
          'The signed-in applicant’s own data (PDPA access request) as JSON inside a ZIP. Audited.',
        response: { 200: ZipResponse, ...errorResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      return sendZip(reply, await service.myData(applicantOf(request), request.ip));
    },
  );

  app.get(
    EVIDENCE_PATHS.userData(':userId'),
    {
      config: { access: admins, rateLimit },
      schema: {
        tags: ['staff'],
        summary:
          'An applicant’s data, produced for their PDPA access request, as JSON inside a ZIP. ' +
          'Audited.',
        params: UserParams,
        response: { 200: ZipResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const principal = request.principal as Principal | null;
      if (principal?.kind !== 'staff') throw new HttpError(401, 'Unauthorized');
      return sendZip(reply, await service.userData(principal, request.params.userId, request.ip));
    },
  );
};
