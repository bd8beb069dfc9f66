// @ts-check
// The local edge, what `npm start` and the end-to-end tests serve the platform through: the shell
// at /, each remote's build under /remotes/<name>/, the environment's remotes.json, and the API
// paths proxied to one API process. Production serves the same through nginx
// (infra/deploy/nginx), with the same limits, timeouts and headers (edge-policy.mjs) and the same
// rules (edge-rules.js); docs/edge.md says how the two line up.
import fs from 'node:fs';
import path from 'node:path';

import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import replyFrom from '@fastify/reply-from';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController } from 'fastify';

import {
  limitConnectionsPerAddress,
  lingerOnClose,
  proxyFailureStatus,
  watchBodyIdle,
} from './edge-guards.mjs';
import {
  API_PREFIXES,
  ceilings as readCeilings,
  edgeAnswer,
  LARGE_BODIES,
  largeBodyRoute,
  SMALL_BODY_BYTES,
  TIMEOUTS,
} from './edge-policy.mjs';
import edgeRules from './edge-rules.js';
import { FILE_HEADERS, pageHeaders } from './page-headers.mjs';
import { languageCookieFor, publicPages } from './public-pages.mjs';

export { API_PREFIXES };
export const REMOTE_NAMES = [
  'mf-onboarding',
  'mf-loan-status',
  'mf-repayment',
  'mf-guarantor',
  'mf-admin',
];

/** Entry files keep their names across builds (federation needs that) and pages change with
 *  every release: they are revalidated on every use. Everything else carries a content hash and
 *  is cached for good. The files prepared compressed at build time (`.br`, `.gz`) are named by
 *  what they compress. */
export function cacheHeaders(
  /** @type {{ setHeader: (name: string, value: string) => unknown }} */ res,
  /** @type {string} */ filePath,
) {
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  const isEntry =
    name === 'remoteEntry.js' ||
    name === 'mf-manifest.json' ||
    name === 'mf-stats.json' ||
    name.endsWith('.html') ||
    name.endsWith('.json') ||
    name === 'main.js' ||
    name === 'standalone.js';
  res.setHeader('Cache-Control', isEntry ? 'no-cache' : 'public, max-age=31536000, immutable');
}

/** @param {import('fastify').FastifyRequest} request */
const languageOf = (request) => edgeRules.answerLanguage(request.headers['accept-language']);

/** @param {string} url */
const isApiPath = (url) => {
  const pathname = url.split('?')[0] ?? '';
  return API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
};

/**
 * @param {{
 *   repoRoot: string,
 *   apiUrl: string,
 *   remotesFile: string,
 *   remoteDirs?: Record<string, string>,
 *   shellDir?: string,
 *   extraStatic?: { prefix: string, dir: string }[],
 *   log?: boolean | NodeJS.WritableStream,
 *   trustProxy?: boolean | string,
 *   proxySecret?: string,
 *   env?: Record<string, string | undefined>,
 * }} options
 *   `log`: a line per answered request (its route pattern, never its address) and the gateway's
 *   own failures, to standard output (`true`) or to the stream given.
 */
