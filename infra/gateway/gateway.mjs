// @ts-check
// The production way of serving the platform on one origin: the shell at /, each remote's build
// under /remotes/<name>/, the environment's remotes.json, and the API paths proxied to the API
// (one process or several, taken in turn).
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';

import fastifyCompress from '@fastify/compress';
import httpProxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController } from 'fastify';

import { FILE_HEADERS, pageHeaders } from './page-headers.mjs';
import { languageCookieFor, publicPages } from './public-pages.mjs';
import { createUpstreams, onUpstreamFailure } from './upstreams.mjs';

export const REMOTE_NAMES = [
  'mf-onboarding',
  'mf-loan-status',
  'mf-repayment',
  'mf-guarantor',
  'mf-admin',
];
export const API_PREFIXES = ['/api', '/arkcash'];
/** The API's own limit on a request body (its default `bodyLimit`). */
export const API_BODY_LIMIT = 1024 * 1024;

/** @param {number} statusCode @param {string} error @param {string} message */
const errorBody = (statusCode, error, message) => ({ statusCode, error, message });

const tooLarge = () => Object.assign(new Error('Request body is too large'), { statusCode: 413 });

/**
 * A body past the limit is refused here, before the API refuses it: the API answers and closes
 * while the body is still being sent, and the proxy would turn the broken pipe into a 500.
 * A body without a length is counted as it streams through.
 * @param {import('fastify').FastifyInstance} scope
 * @param {number} limit
 */
function limitBodies(scope, limit) {
  scope.addHook('onRequest', async (request) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > limit) throw tooLarge();
  });
  scope.addHook('preParsing', async (_request, _reply, payload) => {
    let received = 0;
    return payload.pipe(
      new Transform({
        transform(chunk, _encoding, done) {
          received += chunk.length;
          done(received > limit ? tooLarge() : null, chunk);
        },
      }),
    );
  });
}

/** @typedef {import('fastify').FastifyReply<import('fastify').RouteGenericInterface, import('fastify').RawServerBase>} AnyReply */
/** @typedef {NonNullable<Parameters<import('fastify').FastifyReply['from']>[1]>} ReplyFromOptions */

/**
 * The proxy reports a failure of the request body (too large, broken) as its own 500; the
 * client's fault is answered as the 4xx it is, in the API's error shape. A failing API stays a
 * 5xx (502, 503, 504 say which).
 * @param {AnyReply} reply
 * @param {{ error: Error }} failure
 */
function proxyFailure(reply, { error }) {
  const cause = /** @type {{ statusCode?: unknown, message?: unknown } | undefined} */ (
    error.cause
  );
  if (typeof cause?.statusCode === 'number' && cause.statusCode >= 400 && cause.statusCode < 500) {
    const status = cause.statusCode;
    reply
      .code(status)
      .send(
        errorBody(
          status,
          status === 413 ? 'Payload Too Large' : 'Bad Request',
          String(cause.message),
        ),
      );
    return;
  }
  if (onUpstreamFailure(reply.request.method, error).refused) {
    // No API took the connection. The error's own message names the upstream's address.
    reply
      .code(503)
      .send(errorBody(503, 'Service Unavailable', 'The service is unavailable, try again shortly'));
    return;
  }
  reply.send(error);
}

/**
 * Sends the request to `upstream`; when that fails before an answer and a second try is
 * harmless, to the next upstream not tried yet. An upstream that refused the connection leaves
 * the turn for a while, whatever the method.
 * @param {AnyReply} reply
 * @param {string} dest
 * @param {ReplyFromOptions} options
 * @param {import('./upstreams.mjs').Upstreams} upstreams
 * @param {string} upstream
 * @param {Set<string>} tried
 */
function forward(reply, dest, options, upstreams, upstream, tried) {
  tried.add(upstream);
  return reply.from(dest, {
    ...options,
    getUpstream: () => upstream,
    onError: (failed, failure) => {
      const { refused, retry } = onUpstreamFailure(failed.request.method, failure.error);
      if (refused) upstreams.markDown(upstream);
      const next = retry && !failed.sent ? upstreams.pick(tried) : undefined;
      if (next) {
        forward(failed, dest, options, upstreams, next, tried);
        return;
      }
      proxyFailure(failed, failure);
    },
  });
}

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

/**
 * @param {{
 *   repoRoot: string,
 *   apiUrl?: string,
 *   apiUrls?: string[],
 *   upstreamDownMs?: number,
 *   remotesFile: string,
 *   remoteDirs?: Record<string, string>,
 *   extraStatic?: { prefix: string, dir: string }[],
 *   logger?: boolean,
 *   trustProxy?: boolean | string,
 *   proxySecret?: string,
 * }} options
 */
export async function createGateway({
  repoRoot,
  apiUrl,
  apiUrls = apiUrl ? [apiUrl] : [],
  upstreamDownMs,
  remotesFile,
  remoteDirs = {},
  extraStatic = [],
  logger = false,
  trustProxy = false,
  proxySecret,
}) {
  // Requests are the API's to log; the gateway only logs its own failures.
  const app = Fastify({
    logger,
    // Only a TLS-terminating proxy in front of the gateway says the visitor came over HTTPS.
    trustProxy,
    logController: new LogController({ disableRequestLogging: true }),
  });
  await app.register(fastifyCompress, { global: true, encodings: ['gzip'] });

  // The API's answers carry the API's own headers; everything served from here gets these.
  const recaptcha = process.env.CAPTCHA_PROVIDER === 'recaptcha-v2';
  const shellDir = path.join(repoRoot, 'shell/dist');
  const rendered = publicPages(shellDir);
  app.addHook('onSend', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)))
      return;
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

  // One turn for every API path, so the API processes share the load whatever is asked.
  const upstreams = createUpstreams(apiUrls, { downMs: upstreamDownMs, log: app.log });
  for (const prefix of API_PREFIXES) {
    await app.register(async (scope) => {
      limitBodies(scope, API_BODY_LIMIT);
      await scope.register(httpProxy, {
        // No fixed upstream: each request is given one in turn (getUpstream below).
        upstream: '',
        prefix,
        rewritePrefix: prefix,
        http2: false,
        // Bodies pass to the API as they came: the API decides what it reads. Decoding them here
        // sent the API a body that no longer matched its length, and failed as a 500.
        config: { decompress: false },
        // The API limits abuse per client address: it must see the visitor's, not the gateway's.
        replyOptions: {
          rewriteRequestHeaders: (request, headers) => ({
            ...headers,
            'x-forwarded-for': request.ip,
            // Without it the API ignores the forwarded address (any local process could forge it).
            ...(proxySecret ? { 'x-proxy-secret': proxySecret } : {}),
          }),
          getUpstream: () => upstreams.pick() ?? '',
          onError: proxyFailure,
        },
        handler: (request, reply, dest, options) =>
          forward(
            reply,
            dest,
            options,
            upstreams,
            options.getUpstream?.(request, '') ?? '',
            new Set(),
          ),
      });
    });
  }

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
    if (!wantsPage)
      return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not Found' });
    return shellPage(request, reply);
  });

  return app;
}
