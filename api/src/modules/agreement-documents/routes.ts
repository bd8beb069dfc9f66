import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';

import type { IssuedCertificate } from '../../adapters/certificate-authority/port';
import { access, applicantOf, bearerToken, type Principal } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import type { Sessions } from '../auth/service';
import type { TokenIssuer } from '../auth/tokens';
import {
  AgreementIdParamsSchema,
  CertificateSchema,
  DownloadQuerySchema,
  NricParamsSchema,
  VerificationParamsSchema,
  VerificationSchema,
} from './schemas';
import type { AgreementDocumentService } from './service';

export interface AgreementDocumentRoutesOptions {
  service: AgreementDocumentService;
  tokens: TokenIssuer;
  sessions: Sessions;
}

function certificateBody(issued: IssuedCertificate) {
  return {
    serialNumber: issued.serial,
    subjectName: issued.subjectName,
    status: 'ENROLLED' as const,
    validFrom: issued.issuedAt.toISOString(),
    validTo: issued.expiresAt.toISOString(),
    certificatePem: issued.certificatePem,
  };
}

/** The agreement's documents (spec section 7): previews before signing, the public
 *  verification the QR codes lead to, and enrolment at the certificate authority. */
export const agreementDocumentRoutes: FastifyPluginAsyncTypebox<
  AgreementDocumentRoutesOptions
> = async (app, { service, tokens, sessions }) => {
  /** The bearer token, or `?token=` for a PDF opened by a plain link (spec section 7). */
  async function principalOf(request: FastifyRequest, queryToken?: string): Promise<Principal> {
    const token = bearerToken(request) ?? queryToken;
    if (!token) throw new HttpError(401, 'Unauthorized');
    const claims = await tokens.verifyAccess(token, ['applicant', 'staff']);
    if (!claims || !(await sessions.isActive(claims.sid))) throw new HttpError(401, 'Unauthorized');
    return claims.aud === 'applicant'
      ? { kind: 'applicant', userId: claims.sub, tenant: claims.tenant, sessionId: claims.sid }
      : {
          kind: 'staff',
          staffId: claims.sub,
          email: claims.email,
          roles: claims.roles,
          sessionId: claims.sid,
        };
  }

  const pdfReply = (
    reply: { header: (name: string, value: string | number) => unknown },
    name: string,
    bytes: Buffer,
  ) => {
    reply.header('content-type', 'application/pdf');
    // Inline: the signing screen shows it in the page; the name is ours, never the user's.
    reply.header('content-disposition', `inline; filename="${name}"`);
    reply.header('cache-control', 'private, no-store');
    reply.header('content-length', bytes.length);
  };

  app.get(
    '/api/agreement/:agreementId/preview/download',
    {
      config: { access: access.public },
      schema: {
        tags: ['agreements'],
        summary:
          'The agreement (Schedule J or K) as the borrower signs it: frozen bytes; owner or staff; `?token=` for a plain link',
        params: AgreementIdParamsSchema,
        querystring: DownloadQuerySchema,
        response: errorResponses(400, 401, 404),
      },
    },
    async (request, reply) => {
      const viewer = await principalOf(request, request.query.token);
      const document = await service.preview(viewer, request.params.agreementId);
      reply.header('x-document-sha256', document.sha256);
      reply.header('x-document-version', document.version);
      pdfReply(reply, `${document.agreementNo}.pdf`, document.bytes);
      return reply.send(document.bytes);
    },
  );

  for (const kind of ['pdpNotice', 'loanTnc'] as const) {
    app.get(
      `/api/agreement/:agreementId/preview/${kind}/download`,
      {
        config: { access: access.public },
        schema: {
          tags: ['agreements'],
          summary:
            kind === 'pdpNotice'
              ? 'The personal data protection notice (owner or staff; `?token=` for a plain link)'
              : 'The loan terms and conditions (owner or staff; `?token=` for a plain link)',
          params: AgreementIdParamsSchema,
          querystring: DownloadQuerySchema,
          response: errorResponses(400, 401, 404),
        },
      },
      async (request, reply) => {
        const viewer = await principalOf(request, request.query.token);
        const notice = await service.notice(viewer, request.params.agreementId, kind);
        pdfReply(reply, `${notice.agreementNo}-${kind}.pdf`, notice.bytes);
        return reply.send(notice.bytes);
      },
    );
  }

  app.get(
    '/api/agreement/:agreementId/e-certificate/download',
    {
      config: { access: access.public },
      schema: {
        tags: ['agreements'],
        summary:
          'The e-stamp certificate kept with the signed agreement (owner or staff; `?token=` for a plain link); 404 until issued',
        params: AgreementIdParamsSchema,
        querystring: DownloadQuerySchema,
        response: errorResponses(400, 401, 404),
      },
    },
    async (request, reply) => {
      const viewer = await principalOf(request, request.query.token);
      const certificate = await service.eCertificate(viewer, request.params.agreementId);
      reply.header('x-certificate-no', certificate.certificateNo);
      pdfReply(reply, `${certificate.agreementNo}-e-stamp.pdf`, certificate.bytes);
      return reply.send(certificate.bytes);
    },
  );

  app.get(
    '/api/agreement-verification/:code',
    {
      config: { access: access.public },
      schema: {
        tags: ['agreements'],
        summary:
          'Public check of a signed agreement reached by its QR code: signers, times, intact or not',
        params: VerificationParamsSchema,
        response: { 200: VerificationSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => service.verification(request.params.code),
  );

  app.get(
    '/arkcash/api/v1.0/trustGate/cert/:nric',
    {
      config: { access: access.applicant },
      schema: {
        tags: ['agreements'],
        summary: "The signed-in borrower's signing certificate (404 before enrolment)",
        params: NricParamsSchema,
        response: { 200: CertificateSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const issued = await service.certificateOf(applicantOf(request), request.params.nric);
      if (!issued) throw new HttpError(404, 'Not enrolled yet', 'NOT_FOUND');
      return certificateBody(issued);
    },
  );

  app.post(
    '/arkcash/api/v1.0/trustGate/enrol/:nric',
    {
      config: { access: access.applicant },
      schema: {
        tags: ['agreements'],
        summary:
          'Enrols the signed-in borrower at the certificate authority: a certificate bound to their name and NRIC',
        params: NricParamsSchema,
        response: { 200: CertificateSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      certificateBody(await service.enrol(applicantOf(request), request.params.nric, request.ip)),
  );
};
