import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GATEWAY_PAYMENT_PATHS } from '@lending/contracts';

import { access, applicantOf } from '../../http/access';
import type { MoneyStepLimit } from '../../http/money-steps';
import { errorResponses } from '../../http/schema';
import type { PublicUrl } from '../../kernel/public-url';
import {
  DueNowQuerySchema,
  DueNowViewSchema,
  GatewayFieldsSchema,
  GatewayPaymentRequestSchema,
  GatewayPaymentStartedSchema,
  GatewayPaymentViewSchema,
  OrderParamsSchema,
} from './schemas';
import type { GatewayPaymentService } from './service';

/** The borrower's online payments, and the gateway's notifications and returns. */
export const gatewayPaymentRoutes: FastifyPluginAsyncTypebox<{
  service: GatewayPaymentService;
  publicUrl: PublicUrl;
  limit: MoneyStepLimit;
}> = async (app, { service, publicUrl, limit }) => {
  // The gateway posts plain forms; only this plugin reads that encoding.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.get(
    GATEWAY_PAYMENT_PATHS.dueNow,
    {
      config: { access: access.applicant },
      schema: {
        tags: ['payments'],
        summary: 'The amount due now on the borrower’s loan, broken down, and what is owed',
        querystring: DueNowQuerySchema,
        response: { 200: DueNowViewSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => service.dueNow(applicantOf(request), request.query.agreementId),
  );

  app.post(
    GATEWAY_PAYMENT_PATHS.create,
    {
      config: { access: access.applicant },
      // Paying and settling count together: both start a payment on the loan.
      preHandler: limit(
        'payment',
        (request) => (request.body as { agreementId: string }).agreementId,
      ),
      schema: {
        tags: ['payments'],
        summary: 'Start paying by online banking or card: the gateway page to open',
        body: GatewayPaymentRequestSchema,
        response: {
          201: GatewayPaymentStartedSchema,
          ...errorResponses(400, 401, 404, 409, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const started = await service.start(applicantOf(request), request.body, request.ip);
      return reply.code(201).send(started);
    },
  );

  app.get(
    GATEWAY_PAYMENT_PATHS.order(':orderId'),
    {
      config: { access: access.applicant, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: 'One online payment: paid (with its receipt), failed (with the reason) or pending',
        params: OrderParamsSchema,
        response: { 200: GatewayPaymentViewSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.order(applicantOf(request).userId, request.params.orderId),
  );

  app.post(
    GATEWAY_PAYMENT_PATHS.notify,
    {
      // The gateway calls without a user: its signature is the authentication.
      config: { access: access.public, rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: 'The payment gateway’s signed server-to-server notification',
        description:
          'Form fields as the gateway sends them (`tranID`, `orderid`, `status`, `amount`, ' +
          '`skey`...). Answers the acknowledgement the gateway waits for.',
        body: GatewayFieldsSchema,
        response: errorResponses(400, 404, 409),
      },
    },
    async (request, reply) => {
      const ack = await service.notified(request.body);
      return reply.type('text/plain; charset=utf-8').send(ack);
    },
  );

  // The gateway sends the browser back with the outcome's fields; the order's state is asked of the
  // gateway, never taken from the browser.
  const back = async (orderId: string | undefined) => {
    const destination = await service.returned(orderId);
    const target = new URL(`${publicUrl()}${destination.path}`);
    if (destination.orderId) target.searchParams.set('orderId', destination.orderId);
    return target.toString();
  };
  const returnSchema = {
    tags: ['payments'],
    summary: 'Where the gateway sends the browser back: redirects to the result screens',
    hide: true,
  };
  app.get(
    GATEWAY_PAYMENT_PATHS.return,
    {
      config: { access: access.public, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { ...returnSchema, querystring: GatewayFieldsSchema },
    },
    async (request, reply) => reply.redirect(await back(request.query.orderid), 303),
  );
  app.post(
    GATEWAY_PAYMENT_PATHS.return,
    {
      config: { access: access.public, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { ...returnSchema, body: GatewayFieldsSchema },
    },
    async (request, reply) => reply.redirect(await back(request.body.orderid), 303),
  );
};
