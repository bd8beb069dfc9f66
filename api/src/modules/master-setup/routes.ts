import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  MASTER_ENTITY_IDS,
  MASTER_SETUP_PATHS,
  MASTER_VIDEO_MAX_BYTES,
  type MasterEntityId,
  type MasterFileRefusal,
} from '@lending/contracts';
import type { FastifyRequest } from 'fastify';

import { access, type Principal } from '../../http/access';
import { refusalWords } from '../../http/error-handler';
import { errorResponses } from '../../http/schema';
import { HttpError, sentence } from '../../kernel/errors';
import { sendVideo } from '../attestation/video-reply';
import { attachmentDisposition } from '../files/routes';
import { cleanFileName } from '../files/service';
import {
  ActivateBodySchema,
  EntityParamsSchema,
  FileParamsSchema,
  MasterEntityViewSchema,
  MasterFileRefusalSchema,
  MasterFileVersionSchema,
} from './schemas';
import { MasterFileRefused, type MasterSetupService, maxBytesOf } from './service';

function staffOf(request: FastifyRequest): Extract<Principal, { kind: 'staff' }> {
  const principal = request.principal;
  if (principal?.kind !== 'staff') throw new HttpError(403, 'Forbidden');
  return principal;
}

/** What the multipart parser throws for a body that is not well-formed multipart. */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of (multipart data|form)|Malformed part header)/;

const isEntityId = (value: string | undefined): value is MasterEntityId =>
  (MASTER_ENTITY_IDS as readonly string[]).includes(value ?? '');

/** Master setup (spec section 7 "Master", admin): the configuration files, their versions and
 *  their activation; and the back office's video player. */
export const masterSetupRoutes: FastifyPluginAsyncTypebox<{ service: MasterSetupService }> = async (
  app,
  { service },
) => {
  const tags = ['staff'];
  const admins = access.staff('ADMIN');
  // Those who review attestation evidence replay the videos it names.
  const reviewers = access.staff('ADMIN', 'CREDIT_OFFICER', 'APPROVER');

  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MASTER_VIDEO_MAX_BYTES, files: 1, fields: 2, fieldSize: 100, parts: 3 },
  });

  app.post(
    MASTER_SETUP_PATHS.upload,
    {
      config: { access: admins },
      schema: {
        tags,
        summary: 'Upload a new version of a master setup file (multipart: entityId, then file)',
        description:
          'Attestation videos: MP4 up to 50 MB. Public holidays: CSV `date,name` (YYYY-MM-DD) ' +
          'or iCalendar, dates in Malaysia, at most 100. Bank list: CSV `code,name,swiftCode` ' +
          '(Malaysian SWIFT codes). A refused file answers 422 with every bad line. The new ' +
          'version is inactive until activated.',
        consumes: ['multipart/form-data'],
        response: {
          201: MasterFileVersionSchema,
          422: MasterFileRefusalSchema,
          ...errorResponses(400, 401, 403, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      if (!request.isMultipart()) {
        throw new HttpError(415, 'Send the file as multipart/form-data');
      }
      let entityId: MasterEntityId | null = null;
      let upload: { originalFileName: string; bytes: Buffer } | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname === 'entityId' && typeof part.value === 'string') {
              const value = part.value.trim();
              if (!isEntityId(value)) throw new HttpError(400, 'Choose what the file sets up');
              entityId = value;
            }
            continue;
          }
          if (part.fieldname !== 'file' || upload) {
            part.file.resume();
            continue;
          }
          if (!entityId) {
            part.file.resume();
            throw new HttpError(400, 'Send entityId before the file');
          }
          const bytes = await part.toBuffer();
          if (part.file.truncated || bytes.length > maxBytesOf(entityId)) {
            throw new HttpError(
              413,
              sentence('The file is larger than {bytes} bytes', { bytes: maxBytesOf(entityId) }),
            );
          }
          if (bytes.length === 0) throw new HttpError(400, 'The file is empty');
          upload = { originalFileName: cleanFileName(part.filename), bytes };
        }
      } catch (error) {
        if (
          error instanceof Error &&
          !(error instanceof HttpError) &&
          MALFORMED_MULTIPART.test(error.message)
        ) {
          throw new HttpError(400, 'The upload is not well-formed multipart/form-data');
        }
        throw error;
      }
      if (!entityId || !upload) throw new HttpError(400, 'Choose a file to upload');
      try {
        const version = await service.upload(staff, request.tenant, entityId, upload, request.ip);
        return reply.code(201).send(version);
      } catch (error) {
        if (!(error instanceof MasterFileRefused)) throw error;
        const body: MasterFileRefusal = {
          statusCode: 422,
          error: 'Unprocessable Entity',
          // Every bad line is listed by its code: the screen words them; the sentence is worded here.
          message: refusalWords(request, reply, error.sentence),
          code: error.code,
          problems: error.problems,
        };
        return reply.code(422).send(body);
      }
    },
  );

  app.get(
    MASTER_SETUP_PATHS.entity(':entityId'),
    {
      config: { access: admins },
      schema: {
        tags,
        summary: 'A master setup entity: its active version and every version, newest first',
        params: EntityParamsSchema,
        response: { 200: MasterEntityViewSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.entity(request.tenant, request.params.entityId),
  );

  app.get(
    MASTER_SETUP_PATHS.file(':fileId'),
    {
      config: { access: admins },
      schema: {
        tags,
        summary: 'Download one version of a master setup file, as it was uploaded',
        params: FileParamsSchema,
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const { file, body } = await service.download(request.tenant, request.params.fileId);
      return reply
        .header('content-type', file.mimeType)
        .header('content-disposition', attachmentDisposition(file.originalFileName))
        .header('cache-control', 'private, no-store')
        .header('content-length', file.sizeBytes)
        .send(body);
    },
  );

  app.post(
    MASTER_SETUP_PATHS.activate(':fileId'),
    {
      config: { access: admins },
      schema: {
        tags,
        summary: 'Activate a version: apply it to the product, with an audit row',
        description:
          'The video becomes the one applicants stream; the calendar becomes the public ' +
          'holidays of the product settings (a new settings version); the bank list becomes the ' +
          'banks offered (banks left out are kept for the records that name them, not offered). ' +
          '`expectedActiveId` is the active version the admin saw: 409 when it changed.',
        params: FileParamsSchema,
        body: ActivateBodySchema,
        response: { 200: MasterEntityViewSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.activate(
        staffOf(request),
        request.tenant,
        request.params.fileId,
        request.body.expectedActiveId,
        request.ip,
      ),
  );

  app.get(
    MASTER_SETUP_PATHS.video(':fileId'),
    {
      config: { access: reviewers },
      schema: {
        tags,
        summary: 'Stream a video: a master setup version or an attestation video (HTTP Range)',
        description:
          '`Range: bytes=start-end` answers 206 with that part; a range outside the file ' +
          'answers 416; an unknown id answers 404 "Video Not Found".',
        params: FileParamsSchema,
        response: errorResponses(400, 401, 403, 404, 416),
      },
    },
    async (request, reply) =>
      sendVideo(
        reply,
        await service.videoStream(request.tenant, request.params.fileId, request.headers.range),
      ),
  );
};
