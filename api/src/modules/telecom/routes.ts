import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_PATHS } from '@lending/contracts';

import type { SandboxTelecomIdentity } from '../../adapters/telecom-identity/sandbox';
import { access, bearerToken } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { notFound } from '../../kernel/errors';
import { MessageSchema, TokenPairSchema } from '../auth/schemas';
import { isLoopback } from '../sandbox/routes';
import {
  CepLoginBody,
  FirstLoginBody,
  FirstLoginResponseSchema,
  ResetPasswordBody,
  SandboxSubscribersResponse,
  ValidateNricBody,
  ValidateNricResponse,
} from './schemas';
import { TELECOM_TENANT, type TelecomService } from './service';

export interface TelecomRoutesOptions {
  service: TelecomService;
  /** Present when the sandbox telecom is the one in use: its directory page is served. */
  sandbox: SandboxTelecomIdentity | null;
  /** Serve the sandbox directory to every client, not only to this machine's (as the outbox). */
  sandboxPublic: boolean;
  limits: { loginPerIp: number; resetPerIp: number };
}

/** The telecom tenant's sign-in paths (spec section 7, core). */
export const telecomRoutes: FastifyPluginAsyncTypebox<TelecomRoutesOptions> = async (
  app,
  { service, sandbox, sandboxPublic, limits },
) => {
  const perIp = (max: number, timeWindow: string) => ({ rateLimit: { max, timeWindow } });
  const tags = ['telecom'];
  // The other tenant has no telecom customers: the paths do not exist there.
  const onlyRedcash = async (request: { tenant: string }) => {
    if (request.tenant !== TELECOM_TENANT) throw notFound('Not Found');
  };

  app.post(
    AUTH_PATHS.redOneFirstLogin,
    {
      config: { access: access.public, ...perIp(limits.loginPerIp, '15 minutes') },
      schema: {
        tags,
        summary:
          "Sign in with the telecom account (line number and the telecom's password); an " +
          'account of ours with the same phone number and NRIC is signed in, otherwise the ' +
          'person registers with the number carried over (redcash only)',
        body: FirstLoginBody,
        response: { 200: FirstLoginResponseSchema, ...errorResponses(400, 401, 404, 429, 503) },
      },
      onRequest: onlyRedcash,
    },
    async (request) => service.firstLogin(request.body, request.ip),
  );

  app.post(
    AUTH_PATHS.redOneValidateNric,
    {
      // The bearer is the redOne token of the telecom sign-in, checked by the service.
      config: { access: access.public, ...perIp(limits.loginPerIp, '15 minutes') },
      schema: {
        tags,
        summary:
          'Check an NRIC against the one the telecom holds for the signed-in line ' +
          '(`Authorization: Bearer <redOneJwt>`); answers the line type and postpaid tenure',
        body: ValidateNricBody,
        response: { 200: ValidateNricResponse, ...errorResponses(400, 401, 404, 429, 503) },
      },
      onRequest: onlyRedcash,
    },
    async (request) => service.validateNric(bearerToken(request), request.body.nric, request.ip),
  );

  app.post(
    AUTH_PATHS.redOneResetPassword,
    {
      config: { access: access.public, ...perIp(limits.resetPerIp, '1 hour') },
      schema: {
        tags,
        summary:
          'Ask the telecom to text the line a new password (the same answer whether or not ' +
          'the number is the telecom’s)',
        body: ResetPasswordBody,
        response: { 200: MessageSchema, ...errorResponses(400, 404, 429, 503) },
      },
      onRequest: onlyRedcash,
    },
    async (request) => service.resetPassword(request.body.callerId, request.ip),
  );

  app.post(
    AUTH_PATHS.cepLogin,
    {
      config: { access: access.public, ...perIp(limits.loginPerIp, '15 minutes') },
      schema: {
        tags,
        summary:
          "Sign in with the telecom's customer-portal login; answers tokens only, the access " +
          'token naming the user (redcash only)',
        body: CepLoginBody,
        response: { 200: TokenPairSchema, ...errorResponses(400, 401, 404, 429, 503) },
      },
      onRequest: onlyRedcash,
    },
    async (request) => service.cepLogin(request.body, request.ip),
  );

  if (sandbox) {
    app.get(
      AUTH_PATHS.sandboxTelecomSubscribers,
      {
        config: { access: access.public },
        schema: {
          tags: ['sandbox'],
          summary: "The sandbox telecom's lines and their current passwords (this machine only)",
          response: { 200: SandboxSubscribersResponse, ...errorResponses(404) },
        },
      },
      async (request) => {
        if (!sandboxPublic && !isLoopback(request.ip)) throw notFound('Not Found');
        return sandbox.directory().map((line) => ({
          callerId: line.callerId,
          name: line.name,
          nric: line.nric,
          accountType: line.accountType,
          postpaidTenureMonths: line.postpaidTenureMonths,
          portalEmail: line.portalEmail,
          password: line.password,
        }));
      },
    );
  }
};