export async function createGateway({
  repoRoot,
  apiUrl,
  remotesFile,
  remoteDirs = {},
  // The shell is built per brand: another brand's build is another folder.
  shellDir = path.join(repoRoot, 'shell/dist'),
  extraStatic = [],
  log = false,
  trustProxy = false,
  proxySecret,
  env = process.env,
}) {
  const limits = readCeilings(env);
  const app = Fastify({
    logger: log
      ? {
          level: 'info',
          ...(typeof log === 'object' ? { stream: log } : {}),
          // What Fastify logs of a request by itself: never its address, which carries ids,
          // emails and tokens.
          serializers: {
            req: (request) => ({
              method: request.method,
              route: request.routeOptions?.url ?? edgeRules.logPath(request.url.split('?')[0]),
            }),
          },
        }
      : false,
    // One line per answered request instead of Fastify's two (below), with the route's pattern.
    logController: new LogController({ disableRequestLogging: true }),
    // Only a TLS-terminating proxy in front of the gateway says the visitor came over HTTPS.
    trustProxy,
    bodyLimit: SMALL_BODY_BYTES,
    keepAliveTimeout: TIMEOUTS.keepAliveSeconds * 1000,
    // Node checks these every `connectionsCheckingInterval`, 30 s unless told.
    http: {
      headersTimeout: TIMEOUTS.headerSeconds * 1000,
      connectionsCheckingInterval: 1000,
    },
    // The whole request, however it trickles in: a 10 MB statement at 1 Mbit/s takes 80 s.
    requestTimeout: 180_000,
  });
  limitConnectionsPerAddress(app.server, limits.connectionsPerAddress);
  if (log) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        {
          method: request.method,
          route: request.routeOptions.url ?? (request.method === 'GET' ? 'page' : 'not found'),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request',
      );
      done();
    });
  }
  await app.register(fastifyCompress, { global: true, encodings: ['gzip'] });

  // The API's answers carry the API's own headers; everything served from here gets these.
  const recaptcha = env.CAPTCHA_PROVIDER === 'recaptcha-v2';
  const rendered = publicPages(shellDir);
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url)) return;
    const type = String(reply.getHeader('content-type') ?? '');
    const headers = type.startsWith('text/html')
      ? pageHeaders({
          remotesFile,
          recaptcha,
          https: request.protocol === 'https',
          scriptHashes: rendered.scriptHashes(),
        })
      : FILE_HEADERS;
    for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  });

  await app.register(async (scope) => proxyApi(scope, { apiUrl, proxySecret, limits }));

  // Read on every request: pointing the manifest at a new remote build takes effect at once.
  app.get('/remotes.json', async (_request, reply) => {
    const body = await fs.promises.readFile(remotesFile, 'utf8');
    return reply.header('Cache-Control', 'no-store').type('application/json').send(body);
  });

  const statics = [
    ...REMOTE_NAMES.map((name) => ({
      prefix: `/remotes/${name}/`,
      dir: remoteDirs[name] ?? path.join(repoRoot, name, 'dist'),
    })),
    ...extraStatic,
  ];
  for (const { prefix, dir } of statics) {
    await app.register(async (scope) => {
      scope.addHook('onSend', async (_request, reply) => {
        // Remote manifests and chunks are fetched by the shell, possibly from another origin.
        reply.header('Access-Control-Allow-Origin', '*');
      });
      await scope.register(fastifyStatic, {
        root: dir,
        prefix,
        decorateReply: false,
        setHeaders: cacheHeaders,
        // Its own `max-age=0` would overwrite the header set above.
        cacheControl: false,
        preCompressed: true,
        index: false,
      });
    });
  }

  await app.register(fastifyStatic, {
    root: shellDir,
    prefix: '/',
    setHeaders: cacheHeaders,
    cacheControl: false,
    preCompressed: true,
    index: false,
    wildcard: true,
  });

  /** A public page comes rendered in the visitor's language; any other page is the shell's
   *  empty page, drawn in the browser. */
  const shellPage = (
    /** @type {import('fastify').FastifyRequest} */ request,
    /** @type {import('fastify').FastifyReply} */ reply,
  ) => {
    const page = rendered.fileFor(request);
    reply.header('Cache-Control', 'no-cache');
    const languageCookie = languageCookieFor(request);
    if (languageCookie) reply.header('Set-Cookie', languageCookie);
    if (!page) return reply.sendFile('index.html', shellDir);
    // Caches in between must keep one copy per language.
    return reply.header('Vary', 'Cookie, Accept-Language').sendFile(page, shellDir);
  };
  app.get('/', async (request, reply) => shellPage(request, reply));

  // Every other GET that asks for a page gets the shell, which routes on the client.
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) return reply.code(404).send(edgeAnswer(404, languageOf(request)));
    return shellPage(request, reply);
  });

  return app;
}

/**
 * The API paths, passed to the API whole: a body is read to its end (within its route's limit,
 * and without long silences) before the API is asked, so a slow or abandoned upload holds a
 * connection of the gateway's only. A failure of the API is answered in the API's error shape,
 * saying nothing of the gateway's insides.
 * @param {import('fastify').FastifyInstance} scope
 * @param {{ apiUrl: string, proxySecret?: string, limits: ReturnType<typeof readCeilings> }} options
 */
