import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONTACT_PATHS } from '@lending/contracts';

import { access } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { ContactMessageBodySchema, ContactMessageCreatedSchema } from './schemas';
import type { ContactService } from './service';

export interface ContactRoutesOptions {
  service: ContactService;
  /** Messages one client may send in ten minutes. */
  rateLimit: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The contact-us form: a message for the support team, kept per tenant. */
export const contactRoutes: FastifyPluginAsyncTypebox<ContactRoutesOptions> = async (
  app,
  { service, rateLimit },
) => {
  app.post(
    CONTACT_PATHS.contactUs,
    {
      config: { access: access.public, rateLimit: { max: rateLimit, timeWindow: '10 minutes' } },
      schema: {
        tags: ['help'],
        summary: 'Send a message to the support team',
        description:
          'The email is trimmed and lower-cased and the comments trimmed before they are checked.',
        body: ContactMessageBodySchema,
        response: { 201: ContactMessageCreatedSchema, ...errorResponses(400, 413, 429) },
      },
      // Normalise before validation, so "  Aisyah@Example.com " is accepted as it will be kept
      // and comments made only of spaces count as empty.
      preValidation: async (request) => {
        const body: unknown = request.body;
        if (!isRecord(body)) return;
        if (typeof body.email === 'string') body.email = body.email.trim().toLowerCase();
        if (typeof body.comments === 'string') body.comments = body.comments.trim();
        if (typeof body.name === 'string') body.name = body.name.trim();
      },
    },
    async (request, reply) => {
      const created = await service.send(request.tenant, request.body);
      return reply.code(201).send(created);
    },
  );
};
