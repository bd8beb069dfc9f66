import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SIGNING_PATHS } from '@lending/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { access, applicantOf, bearerToken } from '../../http/access';
import { answerLanguage } from '../../http/language';
import { errorResponses } from '../../http/schema';
import {
  AgreementParams,
  BorrowerDocumentParams,
  GuarantorDocumentParams,
  GuarantorEkycStartedSchema,
  GuarantorLinkStateSchema,
  GuarantorParams,
  SignBody,
  SigningCodeSentSchema,
  SigningStateSchema,
} from './schemas';
import type { ReadDocument, SigningService } from './service';

export interface SigningRoutesOptions {
  service: SigningService;
}

const context = (request: FastifyRequest) => ({
  ip: request.ip,
  ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
});

/** A document shown in the signing screen's reader: the exact bytes, never kept by a cache. */
function sendDocument(reply: FastifyReply, document: ReadDocument) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${document.fileName}.pdf"`)
    .header('x-document-sha256', document.sha256)
    .header('cache-control', 'private, no-store')
    .send(document.bytes);
}

/**
 * The borrower's signing (signed in) and each guarantor's (no account: the link's token, sent as
 * a bearer token, reaches only that guarantor's own routes below, and nothing else).
 */
export const signingRoutes: FastifyPluginAsyncTypebox<SigningRoutesOptions> = async (
  app,
  { service },
) => {
  const tags = ['agreements'];
  // Per signer, after access is checked: one office's address must not use up another's codes.
  const perSigner = (max: number) => ({
    max,
    timeWindow: '15 minutes',
    keyGenerator: (request: FastifyRequest) => `signing:${applicantOf(request).userId}`,
  });

  app.get(
    SIGNING_PATHS.state(':agreementId'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: "Where signing stands: the document's SHA-256 and each guarantor's progress",
        params: AgreementParams,
        response: { 200: SigningStateSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => service.state(applicantOf(request).userId, request.params.agreementId),
  );

  app.get(
    SIGNING_PATHS.document(':agreementId'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'The agreement PDF exactly as it is signed (the signed one afterwards)',
        params: AgreementParams,
        response: errorResponses(401, 404, 409),
      },
    },
    async (request, reply) => {
      const document = await service.document(
        applicantOf(request).userId,
        request.params.agreementId,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="agreement.pdf"')
        .header('x-document-sha256', document.sha256)
        .header('cache-control', 'no-store')
        .send(document.bytes);
    },
  );

  app.get(
    SIGNING_PATHS.readDocument(':agreementId', ':kind'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary:
          'A document the borrower signs or accepts (the agreement, the privacy notice, the loan ' +
          'terms), as the signing screen shows it; its first opening is recorded',
        params: BorrowerDocumentParams,
        response: errorResponses(400, 401, 404, 409),
      },
    },
    async (request, reply) =>
      sendDocument(
        reply,
        await service.readDocument(
          applicantOf(request).userId,
          request.params.agreementId,
          request.params.kind,
          request.ip,
        ),
      ),
  );

  app.post(
    SIGNING_PATHS.requestCode(':agreementId'),
    {
      config: { access: access.applicant, rateLimit: perSigner(10) },
      schema: {
        tags,
        summary: 'Send the 6-digit signing code by SMS (valid 5 minutes, 3 tries)',
        description: 'A new code 60 seconds after the last one; at most 5 a day.',
        params: AgreementParams,
        response: { 200: SigningCodeSentSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) => service.requestCode(applicantOf(request).userId, request.params.agreementId),
  );

  app.post(
    SIGNING_PATHS.sign(':agreementId'),
    {
      config: { access: access.applicant, rateLimit: perSigner(30) },
      schema: {
        tags,
        summary: 'Sign the agreement with the SMS code (PENDING_SIGNING -> AGREEMENTSIGNING)',
        params: AgreementParams,
        body: SignBody,
        response: { 200: SigningStateSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) =>
      service.sign(
        applicantOf(request).userId,
        request.params.agreementId,
        request.body,
        context(request),
      ),
  );

  // Guarantors: public routes that check the link's token themselves.
  app.get(
    SIGNING_PATHS.guarantorToken,
    {
      config: { access: access.public, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "The guarantor's link: whose it is and where their signing stands",
        description: 'Send the link token as `Authorization: Bearer <token>`.',
        response: { 200: GuarantorLinkStateSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.guarantorLink(bearerToken(request)),
  );

  app.post(
    SIGNING_PATHS.guarantorEkyc(':guarantorId'),
    {
      config: { access: access.public, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "Start the guarantor's identity verification (the same eKYC as applicants)",
        params: GuarantorParams,
        response: { 200: GuarantorEkycStartedSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) =>
      service.startGuarantorEkyc(
        bearerToken(request),
        request.params.guarantorId,
        // The capture page in the language the guarantor reads their signing page in.
        answerLanguage(request.headers['accept-language']) === 'ms' ? 'MS' : 'EN',
      ),
  );

  app.get(
    SIGNING_PATHS.guarantorPreview(':guarantorId'),
    {
      config: { access: access.public, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          "The guarantor's own deed of guarantee (guarantor, borrower, agreement number, sums guaranteed), as they sign it",
        params: GuarantorParams,
        response: errorResponses(401, 404, 409),
      },
    },
    async (request, reply) => {
      const document = await service.guarantorDocument(
        bearerToken(request),
        request.params.guarantorId,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="guarantee.pdf"')
        .header('x-document-sha256', document.sha256)
        .header('cache-control', 'no-store')
        .send(document.bytes);
    },
  );

  app.get(
    SIGNING_PATHS.guarantorReadDocument(':guarantorId', ':kind'),
    {
      config: { access: access.public, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'A document the guarantor signs or accepts (their deed of guarantee, the privacy ' +
          'notice), once verified; its first opening is recorded',
        params: GuarantorDocumentParams,
        response: errorResponses(400, 401, 404, 409),
      },
    },
    async (request, reply) =>
      sendDocument(
        reply,
        await service.guarantorReadDocument(
          bearerToken(request),
          request.params.guarantorId,
          request.params.kind,
          request.ip,
        ),
      ),
  );

  app.post(
    SIGNING_PATHS.guarantorRequestCode(':guarantorId'),
    {
      config: { access: access.public, rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags,
        summary: "Send the guarantor's signing code by SMS",
        params: GuarantorParams,
        response: { 200: SigningCodeSentSchema, ...errorResponses(401, 404, 409, 429) },
      },
    },
    async (request) =>
      service.guarantorRequestCode(bearerToken(request), request.params.guarantorId),
  );

  app.post(
    SIGNING_PATHS.guarantorSign(':guarantorId'),
    {
      config: { access: access.public, rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: {
        tags,
        summary: 'The guarantor signs with their SMS code',
        params: GuarantorParams,
        body: SignBody,
        response: { 200: GuarantorLinkStateSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) =>
      service.guarantorSign(
        bearerToken(request),
        request.params.guarantorId,
        request.body,
        context(request),
      ),
  );
};
