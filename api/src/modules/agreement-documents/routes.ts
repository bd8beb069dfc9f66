import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { IssuedCertificate } from '../../adapters/certificate-authority/port';
import { access, applicantOf } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import {
  AgreementIdParamsSchema,
  CertificateSchema,
  NricBodySchema,
  VerificationParamsSchema,
  VerificationSchema,
} from './schemas';
import type { AgreementDocumentService } from './service';

export interface AgreementDocumentRoutesOptions {
  service: AgreementDocumentService;
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
> = async (app, { service }) => {
  // The documents are read with the session's bearer (the screens fetch them as files); an
  // access token in the address is refused like everywhere.
  const readers = access.applicantOrStaff();

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
      config: { access: readers },
      schema: {
        tags: ['agreements'],
        summary:
          'The agreement (Schedule J or K) as the borrower signs it: frozen bytes; owner or staff',
        params: AgreementIdParamsSchema,
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const viewer = request.principal!;
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
        config: { access: readers },
        schema: {
          tags: ['agreements'],
          summary:
            kind === 'pdpNotice'
              ? 'The personal data protection notice (owner or staff)'
              : 'The loan terms and conditions (owner or staff)',
          params: AgreementIdParamsSchema,
          response: errorResponses(400, 401, 403, 404),
        },
      },
      async (request, reply) => {
        const viewer = request.principal!;
        const notice = await service.notice(viewer, request.params.agreementId, kind);
        pdfReply(reply, `${notice.agreementNo}-${kind}.pdf`, notice.bytes);
        return reply.send(notice.bytes);
      },
    );
  }

  app.get(
    '/api/agreement/:agreementId/e-certificate/download',
    {
      config: { access: readers },
      schema: {
        tags: ['agreements'],
        summary:
          'The e-stamp certificate kept with the signed agreement (owner or staff); 404 until issued',
        params: AgreementIdParamsSchema,
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const viewer = request.principal!;
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

  // The spec put the NRIC in these addresses (GET .../cert/{nric}, POST .../enrol/{nric}); it is
  // sent in the body, never in an address that logs and histories keep.
  app.post(
    '/arkcash/api/v1.0/trustGate/cert',
    {
      config: { access: access.applicant },
      schema: {
        tags: ['agreements'],
        summary: "The signed-in borrower's signing certificate (404 before enrolment)",
        body: NricBodySchema,
        response: { 200: CertificateSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const issued = await service.certificateOf(applicantOf(request), request.body.nric);
      if (!issued) throw new HttpError(404, 'Not enrolled yet', 'NOT_FOUND');
      return certificateBody(issued);
    },
  );

  app.post(
    '/arkcash/api/v1.0/trustGate/enrol',
    {
      config: { access: access.applicant },
      schema: {
        tags: ['agreements'],
        summary:
          'Enrols the signed-in borrower at the certificate authority: a certificate bound to their name and NRIC',
        body: NricBodySchema,
        response: { 200: CertificateSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      certificateBody(await service.enrol(applicantOf(request), request.body.nric, request.ip)),
  );
};
