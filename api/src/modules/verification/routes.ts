import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { REGISTRATION_PATHS } from '@lending/contracts';

import { access } from '../../http/access';
import { errorResponses } from '../../http/schema';
import {
  ChannelParams,
  SendCodeResponseSchema,
  VerificationStatusSchema,
  VerifyBody,
} from './schemas';
import type { VerificationService } from './service';

export interface VerificationRoutesOptions {
  service: VerificationService;
}

/** Codes that prove the applicant reads their email and their phone (spec section 5: OTP). */
export const verificationRoutes: FastifyPluginAsyncTypebox<VerificationRoutesOptions> = async (
  app,
  { service },
) => {
  const tags = ['onboarding'];
  const userId = (request: { principal: unknown }) =>
    (request.principal as { userId: string }).userId;
  // Counted per account, not per address: people behind one office or mobile-carrier address
  // must not use up each other's codes. The route is for signed-in applicants only, and access is
  // checked before the count.
  const perAccount = (max: number) => ({
    max,
    timeWindow: '15 minutes',
    keyGenerator: (request: { principal: unknown }) => `verification:${userId(request)}`,
  });

  app.post(
    '/api/verification/:channel/send',
    {
      config: { access: access.applicant, rateLimit: perAccount(10) },
      schema: {
        tags,
        summary: 'Send a 6-digit code to the account email or phone (valid 10 minutes)',
        description: 'A new code can be asked for 60 seconds after the last one.',
        params: ChannelParams,
        response: { 200: SendCodeResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => service.send(userId(request), request.params.channel),
  );

  app.post(
    '/api/verification/:channel/verify',
    {
      config: { access: access.applicant, rateLimit: perAccount(30) },
      schema: {
        tags,
        summary: 'Check a code; 5 wrong tries and a new code is needed',
        params: ChannelParams,
        body: VerifyBody,
        response: { 200: VerificationStatusSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => service.verify(userId(request), request.params.channel, request.body.code),
  );

  app.get(
    REGISTRATION_PATHS.verificationStatus,
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'Which of the account email and phone are verified',
        response: { 200: VerificationStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.status(userId(request)),
  );
};
