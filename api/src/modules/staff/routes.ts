import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { STAFF_PATHS } from '@lending/contracts';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';

import { access } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import {
  CreateStaffBody,
  LinkTokenBody,
  SetPasswordBody,
  SetRolesBody,
  StaffIdParams,
  StaffListSchema,
  StaffMemberSchema,
} from './schemas';
import type { Actor, StaffService } from './service';

export interface StaffRoutesOptions {
  service: StaffService;
  /** Set-password attempts from one address in an hour. */
  linkPerIp: number;
}

function actorOf(request: FastifyRequest): Actor {
  const principal = request.principal;
  if (principal?.kind !== 'staff') throw new HttpError(401, 'Unauthorized');
  return { staffId: principal.staffId, ip: request.ip };
}

function normalizeEmailField(request: { body: unknown }): void {
  const body = request.body as Record<string, unknown> | null;
  if (body && typeof body.email === 'string') body.email = body.email.trim().toLowerCase();
}

export const staffRoutes: FastifyPluginAsyncTypebox<StaffRoutesOptions> = async (
  app,
  { service, linkPerIp },
) => {
  const tags = ['staff'];
  const admin = access.staff('ADMIN');
  const member = { 200: StaffMemberSchema };

  app.get(
    STAFF_PATHS.list,
    {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Every staff member, disabled ones too',
        response: { 200: StaffListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ items: await service.list() }),
  );

  app.post(
    STAFF_PATHS.create,
    {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Open a staff account; the member is emailed a link to choose a password',
        body: CreateStaffBody,
        response: { 201: StaffMemberSchema, ...errorResponses(400, 401, 403, 409) },
      },
      preValidation: async (request) => normalizeEmailField(request),
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(actorOf(request), request.body)),
  );

  app.put(
    '/arkcash/admin/api/v1.0/staff/:staffId/roles',
    {
      config: { access: admin },
      schema: {
        tags,
        summary: 'The roles a member holds from now on; a role taken away ends their sessions',
        params: StaffIdParams,
        body: SetRolesBody,
        response: { ...member, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.setRoles(actorOf(request), request.params.staffId, request.body.roles),
  );

  app.post(
    '/arkcash/admin/api/v1.0/staff/:staffId/disable',
    {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Disable a member: their sessions end at once (never oneself or the last admin)',
        params: StaffIdParams,
        response: { ...member, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.disable(actorOf(request), request.params.staffId),
  );

  app.post(
    '/arkcash/admin/api/v1.0/staff/:staffId/enable',
    {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Let a disabled member sign in again',
        params: StaffIdParams,
        response: { ...member, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.enable(actorOf(request), request.params.staffId),
  );

  app.post(
    '/arkcash/admin/api/v1.0/staff/:staffId/password-link',
    {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Email the member a single-use link to choose a new password',
        params: StaffIdParams,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.sendPasswordLink(actorOf(request), request.params.staffId);
      return reply.code(204).send(null);
    },
  );

  const perIp = { rateLimit: { max: linkPerIp, timeWindow: '1 hour' } };

  app.post(
    STAFF_PATHS.checkPasswordLink,
    {
      config: { access: access.public, ...perIp },
      schema: {
        tags,
        summary: 'Whether a set-password link can still be used',
        body: LinkTokenBody,
        response: { 200: Type.Object({ valid: Type.Boolean() }), ...errorResponses(400, 429) },
      },
    },
    async (request) => ({ valid: await service.checkLink(request.body.token) }),
  );

  app.post(
    STAFF_PATHS.setPassword,
    {
      // The emailed link's token is the proof, checked by the service.
      config: { access: access.public, ...perIp },
      schema: {
        tags,
        summary: "Choose a password with the emailed link's token (works once)",
        body: SetPasswordBody,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      await service.setPassword(request.body.token, request.body.password, request.ip);
      return reply.code(204).send(null);
    },
  );
};
