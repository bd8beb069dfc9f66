import { randomBytes } from 'node:crypto';

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MANDATE_PATHS } from '@lending/contracts';
import type { FastifyReply } from 'fastify';

import type { SandboxEmandate } from '../../adapters/emandate/sandbox';
import { access } from '../../http/access';
import { errorBody } from '../../kernel/errors';
import { bankDonePage, bankFormPage, bankLinkPage, bankText } from './bank-page';
import { BankDecisionBodySchema, BankPageParamsSchema } from './schemas';
import type { MandateService } from './service';

function html(reply: FastifyReply, status: number, render: (nonce: string) => string) {
  const nonce = randomBytes(16).toString('base64');
  return reply
    .code(status)
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    )
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(render(nonce));
}

const wantsJson = (accept: string | undefined) => Boolean(accept?.includes('application/json'));

/** The sandbox bank's page, where the payer approves or rejects the mandate. */
export const sandboxEmandateRoutes: FastifyPluginAsyncTypebox<{
  provider: SandboxEmandate;
  service: MandateService;
}> = async (app, { provider, service }) => {
  // The bank's page posts a plain form; only this plugin reads that encoding.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  const bankName = (code: string) =>
    provider.banks().find((bank) => bank.code === code)?.name ?? code;

  app.get(
    MANDATE_PATHS.sandboxBank(':token'),
    {
      config: { access: access.public, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['sandbox'],
        summary: 'The sandbox bank’s mandate authorisation page',
        params: BankPageParamsSchema,
        hide: true,
      },
    },
    async (request, reply) => {
      const link = await provider.openPage(request.params.token);
      if (!link.ok) {
        return html(reply, link.reason === 'unknown' ? 404 : 410, (nonce) =>
          bankLinkPage(link.language, nonce, link.reason),
        );
      }
      return html(reply, 200, (nonce) =>
        bankFormPage(
          link.request,
          bankName(link.request.bankCode),
          nonce,
          MANDATE_PATHS.sandboxBank(request.params.token),
        ),
      );
    },
  );

  app.post(
    MANDATE_PATHS.sandboxBank(':token'),
    {
      config: { access: access.public, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['sandbox'],
        summary: 'The payer approves or rejects the mandate at the sandbox bank',
        description:
          'Form or JSON body `decision=approve|reject`. Answers a page, or JSON when asked for ' +
          '`application/json`.',
        params: BankPageParamsSchema,
        body: BankDecisionBodySchema,
      },
    },
    async (request, reply) => {
      const json = wantsJson(request.headers.accept);
      const outcome = await provider.decide(
        request.params.token,
        request.body.decision === 'approve' ? 'APPROVED' : 'REJECTED',
      );
      if (!outcome.ok) {
        const status = outcome.reason === 'unknown' ? 404 : 410;
        if (json) {
          // The one error body every client reads: a link used or expired has nothing left to
          // decide.
          return reply.code(status).send({
            ...errorBody(
              status,
              bankText('EN')[outcome.reason],
              status === 404 ? 'NOT_FOUND' : 'CONFLICT',
            ),
            error: status === 404 ? 'Not Found' : 'Gone',
          });
        }
        return html(reply, status, (nonce) =>
          bankLinkPage(outcome.language, nonce, outcome.reason),
        );
      }
      // The bank's notification to the lender: the mandate (and the agreement) move on now, even
      // if the payer never comes back.
      await service.bankNotified(outcome.request.id);
      const decision = outcome.request.decision ?? 'REJECTED';
      if (json) return { decision, returnUrl: outcome.request.returnUrl };
      return html(reply, 200, (nonce) =>
        bankDonePage(outcome.request.language, nonce, decision, outcome.request.returnUrl),
      );
    },
  );
};