async function proxyApi(scope, { apiUrl, proxySecret, limits }) {
  await scope.register(replyFrom, {
    base: apiUrl,
    undici: {
      connections: 128,
      pipelining: 1,
      connect: { timeout: TIMEOUTS.upstreamConnectSeconds * 1000 },
      headersTimeout: TIMEOUTS.upstreamAnswerSeconds * 1000,
      bodyTimeout: TIMEOUTS.upstreamAnswerSeconds * 1000,
    },
    // A retried request could reach the API twice; the client decides whether to ask again.
    retryMethods: [],
    disableRequestLogging: true,
  });
  // A fixed window of ten seconds holding ten seconds of the average rate, so a page's burst
  // of calls passes and a flood does not.
  await scope.register(fastifyRateLimit, {
    max: limits.apiRequestsPerSecond * 10,
    timeWindow: 10_000,
    errorResponseBuilder: (request) =>
      Object.assign(new Error('rate limited'), { statusCode: 429, edgeRequest: request }),
  });

  // Bodies pass to the API as they came, byte for byte: the API decides what it reads.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  scope.addHook('preParsing', async (_request, _reply, payload) =>
    watchBodyIdle(payload, TIMEOUTS.bodyIdleSeconds * 1000),
  );

  scope.setErrorHandler((/** @type {{ statusCode?: unknown }} */ error, request, reply) => {
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    const language = languageOf(request);
    if (status === 413) {
      // The rest of the body is read and dropped for a while, then the connection closes.
      lingerOnClose(request.raw.socket, TIMEOUTS.bodyIdleSeconds * 1000);
      const route = largeBodyRoute(request.method, request.url.split('?')[0] ?? '');
      return reply
        .code(413)
        .header('connection', 'close')
        .send(edgeAnswer(413, language, route));
    }
    if (status === 429) return reply.code(429).send(edgeAnswer(429, language));
    if (status >= 400 && status < 500) {
      if (status === 408) reply.header('connection', 'close');
      return reply.code(status).send({
        statusCode: status,
        error: 'Bad Request',
        message: 'Bad Request',
        code: 'BAD_REQUEST',
      });
    }
    request.log.error({ err: error }, 'the gateway failed');
    return reply.code(502).send(edgeAnswer(502, language));
  });

  /** @type {import('fastify').RouteHandlerMethod} */
  const forward = (request, reply) => {
    const body = Buffer.isBuffer(request.body) ? request.body : undefined;
    return reply.from(request.url, {
      ...(body && request.method !== 'GET' && request.method !== 'HEAD'
        ? {
            body,
            contentType: request.headers['content-type'] ?? 'application/octet-stream',
          }
        : {}),
      rewriteRequestHeaders: (_request, headers) => {
        // The body has already arrived whole; the API is never asked to say "continue".
        const { expect: _expect, ...rest } = headers;
        return {
          ...rest,
          // The API limits abuse per client address: it must see the visitor's, not the gateway's.
          'x-forwarded-for': request.ip,
          // Links the API makes for the visitor (emails, the capture QR code) name the address
          // they opened; the API believes these only from the gateway, and in production uses
          // PUBLIC_URL whatever they say.
          'x-forwarded-host': request.host,
          'x-forwarded-proto': request.protocol,
          // Without it the API ignores the forwarded address (any local process could forge it).
          ...(proxySecret ? { 'x-proxy-secret': proxySecret } : {}),
        };
      },
      onError: (failed, { error }) => {
        const status = proxyFailureStatus(error);
        failed.request.log.warn({ err: error, status }, 'the API did not answer');
        failed.code(status).send(edgeAnswer(status, languageOf(request)));
      },
    });
  };

  for (const prefix of API_PREFIXES) {
    scope.all(prefix, forward);
    scope.all(`${prefix}/*`, forward);
  }
  for (const route of LARGE_BODIES) {
    scope.route({
      method: route.method,
      url: route.path,
      bodyLimit: route.bytes,
      handler: forward,
    });
  }
}
