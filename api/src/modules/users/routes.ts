import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_PATHS } from '@lending/contracts';
import { Type } from '@sinclair/typebox';

import { access, applicantOf, assertSelfOrStaff } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { PasswordField } from '../../http/schema';
import type { AuthRateLimits } from '../../kernel/config';
import type { UserService } from './service';

export interface UserRoutesOptions {
  service: UserService;
  limits: AuthRateLimits;
  /** Refuses a request without a live bot-check pass (without spending it). */
  requirePassedBotCheck: (token: string | undefined, ip: string) => Promise<void>;
}

const UserIdParams = Type.Object({ userId: Type.String({ format: 'uuid' }) });
const user = { 200: Type.Ref('UserDetails') };

export const userRoutes: FastifyPluginAsyncTypebox<UserRoutesOptions> = async (
  app,
  { service, limits, requirePassedBotCheck },
) => {
  const tags = ['users'];

  app.get(
    AUTH_PATHS.userMe,
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'The signed-in applicant',
        response: { ...user, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.get(applicantOf(request).userId),
  );

  app.get(
    '/arkcash/api/v1.0/user/:userId',
    {
      config: { access: access.applicantOrStaff() },
      schema: {
        tags,
        summary: 'A user: applicants read only themselves',
        params: UserIdParams,
        response: { ...user, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      assertSelfOrStaff(request, request.params.userId);
      return service.get(request.params.userId);
    },
  );

  app.patch(
    '/arkcash/api/v1.0/user/:userId/email',
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'Change the sign-in email',
        params: UserIdParams,
        body: Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) }),
        response: { ...user, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      assertSelfOrStaff(request, request.params.userId);
      return service.updateEmail(
        request.params.userId,
        request.body.email,
        applicantOf(request),
        request.ip,
      );
    },
  );

  app.patch(
    AUTH_PATHS.updatePassword,
    {
      config: {
        access: access.applicant,
        rateLimit: { max: limits.loginPerAccount * 2, timeWindow: '15 minutes' },
      },
      schema: {
        tags,
        summary: 'Change password (other sessions of the user end)',
        body: Type.Object({ currentPassword: PasswordField, newPassword: PasswordField }),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      await service.updatePassword(
        applicantOf(request),
        request.body.currentPassword,
        request.body.newPassword,
        request.ip,
      );
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/arkcash/api/v1.0/user/application-created/:userId',
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'Record when the user first started an application',
        params: UserIdParams,
        response: { ...user, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      assertSelfOrStaff(request, request.params.userId);
      return service.markApplicationCreated(request.params.userId);
    },
  );

  app.delete(
    '/arkcash/api/v1.0/user/:userId',
    {
      config: { access: access.applicantOrStaff('ADMIN') },
      schema: {
        tags,
        summary: 'Close an account (the user, or an admin)',
        params: UserIdParams,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      assertSelfOrStaff(request, request.params.userId);
      await service.remove(request.params.userId, request.principal!, request.ip);
      return reply.code(204).send(null);
    },
  );

  app.post(
    AUTH_PATHS.checkEmailExisted,
    {
      config: {
        access: access.public,
        rateLimit: { max: limits.checkEmailPerIp, timeWindow: '10 minutes' },
      },
      schema: {
        tags,
        summary: 'Whether an email or phone number already has an account (registration form)',
        description:
          'Behind the bot check: a pass the person earned, not spent by the check. The spec put ' +
          'the email and phone number in the address; they are sent in the body.',
        body: Type.Object({
          email: Type.String({ maxLength: 254 }),
          phoneNo: Type.String({ maxLength: 16 }),
          captchaToken: Type.Optional(Type.String({ maxLength: 4096 })),
        }),
        response: {
          200: Type.Object({ emailExisted: Type.Boolean(), phoneNoExisted: Type.Boolean() }),
          ...errorResponses(400, 429, 503),
        },
      },
    },
    async (request) => {
      await requirePassedBotCheck(request.body.captchaToken, request.ip);
      return service.checkEmailExisted(request.tenant, request.body.email, request.body.phoneNo);
    },
  );
};
