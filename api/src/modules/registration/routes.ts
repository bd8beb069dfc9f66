import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BOT_CHECK_HEADER,
  type OnboardingRegisterRequest,
  REGISTRATION_PATHS,
} from '@lending/contracts';
import { Type } from '@sinclair/typebox';

import { access } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { LoginResponseSchema } from '../auth/schemas';
import {
  EligibilityBody,
  EligibilityResponse,
  OrganizationExistenceQuery,
  PartnerCheckQuery,
  RegisterBody,
  RegistrationDetailsSchema,
} from './schemas';
import type { RegistrationService } from './service';

export interface RegistrationRoutesOptions {
  service: RegistrationService;
  /** Registrations one address may attempt in 15 minutes. */
  registerPerIp: number;
  /** Live look-ups (business number, partner ID) one address may make in a minute. */
  lookupsPerMinute: number;
  /** Refuses a request without a live bot-check pass (without spending it). */
  requirePassedBotCheck: (token: string | undefined, ip: string) => Promise<void>;
}

const RegisterResponse = Type.Composite([
  LoginResponseSchema,
  Type.Object({
    organizationId: Type.String({ format: 'uuid' }),
    applicant: Type.Object({
      dateOfBirth: Type.String(),
      gender: Type.String(),
      age: Type.Integer(),
    }),
  }),
]);

/** Eligibility check and registration: the first steps of onboarding (spec sections 3 and 9). */
export const registrationRoutes: FastifyPluginAsyncTypebox<RegistrationRoutesOptions> = async (
  app,
  { service, registerPerIp, lookupsPerMinute, requirePassedBotCheck },
) => {
  const tags = ['onboarding'];

  app.post(
    REGISTRATION_PATHS.eligibilityCheck,
    {
      config: {
        access: access.public,
        rateLimit: { max: lookupsPerMinute, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary: 'Check the eligibility rules; every rule comes back with pass or its reason',
        description:
          'The telecom postpaid rule applies only to the tenants that ask for it (redcash); ' +
          "with the telecom sign-in's redOneJwt it takes the telecom's report of the line.",
        body: EligibilityBody,
        response: { 200: EligibilityResponse, ...errorResponses(400, 401, 429, 503) },
      },
    },
    async (request) => service.checkEligibility(request.tenant, request.body),
  );

  app.post(
    REGISTRATION_PATHS.register,
    {
      config: {
        access: access.public,
        rateLimit: { max: registerPerIp, timeWindow: '15 minutes' },
      },
      schema: {
        tags,
        summary: 'Register: the account and its organization in one step, then signed in',
        body: RegisterBody,
        response: { 201: RegisterResponse, ...errorResponses(400, 409, 429, 503) },
      },
      preValidation: async (request) => {
        const body = request.body as Record<string, unknown> | null;
        if (body && typeof body.applicantEmail === 'string') {
          body.applicantEmail = body.applicantEmail.trim().toLowerCase();
        }
      },
    },
    async (request, reply) => {
      const body = request.body as OnboardingRegisterRequest;
      return reply.code(201).send(await service.register(request.tenant, body, request.ip));
    },
  );

  app.get(
    REGISTRATION_PATHS.checkOrganizationExistence,
    {
      config: {
        access: access.public,
        rateLimit: { max: lookupsPerMinute, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary: 'Whether a business registration number is already registered (this tenant)',
        description: `Behind the bot check: a pass the person earned, in the \`${BOT_CHECK_HEADER}\` header (not spent by the check).`,
        querystring: OrganizationExistenceQuery,
        response: {
          200: Type.Object({ exists: Type.Boolean() }),
          ...errorResponses(400, 429, 503),
        },
      },
    },
    async (request) => {
      const pass = request.headers[BOT_CHECK_HEADER];
      await requirePassedBotCheck(typeof pass === 'string' ? pass : undefined, request.ip);
      return {
        exists: await service.businessExists(
          request.tenant,
          request.query.newBusinessRegistrationNo,
        ),
      };
    },
  );

  app.get(
    REGISTRATION_PATHS.details,
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: "The signed-in applicant's own registration, to start the application forms from",
        response: { 200: RegistrationDetailsSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => service.details((request.principal as { userId: string }).userId),
  );

  app.get(
    REGISTRATION_PATHS.checkPartner,
    {
      config: {
        access: access.public,
        rateLimit: { max: lookupsPerMinute, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary: 'Whether a partner ID is one we know',
        querystring: PartnerCheckQuery,
        response: { 200: Type.Object({ valid: Type.Boolean() }), ...errorResponses(400, 429) },
      },
    },
    async (request) => ({ valid: await service.partnerIsValid(request.query.partnerId) }),
  );
};
