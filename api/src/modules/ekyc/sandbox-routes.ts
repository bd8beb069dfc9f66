import { randomBytes } from 'node:crypto';

import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EKYC_PATHS } from '@lending/contracts';
import type { FastifyReply } from 'fastify';
import { fileTypeFromBuffer } from 'file-type/core';

import type { EkycCapturedImage, EkycDocumentKind } from '../../adapters/ekyc/port';
import { CAPTURE_KINDS, type SandboxEkyc } from '../../adapters/ekyc/sandbox';
import { access } from '../../http/access';
import { errorBody } from '../../kernel/errors';
import { captureDonePage, captureFormPage, captureLinkPage, captureText } from './capture-page';
import { CaptureParamsSchema } from './schemas';

/** A phone photo is a few MB; anything far larger is not a photo of a card. */
export const MAX_CAPTURE_IMAGE_BYTES = 8 * 1024 * 1024;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic']);
const FIELD_KINDS: Record<string, EkycDocumentKind> = {
  idFront: 'ID_FRONT',
  idBack: 'ID_BACK',
  selfie: 'SELFIE',
};

function html(reply: FastifyReply, status: number, render: (nonce: string) => string) {
  // The page's own style and script are allowed by a one-time nonce; nothing else may run.
  const nonce = randomBytes(16).toString('base64');
  return reply
    .code(status)
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    )
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(render(nonce));
}

const wantsJson = (accept: string | undefined) => Boolean(accept?.includes('application/json'));

/** The sandbox provider's hosted page: what the QR code opens on the applicant's phone. */
export const sandboxEkycRoutes: FastifyPluginAsyncTypebox<{ provider: SandboxEkyc }> = async (
  app,
  { provider },
) => {
  // Another module may already have taught the app to read multipart bodies.
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  app.get(
    EKYC_PATHS.sandboxCapture(':captureToken'),
    {
      config: { access: access.public, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['sandbox'],
        summary: 'The sandbox eKYC capture page (opened from the QR code)',
        params: CaptureParamsSchema,
        hide: true,
      },
    },
    async (request, reply) => {
      const link = await provider.openCapture(request.params.captureToken);
      if (!link.ok) {
        return html(reply, link.reason === 'unknown' ? 404 : 410, (nonce) =>
          captureLinkPage(link, nonce, link.reason),
        );
      }
      return html(reply, 200, (nonce) =>
        captureFormPage(
          link.language,
          nonce,
          EKYC_PATHS.sandboxCapture(request.params.captureToken),
        ),
      );
    },
  );

  app.post(
    EKYC_PATHS.sandboxCapture(':captureToken'),
    {
      config: { access: access.public, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['sandbox'],
        summary: 'The capture form: consent, the card front and back, a selfie and the number',
        description:
          'multipart/form-data with `consent=yes`, `identityCardNo` and the images `idFront`, ' +
          '`idBack`, `selfie` (JPEG, PNG, WEBP or HEIC, 8 MB each). Answers a page, or JSON ' +
          'when asked for `application/json`.',
        consumes: ['multipart/form-data'],
        params: CaptureParamsSchema,
      },
    },
    async (request, reply) => {
      const token = request.params.captureToken;
      const json = wantsJson(request.headers.accept);
      const link = await provider.openCapture(token);
      if (!link.ok) {
        const status = link.reason === 'unknown' ? 404 : 410;
        const message = captureText('EN')[link.reason];
        if (json)
          return reply.code(status).send({
            ...errorBody(status, message, status === 404 ? 'NOT_FOUND' : 'CONFLICT'),
            error: status === 404 ? 'Not Found' : 'Gone',
          });
        return html(reply, status, (nonce) => captureLinkPage(link, nonce, link.reason));
      }
      const text = captureText(link.language);
      const errors: string[] = [];
      const fields: Record<string, string> = {};
      const images = new Map<EkycDocumentKind, EkycCapturedImage>();
      if (!request.isMultipart()) {
        errors.push(`${text.errors.missingImage}${text.front}`);
      } else {
        try {
          const parts = request.parts({
            limits: { fileSize: MAX_CAPTURE_IMAGE_BYTES, files: 3, fields: 4, parts: 8 },
          });
          for await (const part of parts) {
            if (part.type === 'field') {
              fields[part.fieldname] = String(part.value);
              continue;
            }
            const content = await part.toBuffer();
            const kind = FIELD_KINDS[part.fieldname];
            // A file input left empty still sends a part, with no name and no bytes.
            if (!kind || content.length === 0) continue;
            const detected = await fileTypeFromBuffer(content);
            if (!detected || !IMAGE_TYPES.has(detected.mime)) {
              errors.push(
                `${text.errors.imageType}${kind === 'ID_FRONT' ? text.front : kind === 'ID_BACK' ? text.back : text.selfie}`,
              );
              continue;
            }
            images.set(kind, { kind, contentType: detected.mime, content });
          }
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') errors.push(text.errors.tooLarge);
          else if (code?.startsWith('FST_')) errors.push(text.errors.tooLarge);
          else throw error;
        }
      }
      if (fields.consent !== 'yes') errors.unshift(text.errors.consent);
      if (!fields.identityCardNo?.trim()) errors.push(text.errors.number);
      const label = { ID_FRONT: text.front, ID_BACK: text.back, SELFIE: text.selfie };
      for (const kind of CAPTURE_KINDS) {
        if (!images.has(kind) && !errors.some((e) => e.endsWith(label[kind]))) {
          errors.push(`${text.errors.missingImage}${label[kind]}`);
        }
      }
      if (errors.length > 0) {
        // Nothing is used up by a form that was not complete: the link stays valid.
        if (json)
          return reply.code(400).send(errorBody(400, errors.join('; '), 'VALIDATION_FAILED'));
        return html(reply, 400, (nonce) =>
          captureFormPage(link.language, nonce, EKYC_PATHS.sandboxCapture(token), errors),
        );
      }
      const outcome = await provider.submitCapture(token, {
        consent: true,
        identityCardNo: fields.identityCardNo!,
        images: [...images.values()],
        ip: request.ip,
      });
      if (!('verdict' in outcome)) {
        const reason = outcome.ok ? 'used' : outcome.reason;
        if (json)
          return reply
            .code(410)
            .send({ ...errorBody(410, captureText('EN')[reason], 'CONFLICT'), error: 'Gone' });
        return html(reply, 410, (nonce) => captureLinkPage(link, nonce, reason));
      }
      if (json) return { verdict: outcome.verdict, message: outcome.message };
      return html(reply, 200, (nonce) => captureDonePage(link, nonce, outcome.verdict));
    },
  );
};
