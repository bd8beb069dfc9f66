import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BANK_IN_SLIP_DECIDER_ROLES,
  BANK_IN_SLIP_MAX_BYTES,
  BANK_IN_SLIP_PATHS,
  BANK_IN_SLIP_READER_ROLES,
} from '@lending/contracts';
import type { FastifyRequest } from 'fastify';

import { access, applicantOf, type Principal } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import { asClientError, attachmentDisposition } from '../files/routes';
import { SLIP_FIELDS_FIRST, SLIP_NO_FILE, SLIP_NOT_MULTIPART } from './messages';
import {
  AgreementParams,
  QueueQuery,
  RejectSchema,
  SlipParams,
  SlipSchema,
  SlipsSchema,
  StaffSlipSchema,
  StaffSlipsSchema,
} from './schemas';
import type { SlipService, SlipUpload } from './service';

function staffOf(request: FastifyRequest): Extract<Principal, { kind: 'staff' }> {
  const principal = request.principal;
  if (principal?.kind !== 'staff') throw new HttpError(403, 'Forbidden');
  return principal;
}

/** Reads the form: the amount and the day first, then the slip, whole (5 MB at most). */
async function slipUpload(request: FastifyRequest): Promise<SlipUpload> {
  if (!request.isMultipart()) throw new HttpError(415, SLIP_NOT_MULTIPART);
  const fields: Record<string, string> = {};
  let upload: SlipUpload | null = null;
  try {
    upload = await readParts(request, fields);
  } catch (error) {
    throw asClientError(error);
  }
  if (!upload) throw new HttpError(400, SLIP_NO_FILE, 'VALIDATION_FAILED');
  return upload;
}

async function readParts(
  request: FastifyRequest,
  fields: Record<string, string>,
): Promise<SlipUpload | null> {
  let upload: SlipUpload | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value.trim();
      continue;
    }
    if (part.fieldname !== 'file' || upload) {
      part.file.resume();
      continue;
    }
    if (fields.amountSen === undefined || fields.paidOn === undefined) {
      part.file.resume();
      throw new HttpError(400, SLIP_FIELDS_FIRST, 'VALIDATION_FAILED');
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    upload = {
      amountSen: fields.amountSen,
      paidOn: fields.paidOn,
      fileName: part.filename,
      bytes: Buffer.concat(chunks),
      truncated: part.file.truncated,
    };
  }
  return upload;
}

/**
 * Bank-in slips: the borrower sends one for a payment made by bank transfer and reads their
 * loan's slips (another's loan answers 404); finance (and admin) decide; customer service reads
 * the queue and the slips without deciding.
 */
export const slipRoutes: FastifyPluginAsyncTypebox<{ service: SlipService }> = async (
  app,
  { service },
) => {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: BANK_IN_SLIP_MAX_BYTES, files: 1, fields: 4, fieldSize: 100, parts: 5 },
  });
  const tags = ['repayments'];

  app.get(
    BANK_IN_SLIP_PATHS.borrowerSlips(':agreementId'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'The bank-in slips the borrower sent for the loan, newest first',
        params: AgreementParams,
        response: { 200: SlipsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.slipsFor(applicantOf(request), request.params.agreementId),
  );

  app.post(
    BANK_IN_SLIP_PATHS.borrowerSlips(':agreementId'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'Sends a bank-in slip (multipart: amountSen, paidOn, then file)',
        description:
          'PDF, PNG or JPEG up to 5 MB, the type read from the content. The same slip, or a ' +
          'second one for the same amount and day, is refused while the first is not rejected.',
        consumes: ['multipart/form-data'],
        params: AgreementParams,
        response: { 201: SlipSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const borrower = applicantOf(request);
      // Someone else's loan is "not found" before anything of the form is read.
      await service.assertOwnLoan(borrower, request.params.agreementId);
      const upload = await slipUpload(request);
      const slip = await service.submit(borrower, request.params.agreementId, upload, request.ip);
      return reply.code(201).send(slip);
    },
  );

  app.get(
    BANK_IN_SLIP_PATHS.queue,
    {
      config: { access: access.staff(...BANK_IN_SLIP_READER_ROLES) },
      schema: {
        tags,
        summary: 'Bank-in slips waiting for a decision, oldest first (status=ALL: all, newest)',
        querystring: QueueQuery,
        response: { 200: StaffSlipsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      service.queue(staffOf(request), request.tenant, request.query.status === 'ALL'),
  );

  app.get(
    BANK_IN_SLIP_PATHS.file(':slipId'),
    {
      config: { access: access.staff(...BANK_IN_SLIP_READER_ROLES) },
      schema: {
        tags,
        summary: 'The slip itself (PDF or image), as a download',
        params: SlipParams,
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const file = await service.file(staffOf(request), request.params.slipId);
      reply.header('content-type', file.mimeType);
      reply.header('content-disposition', attachmentDisposition(file.fileName));
      reply.header('cache-control', 'private, no-store');
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(file.bytes);
    },
  );

  app.post(
    BANK_IN_SLIP_PATHS.approve(':slipId'),
    {
      config: { access: access.staff(...BANK_IN_SLIP_DECIDER_ROLES) },
      schema: {
        tags,
        summary: 'Approves a slip: books the payment, or above the limit awaits a second person',
        params: SlipParams,
        response: { 200: StaffSlipSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.approve(staffOf(request), request.params.slipId),
  );

  app.post(
    BANK_IN_SLIP_PATHS.reject(':slipId'),
    {
      config: { access: access.staff(...BANK_IN_SLIP_DECIDER_ROLES) },
      schema: {
        tags,
        summary: 'Rejects a slip with a reason the borrower is told',
        params: SlipParams,
        body: RejectSchema,
        response: { 200: StaffSlipSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.reject(staffOf(request), request.params.slipId, request.body),
  );
};
