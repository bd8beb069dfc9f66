// @ts-check
// The API processes the gateway spreads requests over: each in turn, skipping one that refused a
// connection lately. A request that may have reached an API is never sent twice unless sending it
// twice is harmless (a read); one that never got a connection is answered 503 rather than 500.

/** The request never reached the API: nothing listened, or no connection could be made. */
const CONNECT_FAILURES = new Set([
  'ECONNREFUSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** A kept-alive connection closed under the request (the API stopping): it may have been read. */
const SOCKET_FAILURES = new Set(['UND_ERR_SOCKET', 'ECONNRESET']);
/** Methods that change nothing (and carry no body), so a second try cannot do anything twice. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** How long an upstream that refused a connection is left out of the turn. */
export const DEFAULT_DOWN_MS = 5_000;

/**
 * The upstreams named in `API_UPSTREAMS` (comma-separated), else the one in `API_URL`.
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
export function upstreamsFromEnv(env) {
  const listed = (env.API_UPSTREAMS ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  const urls = listed.length > 0 ? listed : env.API_URL ? [env.API_URL] : [];
  for (const url of urls) {
    if (!/^https?:$/.test(new URL(url).protocol)) {
      throw new Error(`an API upstream is an http(s) address, e.g. http://api-1:3001, not ${url}`);
    }
  }
  return urls;
}

/**
 * @param {string[]} urls
 * @param {{ downMs?: number, now?: () => number, log?: { warn: (details: object, message: string) => void } }} [options]
 */
export function createUpstreams(urls, options = {}) {
  if (urls.length === 0) throw new Error('at least one API upstream is needed');
  const downMs = options.downMs ?? DEFAULT_DOWN_MS;
  const now = options.now ?? Date.now;
  const upstreams = urls.map((url) => ({ url, downUntil: 0 }));
  let turn = 0;

  return {
    urls,
    /**
     * The next upstream in turn that is up and not in `tried`. When every one left is down, the
     * one due back first: a request is tried somewhere rather than refused without a try.
     * @param {ReadonlySet<string>} [tried]
     * @returns {string | undefined}
     */
    pick(tried = new Set()) {
      const at = now();
      for (let step = 0; step < upstreams.length; step++) {
        const index = (turn + step) % upstreams.length;
        const upstream = /** @type {{ url: string, downUntil: number }} */ (upstreams[index]);
        if (upstream.downUntil <= at && !tried.has(upstream.url)) {
          turn = (index + 1) % upstreams.length;
          return upstream.url;
        }
      }
      const left = upstreams.filter((upstream) => !tried.has(upstream.url));
      left.sort((a, b) => a.downUntil - b.downUntil);
      return left[0]?.url;
    },
    /** @param {string} url */
    markDown(url) {
      const upstream = upstreams.find((candidate) => candidate.url === url);
      if (!upstream) return;
      const wasUp = upstream.downUntil <= now();
      upstream.downUntil = now() + downMs;
      if (wasUp) {
        options.log?.warn(
          { upstream: url, skippedForMs: downMs },
          'an API upstream refused a connection; it is skipped for a while',
        );
      }
    },
    /** @param {string} url */
    isDown(url) {
      return (upstreams.find((candidate) => candidate.url === url)?.downUntil ?? 0) > now();
    },
  };
}

/** @typedef {ReturnType<typeof createUpstreams>} Upstreams */

/** @param {unknown} error @returns {string | undefined} */
function failureCode(error) {
  const { code, cause } = /** @type {{ code?: unknown, cause?: { code?: unknown } }} */ (
    error ?? {}
  );
  if (typeof cause?.code === 'string') return cause.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * What to do when sending a request to an upstream failed: whether the upstream goes out of the
 * turn, and whether the request may be sent to another one.
 * @param {string} method
 * @param {unknown} error
 */
export function onUpstreamFailure(method, error) {
  const code = failureCode(error);
  const refused = code !== undefined && CONNECT_FAILURES.has(code);
  const closedUnder = code !== undefined && SOCKET_FAILURES.has(code);
  return {
    refused,
    retry: SAFE_METHODS.has(method) && (refused || closedUnder),
  };
}
