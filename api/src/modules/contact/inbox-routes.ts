import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONTACT_INBOX_PATHS, CONTACT_INBOX_ROLES } from '@lending/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { access, type Principal } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import {
  ContactAnswerSchema,
  ContactAssignSchema,
  ContactCloseSchema,
  ContactInboxPageSchema,
  ContactInboxQuerySchema,
  ContactMessageDetailSchema,
  ContactMessageParams,
  ContactReplyParams,
} from './schemas';
import type { ContactService } from './service';

export interface ContactInboxRoutesOptions {
  service: ContactService;
}

function staffOf(request: FastifyRequest): Extract<Principal, { kind: 'staff' }> {
  const principal = request.principal;
  if (principal?.kind !== 'staff') throw new HttpError(401, 'Unauthorized');
  return principal;
}

/** Senders' names, addresses and words: neither the browser nor a proxy keeps a copy. */
const privately = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

const detail = { 200: ContactMessageDetailSchema };

/** The back office's contact inbox: customer service and admins only. */
export const contactInboxRoutes: FastifyPluginAsyncTypebox<ContactInboxRoutesOptions> = async (
  app,
  { service },
) => {
  const tags = ['staff'];
  const config = { access: access.staff(...CONTACT_INBOX_ROLES) };

  app.get(
    CONTACT_INBOX_PATHS.list,
    {
      config,
      schema: {
        tags,
        summary:
          'Messages sent from the contact page, newest first, paged and filtered by status ' +
          '(`OPEN`: not closed), who holds them (`me`, `none`, a staff id), brand and text',
        querystring: ContactInboxQuerySchema,
        response: { 200: ContactInboxPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      privately(reply);
      return service.list(staffOf(request), request.query);
    },
  );

  app.get(
    CONTACT_INBOX_PATHS.detail(':messageId'),
    {
      config,
      schema: {
        tags,
        summary: 'One message and its thread (the answers sent); audited',
        params: ContactMessageParams,
        response: { ...detail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      privately(reply);
      return service.read(staffOf(request), request.params.messageId, request.ip);
    },
  );

  app.post(
    CONTACT_INBOX_PATHS.assign(':messageId'),
    {
      config,
      schema: {
        tags,
        summary:
          'Give an open message to a customer service member or admin, on the version read ' +
          '(409 CONTACT_MESSAGE_CHANGED when it moved on); audited',
        params: ContactMessageParams,
        body: ContactAssignSchema,
        response: { ...detail, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      privately(reply);
      return service.assign(staffOf(request), request.params.messageId, request.body, request.ip);
    },
  );

  app.post(
    CONTACT_INBOX_PATHS.answer(':messageId'),
    {
      config,
      schema: {
        tags,
        summary:
          'Answer the sender by email, in their language; the answer is kept in the thread ' +
          '(502 CONTACT_REPLY_NOT_SENT when the email could not leave: send it again); audited',
        params: ContactMessageParams,
        body: ContactAnswerSchema,
        response: { ...detail, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request, reply) => {
      privately(reply);
      return service.answer(staffOf(request), request.params.messageId, request.body, request.ip);
    },
  );

  app.post(
    CONTACT_INBOX_PATHS.resend(':messageId', ':replyId'),
    {
      config,
      schema: {
        tags,
        summary: 'Email again an answer whose email did not leave; audited',
        params: ContactReplyParams,
        response: { ...detail, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request, reply) => {
      privately(reply);
      const { messageId, replyId } = request.params;
      return service.resend(staffOf(request), messageId, replyId, request.ip);
    },
  );

  app.post(
    CONTACT_INBOX_PATHS.close(':messageId'),
    {
      config,
      schema: {
        tags,
        summary: 'Close a message (a note for the audit log may say why); audited',
        params: ContactMessageParams,
        body: ContactCloseSchema,
        response: { ...detail, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      privately(reply);
      return service.close(staffOf(request), request.params.messageId, request.body, request.ip);
    },
  );
};
