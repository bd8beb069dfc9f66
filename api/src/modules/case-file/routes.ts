import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CASE_FILE_PATHS, type EkycImageKind } from '@lending/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { access, type Principal } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import { cleanFileName } from '../files/service';
import {
  AddNoteBody,
  CaseFileParams,
  CaseFileSchema,
  DocumentParams,
  DocumentQuery,
  EkycImageParams,
  NoteSchema,
} from './schemas';
import type { CaseFileService } from './service';

export interface CaseFileRoutesOptions {
  service: CaseFileService;
}

/** Every staff role reads the file and writes notes: each sees the same application. */
const ANY_STAFF = access.staff();

/**
 * A personal document shown to staff: never sniffed into another type, never cached, and shown
 * with scripts, forms and plugins' own pages refused (a PDF can carry scripts; the sandbox
 * keeps them away from the API's origin). `filename*` (RFC 5987) carries the name itself.
 */
export function documentHeaders(
  reply: FastifyReply,
  file: { contentType: string; fileName: string; download: boolean },
): FastifyReply {
  const name = cleanFileName(file.fileName);
  const ascii = name.replace(/[^\x20-\x7e]|[\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `${file.download ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encoded}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self' data:")
    .header('cross-origin-resource-policy', 'same-origin');
}

function staffOf(request: FastifyRequest): Extract<Principal, { kind: 'staff' }> {
  const principal = request.principal;
  if (principal?.kind !== 'staff') throw new HttpError(403, 'Forbidden');
  return principal;
}

/** The staff view of one application: the file, its documents and images, internal notes. */
export const caseFileRoutes: FastifyPluginAsyncTypebox<CaseFileRoutesOptions> = async (
  app,
  { service },
) => {
  const tags = ['staff'];

  app.get(
    CASE_FILE_PATHS.file(':applicationId'),
    {
      config: { access: ANY_STAFF },
      schema: {
        tags,
        summary: 'The whole application as submitted, with its checks, notes, decisions and trail',
        params: CaseFileParams,
        response: { 200: CaseFileSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.file(staffOf(request), request.params.applicationId),
  );

  app.get(
    CASE_FILE_PATHS.document(':applicationId', ':documentId'),
    {
      config: { access: ANY_STAFF },
      schema: {
        tags,
        summary: 'One document of the application, inline (`?download=1`: as an attachment)',
        description: 'Every view is written to the audit log.',
        params: DocumentParams,
        querystring: DocumentQuery,
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const { applicationId, documentId } = request.params;
      const { file, stream } = await service.document(
        staffOf(request),
        applicationId,
        documentId,
        request.ip,
      );
      return documentHeaders(reply, {
        contentType: file.mimeType,
        fileName: file.originalFileName,
        download: request.query.download === '1',
      })
        .header('content-length', file.sizeBytes)
        .send(stream);
    },
  );

  app.get(
    CASE_FILE_PATHS.ekycImage(':applicationId', ':sessionId', ':kind' as EkycImageKind),
    {
      config: { access: ANY_STAFF },
      schema: {
        tags,
        summary: 'One identity-verification image of the application (card front, back, selfie)',
        description: 'Every view is written to the audit log.',
        params: EkycImageParams,
        querystring: DocumentQuery,
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const { applicationId, sessionId, kind } = request.params;
      const image = await service.ekycImage(
        staffOf(request),
        applicationId,
        sessionId,
        kind,
        request.ip,
      );
      const extension = image.contentType === 'image/png' ? 'png' : 'jpg';
      return documentHeaders(reply, {
        contentType: image.contentType,
        fileName: `${kind.toLowerCase()}.${extension}`,
        download: request.query.download === '1',
      }).send(image.content);
    },
  );

  app.post(
    CASE_FILE_PATHS.notes(':applicationId'),
    {
      config: { access: ANY_STAFF },
      schema: {
        tags,
        summary: 'Add an internal note (staff only; never shown to the applicant)',
        params: CaseFileParams,
        body: AddNoteBody,
        response: { 201: NoteSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const note = await service.addNote(
        staffOf(request),
        request.params.applicationId,
        request.body.body,
        request.ip,
      );
      return reply.code(201).send(note);
    },
  );
};
