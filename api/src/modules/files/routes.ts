import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FILE_PATHS } from '@lending/contracts';
import { STATEMENT_FILE_MAX_BYTES } from '@lending/domain';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';

import { access, applicantOf, bearerPrincipal } from '../../http/access';
import { FILE_LINK_INVALID, FILE_LINK_PARAM, type FileLinks } from '../../http/file-links';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import type { Sessions } from '../auth/service';
import type { TokenIssuer } from '../auth/tokens';
import {
  DownloadQuerySchema,
  EntityIdParamsSchema,
  FileIdParamsSchema,
  FileLinkSchema,
  OrganizationTypeParamsSchema,
  RequiredFileSchema,
  UploadedFileSchema,
} from './schemas';
import { cleanFileName, type FileService, type PreparedUpload } from './service';

export interface FileRoutesOptions {
  service: FileService;
  tokens: TokenIssuer;
  sessions: Sessions;
  links: FileLinks;
}

/** What the multipart parser throws for a body that is not well-formed multipart (no boundary,
 *  cut short, a broken part header): the client's fault, not the server's. */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of (multipart data|form)|Malformed part header)/;

export function asClientError(error: unknown): unknown {
  return error instanceof Error &&
    !(error instanceof HttpError) &&
    MALFORMED_MULTIPART.test(error.message)
    ? new HttpError(400, 'The upload is not well-formed multipart/form-data')
    : error;
}

/**
 * Always a download, never shown in the API's own origin: `filename` for old clients in plain
 * ASCII, `filename*` (RFC 5987) with the name itself. The name is cleaned again here, for rows
 * stored before names were cleaned as they are now.
 */
export function attachmentDisposition(originalFileName: string): string {
  const name = cleanFileName(originalFileName);
  const ascii = name.replace(/[^\x20-\x7e]|[\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Documents of an application (spec sections 5 and 7): the required list, upload, download,
 *  delete and the list of an application's files. */
export const fileRoutes: FastifyPluginAsyncTypebox<FileRoutesOptions> = async (
  app,
  { service, tokens, sessions, links },
) => {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: STATEMENT_FILE_MAX_BYTES, files: 1, fields: 5, fieldSize: 200, parts: 6 },
  });

  /** The bearer of the request, or the person a link minted for exactly this file stands for. */
  async function principalOf(request: FastifyRequest, fileId: string, link?: string) {
    const bearer = await bearerPrincipal(request, { tokens, sessions });
    if (bearer) return bearer;
    if (!link) throw new HttpError(401, 'Unauthorized');
    const linked = await links.open(link, `file:${fileId}`);
    if (!linked) throw new HttpError(401, FILE_LINK_INVALID, 'FILE_LINK_INVALID');
    return linked;
  }

  app.get(
    '/api/file/getRequiredFileListByOrganization/:organizationType',
    {
      config: { access: access.public },
      schema: {
        tags: ['files'],
        summary: 'The documents an organization type uploads, in display order',
        params: OrganizationTypeParamsSchema,
        response: { 200: Type.Array(RequiredFileSchema), ...errorResponses(400) },
      },
    },
    async (request) => service.requiredFiles(request.params.organizationType),
  );

  app.post(
    FILE_PATHS.upload,
    {
      config: { access: access.applicant },
      schema: {
        tags: ['files'],
        summary: 'Upload a document (multipart: applicationId, fileType, then file)',
        description:
          'The type is read from the content, never the name. Statements: PDF up to 10 MB; ' +
          'other documents PDF, PNG or JPEG up to 5 MB. Duplicates and files beyond the count ' +
          'of their type are refused.',
        consumes: ['multipart/form-data'],
        response: { 201: UploadedFileSchema, ...errorResponses(400, 401, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const { userId } = applicantOf(request);
      if (!request.isMultipart()) {
        throw new HttpError(415, 'Send the file as multipart/form-data');
      }
      const fields: Record<string, string> = {};
      let prepared: PreparedUpload | null = null;
      let uploaded = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (typeof part.value === 'string') fields[part.fieldname] = part.value.trim();
            continue;
          }
          if (part.fieldname !== 'file' || uploaded) {
            part.file.resume();
            continue;
          }
          const applicationId = fields.applicationId;
          const fileType = fields.fileType;
          if (!applicationId || !fileType) {
            part.file.resume();
            throw new HttpError(400, 'Send applicationId and fileType before the file');
          }
          if (!UUID.test(applicationId)) {
            part.file.resume();
            throw new HttpError(404, 'Application Not Found');
          }
          try {
            prepared = await service.prepare(userId, applicationId, fileType);
          } catch (error) {
            part.file.resume();
            throw error;
          }
          uploaded = await service.store(
            prepared,
            { originalFileName: part.filename, stream: part.file },
            request.ip,
          );
        }
      } catch (error) {
        throw asClientError(error);
      }
      if (!uploaded) throw new HttpError(400, 'Choose a file to upload');
      return reply.code(201).send(uploaded);
    },
  );

  app.get(
    '/api/file/:fileId',
    {
      // Public at the door: the route reads the bearer, or a link minted for this file.
      config: { access: access.public },
      schema: {
        tags: ['files'],
        summary: `Download a file as an attachment (owner or staff; bearer, or \`?${FILE_LINK_PARAM}=\` minted for it)`,
        params: FileIdParamsSchema,
        querystring: DownloadQuerySchema,
        response: errorResponses(400, 401, 404),
      },
    },
    async (request, reply) => {
      const principal = await principalOf(request, request.params.fileId, request.query.link);
      const { file, stream } = await service.read(principal, request.params.fileId);
      return reply
        .header('content-type', file.mimeType)
        .header('content-disposition', attachmentDisposition(file.originalFileName))
        .header('cache-control', 'private, no-store')
        .header('content-length', file.sizeBytes)
        .send(stream);
    },
  );

  app.post(
    '/api/file/:fileId/link',
    {
      config: { access: access.applicantOrStaff() },
      schema: {
        tags: ['files'],
        summary:
          'A short-lived link that downloads this one file as the caller (for a plain link, which sends no Authorization header)',
        params: FileIdParamsSchema,
        response: { 200: FileLinkSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const principal = request.principal!;
      const { fileId } = request.params;
      await service.assertReadable(principal, fileId);
      const link = links.mint(principal, `file:${fileId}`);
      const query = new URLSearchParams({ [FILE_LINK_PARAM]: link.token });
      return {
        url: `${FILE_PATHS.byId(fileId)}?${query.toString()}`,
        expiresAt: link.expiresAt.toISOString(),
      };
    },
  );

  app.delete(
    '/api/file/:fileId',
    {
      config: { access: access.applicant },
      schema: {
        tags: ['files'],
        summary: 'Delete an own file while the application can still be changed',
        params: FileIdParamsSchema,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const { userId } = applicantOf(request);
      await service.remove(userId, request.params.fileId, request.ip);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/file/entity/:entityId',
    {
      config: { access: access.applicantOrStaff() },
      schema: {
        tags: ['files'],
        summary: 'The files of an application (owner or staff)',
        params: EntityIdParamsSchema,
        response: { 200: Type.Array(UploadedFileSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.list(request.principal!, request.params.entityId),
  );
};
