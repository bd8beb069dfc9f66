// The providers page (admins), and what vendors send back: the SMS gateway's delivery receipts,
// the e-stamping agent's and the meeting server's webhooks (each proved by its own secret or
// signature, and booked once by the adapter), and the participants' links into a live call.
import type {
  FastifyPluginAsyncTypebox,
  TypeBoxTypeProvider,
} from '@fastify/type-provider-typebox';
import { PROVIDER_PATHS } from '@lending/contracts';
import type { FastifyReply } from 'fastify';

import type { EstampWebhooks } from '../../adapters/estamp/agent';
import type { JoinOutcome, MeetingWebhooks } from '../../adapters/meeting/jitsi';
import type { SmsReceipts } from '../../adapters/sms/port';
import { access } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import { CALLBACK_NOT_PROVED, CALLBACK_UNREADABLE, NO_SUCH_RECEIVER } from './messages';
import { MeetingJoinParamsSchema, ProvidersViewSchema, SmsReceiptSchema } from './schemas';
import type { ProvidersService } from './service';

export interface ProviderCallbacks {
  smsReceipts: SmsReceipts | null;
  estampWebhooks: EstampWebhooks | null;
  meetingServer: { join(key: string): Promise<JoinOutcome>; webhooks: MeetingWebhooks } | null;
}

const notHere = () => new HttpError(404, NO_SUCH_RECEIVER, 'NOT_FOUND');
const notProved = () => new HttpError(401, CALLBACK_NOT_PROVED, 'UNAUTHENTICATED');
const unreadable = () => new HttpError(400, CALLBACK_UNREADABLE, 'BAD_REQUEST');
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function parsed(body: unknown): unknown {
  try {
    return JSON.parse(Buffer.isBuffer(body) ? body.toString('utf8') : '');
  } catch {
    throw unreadable();
  }
}

/** The page a participant sees when their link does not open the call (yet), in both languages:
 *  nothing says which language they read. */
function joinPage(reply: FastifyReply, outcome: Exclude<JoinOutcome, { ok: true }>) {
  const words = {
    unknown: ['This call link is not valid.', 'Pautan panggilan ini tidak sah.'],
    early: [
      'The call opens 15 minutes before its start. Please come back then.',
      'Panggilan dibuka 15 minit sebelum waktu mula. Sila kembali pada masa itu.',
    ],
    over: [
      'This call is over. Book another one from your loan page.',
      'Panggilan ini telah tamat. Tempah panggilan lain dari halaman pinjaman anda.',
    ],
  }[outcome.reason];
  const status = outcome.reason === 'unknown' ? 404 : outcome.reason === 'early' ? 409 : 410;
  return reply
    .code(status)
    .header(
      'content-security-policy',
      "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    )
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"><title>Call / Panggilan</title></head>` +
        `<body><main><p role="alert">${words[0]}</p><p lang="ms">${words[1]}</p></main></body></html>`,
    );
}

export const providerRoutes: FastifyPluginAsyncTypebox<{
  service: ProvidersService;
  callbacks: ProviderCallbacks;
}> = async (app, { service, callbacks }) => {
  app.get(
    PROVIDER_PATHS.list,
    {
      config: { access: access.staff('ADMIN') },
      schema: {
        tags: ['staff'],
        summary: 'Each outside service: its provider, health and settings (secrets hidden)',
        response: { 200: ProvidersViewSchema, ...errorResponses(401, 403) },
      },
    },
    () => service.list(),
  );

  app.get(
    PROVIDER_PATHS.meetingJoin(':key'),
    {
      config: { access: access.public, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['attestation'],
        summary: 'A participant’s link into a live call: opens the meeting server, signed in',
        params: MeetingJoinParamsSchema,
      },
    },
    async (request, reply) => {
      if (!callbacks.meetingServer) throw notHere();
      const outcome = await callbacks.meetingServer.join(request.params.key);
      if (!outcome.ok) return joinPage(reply, outcome);
      return reply.header('cache-control', 'no-store').redirect(outcome.url, 303);
    },
  );

  // What vendors post: a form (the SMS gateway), or JSON signed over its exact bytes (webhooks).
  await app.register(async (scope) => {
    const vendors = scope.withTypeProvider<TypeBoxTypeProvider>();
    vendors.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    vendors.removeContentTypeParser('application/json');
    vendors.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
    const limits = { rateLimit: { max: 600, timeWindow: '1 minute' } };

    vendors.post(
      PROVIDER_PATHS.smsReceipts,
      {
        config: { access: access.public, ...limits },
        schema: {
          tags: ['sandbox'],
          summary: 'The SMS gateway’s delivery receipt (form fields; HTTP basic auth)',
          body: SmsReceiptSchema,
          response: errorResponses(400, 401, 404),
        },
      },
      async (request, reply) => {
        const receipts = callbacks.smsReceipts;
        if (!receipts) throw notHere();
        if (!receipts.authentic(request.headers.authorization)) throw notProved();
        // A receipt for a message not ours is answered too, so the gateway stops resending it.
        await receipts.book(request.body);
        return reply.type('text/plain; charset=utf-8').send('OK');
      },
    );

    vendors.post(
      PROVIDER_PATHS.estampWebhooks,
      {
        config: { access: access.public, ...limits },
        schema: {
          tags: ['agreements'],
          summary: 'The e-stamping agent’s webhook (JSON, signed: X-Timestamp, X-Signature)',
          response: errorResponses(400, 401, 404),
        },
      },
      async (request) => {
        const hooks = callbacks.estampWebhooks;
        if (!hooks) throw notHere();
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const proof = {
          timestamp: header(request.headers['x-timestamp']),
          signature: header(request.headers['x-signature']),
        };
        if (!hooks.authentic(proof, body)) throw notProved();
        if (!(await hooks.book(parsed(body)))) throw unreadable();
        return { booked: true };
      },
    );

    vendors.post(
      PROVIDER_PATHS.meetingWebhooks,
      {
        config: { access: access.public, ...limits },
        schema: {
          tags: ['attestation'],
          summary: 'The meeting server’s webhook (JSON, signed: x-jaas-signature)',
          response: errorResponses(400, 401, 404),
        },
      },
      async (request) => {
        const server = callbacks.meetingServer;
        if (!server) throw notHere();
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!server.webhooks.authentic(header(request.headers['x-jaas-signature']), body)) {
          throw notProved();
        }
        // Seen before, or about a room not ours: answered alike, booked nothing.
        return { booked: await server.webhooks.book(parsed(body)) };
      },
    );
  });
};
