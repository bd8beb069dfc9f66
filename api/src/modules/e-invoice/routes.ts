import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { E_INVOICE_PATHS } from '@lending/contracts';
import { Type } from '@sinclair/typebox';

import { access, applicantOf, assertSelfOrStaff } from '../../http/access';
import { errorResponses } from '../../http/schema';
import type { EInvoiceService } from './service';

export interface EInvoiceRoutesOptions {
  service: EInvoiceService;
  /** TIN checks one account may ask for in fifteen minutes. */
  checksPerAccount?: number;
}

const TinNumber = Type.String({
  // Longer than any TIN, so the tax authority (not the schema) says which are unknown.
  pattern: '^\\s*[A-Za-z0-9]{1,20}\\s*$',
  'x-sentences': {
    required: 'Please enter your TIN',
    pattern: 'Please enter a valid TIN',
  },
});

const ValidateTinResponse = Type.Object({
  tinNumber: Type.String(),
  valid: Type.Boolean(),
  stored: Type.Boolean(),
});

/** The e-invoice TIN page (spec section 2): check a TIN with the tax authority and keep it. */
export const eInvoiceRoutes: FastifyPluginAsyncTypebox<EInvoiceRoutesOptions> = async (
  app,
  { service, checksPerAccount = 10 },
) => {
  const tags = ['users'];
  // Each check is a call to the tax authority: counted per account like the verification codes,
  // after access is checked, so one office's shared address does not spend its neighbours' tries.
  const rateLimit = {
    max: checksPerAccount,
    timeWindow: '15 minutes',
    keyGenerator: (request: { principal: unknown }) =>
      `tin-check:${(request.principal as { userId: string }).userId}`,
  };

  app.post(
    E_INVOICE_PATHS.validateTin,
    {
      config: { access: access.applicant, rateLimit },
      schema: {
        tags,
        summary: "Check the signed-in user's TIN with the tax authority; a valid one is kept",
        description:
          "Checked against the identity of the user's own registration (MyKad or passport for " +
          'an `IG` TIN, the business registration number otherwise). Once a TIN is kept it is ' +
          'not changed here (409).',
        body: Type.Object({ tinNumber: TinNumber }),
        response: { 200: ValidateTinResponse, ...errorResponses(400, 401, 409, 429, 503) },
      },
    },
    async (request) => service.validate(applicantOf(request), request.body.tinNumber, request.ip),
  );

  app.patch(
    '/arkcash/api/v1.0/user/:userId/tinNumber',
    {
      config: { access: access.applicant, rateLimit },
      schema: {
        tags,
        summary: 'Keep the tax identification number, once the tax authority knows it',
        params: Type.Object({ userId: Type.String({ format: 'uuid' }) }),
        body: Type.Object({ tinNumber: TinNumber }),
        response: {
          200: Type.Ref('UserDetails'),
          ...errorResponses(400, 401, 404, 409, 422, 429, 503),
        },
      },
    },
    async (request) => {
      assertSelfOrStaff(request, request.params.userId);
      return service.store(applicantOf(request), request.body.tinNumber, request.ip);
    },
  );
};
