import { randomBytes } from 'node:crypto';

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GATEWAY_PAYMENT_PATHS } from '@lending/contracts';
import type { FastifyReply } from 'fastify';

import type { SandboxGateway } from '../../adapters/payment-gateway/sandbox';
import { access } from '../../http/access';
import { errorBody } from '../../kernel/errors';
import { hostedDonePage, hostedLinkPage, hostedPaymentPage, pageText } from './hosted-page';
import { HostedPageDecisionSchema, HostedPageParamsSchema } from './schemas';

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

/** The sandbox gateway's hosted page, and the delivery of the notifications it owes. */
export const sandboxGatewayRoutes: FastifyPluginAsyncTypebox<{ gateway: SandboxGateway }> = async (
  app,
  { gateway },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.get(
    GATEWAY_PAYMENT_PATHS.sandboxPage(':token'),
    {
      config: { access: access.public, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['sandbox'],
        summary: 'The sandbox payment gateway’s hosted page',
        params: HostedPageParamsSchema,
        hide: true,
      },
    },
    async (request, reply) => {
      const link = await gateway.openPage(request.params.token);
      if (!link.ok) {
        return html(reply, link.reason === 'unknown' ? 404 : 410, (nonce) =>
          hostedLinkPage(link.language, nonce, link.reason),
        );
      }
      return html(reply, 200, (nonce) =>
        hostedPaymentPage(
          link.transaction,
          gateway.failures(link.transaction.channel),
          nonce,
          GATEWAY_PAYMENT_PATHS.sandboxPage(request.params.token),
        ),
      );
    },
  );

  app.post(
    GATEWAY_PAYMENT_PATHS.sandboxPage(':token'),
    {
      config: { access: access.public, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['sandbox'],
        summary: 'The buyer pays, fails (with a reason) or leaves pending on the sandbox gateway',
        description:
          'Form or JSON body `outcome=paid|failed|pending`, `reason` (a failure code the page ' +
          'offers), `late=on` to send the notification late. Answers a page, or JSON when asked ' +
          'for `application/json`.',
        params: HostedPageParamsSchema,
        body: HostedPageDecisionSchema,
      },
    },
    async (request, reply) => {
      const json = wantsJson(request.headers.accept);
      const { outcome, reason, late } = request.body;
      const status = outcome === 'paid' ? 'PAID' : outcome === 'failed' ? 'FAILED' : 'PENDING';
      const decided = await gateway.decide(request.params.token, {
        status,
        ...(reason && status === 'FAILED' ? { failureCode: reason } : {}),
        lateNotification: late === 'on' || late === 'true',
      });
      if (!decided.ok) {
        const code = decided.reason === 'unknown' ? 404 : decided.reason === 'invalid' ? 400 : 410;
        if (json) {
          return reply.code(code).send({
            ...errorBody(
              code,
              pageText('EN')[decided.reason],
              code === 404 ? 'NOT_FOUND' : code === 400 ? 'VALIDATION_FAILED' : 'CONFLICT',
            ),
            ...(code === 410 ? { error: 'Gone' } : {}),
          });
        }
        if (decided.reason === 'invalid') {
          const link = await gateway.openPage(request.params.token);
          if (link.ok) {
            return html(reply, 400, (nonce) =>
              hostedPaymentPage(
                link.transaction,
                gateway.failures(link.transaction.channel),
                nonce,
                GATEWAY_PAYMENT_PATHS.sandboxPage(request.params.token),
                'invalid',
              ),
            );
          }
          return html(reply, 410, (nonce) => hostedLinkPage(link.language, nonce, 'used'));
        }
        const reasonOfLink = decided.reason;
        return html(reply, code, (nonce) => hostedLinkPage(decided.language, nonce, reasonOfLink));
      }
      const { transaction, returnUrl } = decided;
      const settled = transaction.status ?? 'PENDING';
      if (json) return { status: settled, returnUrl };
      return html(reply, 200, (nonce) =>
        hostedDonePage(transaction.language, nonce, settled, transaction.errorDesc, returnUrl),
      );
    },
  );

  app.post(
    GATEWAY_PAYMENT_PATHS.sandboxDeliver,
    {
      config: { access: access.public, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['sandbox'],
        summary:
          'The sandbox gateway sends the notifications that are due (late and repeated ones)',
        hide: true,
      },
    },
    async () => gateway.deliverDue(),
  );
};
