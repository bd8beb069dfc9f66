import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_USER_PATHS, USER_ADMIN_ROLES, USER_AUTH_ADMIN_ROLES } from '@lending/contracts';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';

import { access, type Principal } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import {
  AdminUpdateAuthSchema,
  AdminUpdateUserSchema,
  AdminUserDetailSchema,
  AdminUserPageSchema,
  AdminUserQuerySchema,
  UserIdParams,
} from './schemas';
import type { UserAdminService } from './service';

export interface UserAdminRoutesOptions {
  service: UserAdminService;
}

function staffOf(request: FastifyRequest): Extract<Principal, { kind: 'staff' }> {
  const principal = request.principal;
  if (principal?.kind !== 'staff') throw new HttpError(401, 'Unauthorized');
  return principal;
}

const user = { 200: Type.Ref('UserDetails') };

export const userAdminRoutes: FastifyPluginAsyncTypebox<UserAdminRoutesOptions> = async (
  app,
  { service },
) => {
  const tags = ['staff'];
  const readers = access.staff(...USER_ADMIN_ROLES);

  app.get(
    ADMIN_USER_PATHS.search,
    {
      config: { access: readers },
      schema: {
        tags,
        summary:
          'Applicants, newest first: all of them, or those whose name, email, phone number or ' +
          'whole identity card number matches `q`',
        querystring: AdminUserQuerySchema,
        response: { 200: AdminUserPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.search(request.query),
  );

  app.get(
    ADMIN_USER_PATHS.detail(':userId'),
    {
      config: { access: readers },
      schema: {
        tags,
        summary:
          'An applicant: the profile, applications, agreements, loan accounts, consents and ' +
          'latest sign-in sessions',
        params: UserIdParams,
        response: { 200: AdminUserDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.detail(staffOf(request), request.params.userId),
  );

  app.patch(
    ADMIN_USER_PATHS.update(':userId'),
    {
      config: { access: readers },
      schema: {
        tags,
        summary:
          "Change an applicant's profile (only the fields sent; `null` clears). Audited with the " +
          'old and new value of each field that changed',
        params: UserIdParams,
        body: AdminUpdateUserSchema,
        response: { ...user, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updateProfile(staffOf(request), request.params.userId, request.body, request.ip),
  );

  app.patch(
    ADMIN_USER_PATHS.updateAuthOnly(':userId'),
    {
      config: { access: access.staff(...USER_AUTH_ADMIN_ROLES) },
      schema: {
        tags,
        summary:
          'Change only what an applicant signs in with: email, mobile number, password. Every ' +
          'session of theirs ends; audited (never the password)',
        params: UserIdParams,
        body: AdminUpdateAuthSchema,
        response: { ...user, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.updateSignIn(staffOf(request), request.params.userId, request.body, request.ip),
  );
};
