import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_PATHS, type RegisterRequest, STAFF_PATHS } from '@lending/contracts';
import { Type } from '@sinclair/typebox';

import type { CaptchaProvider } from '../../adapters/captcha/port';
import { access, bearerToken } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import { SecondFactorBody, StaffLoginStepSchema, StaffSignedInSchema } from '../staff/schemas';
import {
  CheckResetTokenBody,
  LoginBody,
  LoginResponseSchema,
  MessageSchema,
  RefreshBody,
  RegisterBody,
  ResetPasswordBody,
  ResetRequestBody,
  StaffLoginBody,
  TokenPairSchema,
} from './schemas';
import type { AuthRateLimits, AuthService } from './service';

export interface AuthRoutesOptions {
  service: AuthService;
  captcha: CaptchaProvider;
  limits: AuthRateLimits;
}

function normalizeEmailField(request: { body: unknown }): void {
  const body = request.body as Record<string, unknown> | null;
  if (body && typeof body.email === 'string') body.email = body.email.trim().toLowerCase();
}

export const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (
  app,
  { service, captcha, limits },
) => {
  const perIp = (max: number, timeWindow: string) => ({ rateLimit: { max, timeWindow } });
  const tags = ['auth'];

  const registerRoute = (url: string, language?: 'EN' | 'MS', tenant?: 'redcash') =>
    app.post(
      url,
      {
        config: { access: access.public, ...perIp(limits.loginPerIp, '15 minutes') },
        schema: {
          tags,
          summary: 'Open an account and sign in',
          body: RegisterBody,
          response: { 201: LoginResponseSchema, ...errorResponses(400, 409, 429) },
        },
        preValidation: async (request) => normalizeEmailField(request),
      },
      async (request, reply) => {
        const body = request.body as RegisterRequest;
        const result = await service.register(tenant ?? request.tenant, body, request.ip, language);
        return reply.code(201).send(result);
      },
    );

  registerRoute(AUTH_PATHS.register);
  registerRoute(AUTH_PATHS.createRedcashUser, undefined, 'redcash');
  app.post(
    '/arkcash/api/v1.0/user/:language',
    {
      config: { access: access.public, ...perIp(limits.loginPerIp, '15 minutes') },
      schema: {
        tags,
        summary: 'Open an account in the language of the path (EN or MS) and sign in',
        params: Type.Object({
          language: Type.String({ pattern: '^(EN|MS|en|ms)$', 'x-message': 'must be EN or MS' }),
        }),
        body: RegisterBody,
        response: { 201: LoginResponseSchema, ...errorResponses(400, 409, 429) },
      },
      preValidation: async (request) => normalizeEmailField(request),
    },
    async (request, reply) => {
      const language = request.params.language.toUpperCase() as 'EN' | 'MS';
      const body = request.body as RegisterRequest;
      return reply
        .code(201)
        .send(await service.register(request.tenant, body, request.ip, language));
    },
  );

  app.post(
    AUTH_PATHS.login,
    {
      config: { access: access.public, ...perIp(limits.loginPerIp, '15 minutes') },
      schema: {
        tags,
        summary: 'Sign in with email, password and a passed bot check',
        body: LoginBody,
        response: { 200: LoginResponseSchema, ...errorResponses(400, 401, 429) },
      },
      preValidation: async (request) => normalizeEmailField(request),
    },
    async (request) =>
      service.login(request.tenant, request.body, request.ip, {
        captchaRequired: true,
      }),
  );

  app.post(
    AUTH_PATHS.refresh,
    {
      config: { access: access.public, ...perIp(limits.loginPerIp * 4, '15 minutes') },
      schema: {
        tags,
        summary: 'Swap a refresh token for a new pair (each refresh token works once)',
        body: RefreshBody,
        response: { 200: TokenPairSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => service.refresh(request.body.refreshToken, request.ip),
  );

  app.post(
    AUTH_PATHS.logout,
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'End the session the refresh token belongs to',
        body: RefreshBody,
        response: { 204: Type.Null(), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      await service.logout(request.body.refreshToken, request.ip);
      return reply.code(204).send(null);
    },
  );

  app.post(
    AUTH_PATHS.requestResetPassword,
    {
      config: { access: access.public, ...perIp(limits.resetPerIp, '1 hour') },
      schema: {
        tags,
        summary: 'Email a reset link (the same answer whether or not the account exists)',
        body: ResetRequestBody,
        response: { 200: MessageSchema, ...errorResponses(400, 429) },
      },
      preValidation: async (request) => normalizeEmailField(request),
    },
    async (request) => service.requestPasswordReset(request.tenant, request.body, request.ip),
  );

  app.post(
    AUTH_PATHS.checkResetToken,
    {
      config: { access: access.public, ...perIp(limits.resetPerIp * 3, '1 hour') },
      schema: {
        tags,
        summary: 'Whether a reset link can still be used',
        body: CheckResetTokenBody,
        response: { 200: Type.Object({ valid: Type.Boolean() }), ...errorResponses(400, 429) },
      },
    },
    async (request) => ({ valid: await service.checkResetToken(request.body.token) }),
  );

  app.patch(
    AUTH_PATHS.resetPassword,
    {
      // The bearer here is the emailed reset token, checked by the service.
      config: { access: access.public, ...perIp(limits.resetPerIp * 3, '1 hour') },
      schema: {
        tags,
        summary: 'Choose a new password with the emailed reset token as bearer',
        body: ResetPasswordBody,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      await service.resetPassword(bearerToken(request), request.body.password, request.ip);
      return reply.code(204).send(null);
    },
  );

  app.post(
    AUTH_PATHS.staffLogin,
    {
      config: { access: access.public, ...perIp(limits.loginPerIp, '15 minutes') },
      schema: {
        tags: ['staff'],
        summary:
          'Back-office sign-in, first step: a correct password answers with the second step ' +
          '(enrol an authenticator app, or give its code)',
        body: StaffLoginBody,
        response: { 200: StaffLoginStepSchema, ...errorResponses(400, 401, 429) },
      },
      preValidation: async (request) => normalizeEmailField(request),
    },
    async (request) => service.staffLogin(request.body, request.ip),
  );

  app.post(
    STAFF_PATHS.secondFactor,
    {
      config: { access: access.public, ...perIp(limits.loginPerIp, '15 minutes') },
      schema: {
        tags: ['staff'],
        summary:
          'Back-office sign-in, second step: the challenge and a code from the authenticator ' +
          'app or a recovery code; the access token carries the staff id and roles',
        body: SecondFactorBody,
        response: { 200: StaffSignedInSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => service.staffSecondFactor(request.body, request.ip),
  );

  app.post(
    AUTH_PATHS.staffRefresh,
    {
      config: { access: access.public, ...perIp(limits.loginPerIp * 4, '15 minutes') },
      schema: {
        tags: ['staff'],
        summary:
          'Swap a staff refresh token for a new pair (each works once; unused for 30 minutes, it ends)',
        body: RefreshBody,
        response: { 200: TokenPairSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => service.staffRefresh(request.body.refreshToken, request.ip),
  );

  app.post(
    AUTH_PATHS.staffLogout,
    {
      config: { access: access.public },
      schema: {
        tags: ['staff'],
        summary: 'End a staff session',
        body: RefreshBody,
        response: { 204: Type.Null(), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      await service.staffLogout(request.body.refreshToken, request.ip);
      return reply.code(204).send(null);
    },
  );

  app.get(
    AUTH_PATHS.captchaConfig,
    {
      config: { access: access.public },
      schema: {
        tags: ['captcha'],
        summary: 'Which bot check the forms show',
        response: {
          200: Type.Object({
            provider: Type.String(),
            siteKey: Type.Union([Type.String(), Type.Null()]),
          }),
        },
      },
    },
    async () => ({ provider: captcha.kind, siteKey: captcha.siteKey }),
  );

  app.post(
    AUTH_PATHS.captchaVerify,
    {
      config: { access: access.public, ...perIp(limits.captchaVerifyPerIp, '1 minute') },
      schema: {
        tags: ['captcha'],
        summary: 'Whether a bot-check token is a live pass (does not spend it)',
        body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 4096 }) }),
        response: {
          200: Type.Object({ success: Type.Boolean() }),
          ...errorResponses(400, 429, 503),
        },
      },
    },
    async (request) => {
      try {
        return { success: await captcha.check(request.body.token, request.ip) };
      } catch (error) {
        request.log.error({ err: error }, 'captcha provider failed');
        throw new HttpError(503, 'The bot check is unavailable, please try again');
      }
    },
  );
};
