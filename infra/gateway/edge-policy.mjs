// @ts-check
// What the edge allows, in one place for both edges: the local gateway reads it directly, and the
// production nginx configuration is rendered from it (infra/deploy/nginx/render.mjs). A test of
// the API checks that every route taking a large body has its limit here (edge-limits.test.ts).

const MIB = 1024 * 1024;
/** Room for a multipart upload's fields and part headers around the file itself. */
const ENVELOPE = 64 * 1024;

/** The paths the API answers; everything else is the site's own. */
export const API_PREFIXES = ['/api', '/arkcash'];

/** A request body on any API path: the API's own default limit (1 MiB). */
export const SMALL_BODY_BYTES = MIB;

/**
 * The routes that take more than a small body, with their largest. A route is named as the API
 * names it (`:param` for a segment). The product's "MB" is 1024 × 1024 bytes
 * (`MEGABYTE` of `@lending/domain`).
 * `tooLarge` is what a body past the limit is told, in the words the API uses for a file over its
 * type's limit.
 * @type {{ method: 'POST' | 'PUT', path: string, bytes: number, what: string, tooLarge: { en: string, ms: string } }[]}
 */
export const LARGE_BODIES = [
  {
    method: 'POST',
    path: '/arkcash/api/v1.0/file',
    bytes: 10 * MIB + ENVELOPE,
    what: 'an application document (bank statements up to 10 MB, others 5 MB)',
    tooLarge: fileSmallerThan('10 MB'),
  },
  {
    method: 'POST',
    path: '/arkcash/api/v1.0/repayment/:agreementId/bank-in-slips',
    bytes: 5 * MIB + ENVELOPE,
    what: 'a bank-in slip of a payment by bank transfer (PDF, PNG or JPEG up to 5 MB)',
    tooLarge: fileSmallerThan('5 MB'),
  },
  {
    method: 'POST',
    path: '/arkcash/admin/api/v1.0/file',
    bytes: 50 * MIB + ENVELOPE,
    what: 'a master setup file (the attestation video up to 50 MB)',
    tooLarge: fileSmallerThan('50 MB'),
  },
  {
    method: 'PUT',
    path: '/api/staff/attestation/video/:language',
    bytes: 50 * MIB,
    what: 'an attestation video replaced by staff (the MP4 itself, up to 50 MB)',
    tooLarge: fileSmallerThan('50 MB'),
  },
  {
    method: 'POST',
    path: '/api/sandbox/ekyc/:captureToken',
    bytes: 3 * 8 * MIB + ENVELOPE,
    what: 'the sandbox eKYC capture form (three photos up to 8 MB each; sandbox only)',
    tooLarge: {
      en: 'Each photo may be at most 8 MB',
      ms: 'Setiap gambar tidak boleh melebihi 8 MB',
    },
  },
];

/** @param {string} size */
function fileSmallerThan(size) {
  return {
    en: `File must be smaller than ${size}`,
    ms: `Fail mestilah lebih kecil daripada ${size}`,
  };
}

/** The large-body route `method` and `path` ask for, if any.
 *  @param {string} method @param {string} path */
export function largeBodyRoute(method, path) {
  const segments = path.split('/');
  return LARGE_BODIES.find((candidate) => {
    if (candidate.method !== method) return false;
    const pattern = candidate.path.split('/');
    return (
      pattern.length === segments.length &&
      pattern.every((part, i) => part.startsWith(':') || part === segments[i])
    );
  });
}

/**
 * How long the edge waits. A client has `headerSeconds` to send its request line and headers,
 * and may fall silent for at most `bodyIdleSeconds` while sending a body; an idle kept-alive
 * connection is closed after `keepAliveSeconds`. The API is not sent a request until its whole
 * body has arrived, so a slow client holds only a connection of the edge's, never one of the
 * API's. The API has `upstreamConnectSeconds` to take a connection and `upstreamAnswerSeconds`
 * to answer (a statement of account of many years is the slowest answer).
 */
export const TIMEOUTS = {
  headerSeconds: 10,
  bodyIdleSeconds: 10,
  keepAliveSeconds: 15,
  upstreamConnectSeconds: 5,
  upstreamAnswerSeconds: 60,
};

/**
 * What one client address may hold and ask for: open connections, and requests to the API per
 * second on average with a burst on top. Generous on purpose: a mobile operator's carrier-grade
 * NAT puts many people behind one address, and the API keeps its own, finer limits per route.
 * `EDGE_CONNECTIONS_PER_ADDRESS`, `EDGE_API_REQUESTS_PER_SECOND` and `EDGE_API_BURST` change them.
 * @param {Record<string, string | undefined>} [env]
 */
export function ceilings(env = process.env) {
  const number = (/** @type {string | undefined} */ value, /** @type {number} */ fallback) => {
    if (value === undefined || value === '') return fallback;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 1) {
      throw new Error(`an edge ceiling is a whole number above 0, not ${value}`);
    }
    return parsed;
  };
  const connectionsPerAddress = number(env.EDGE_CONNECTIONS_PER_ADDRESS, 100);
  // nginx counts connections per address in 16 bits.
  if (connectionsPerAddress > 65_535)
    throw new Error('EDGE_CONNECTIONS_PER_ADDRESS is at most 65535');
  return {
    connectionsPerAddress,
    apiRequestsPerSecond: number(env.EDGE_API_REQUESTS_PER_SECOND, 50),
    apiBurst: number(env.EDGE_API_BURST, 200),
  };
}

/**
 * The answers the edge gives itself, in the API's error shape (`{ statusCode, error, message,
 * code }`) and the reader's language as the API words its own (`Accept-Language`). Never more:
 * no upstream address, no internal code.
 */
const ANSWERS = {
  404: { error: 'Not Found', code: 'NOT_FOUND', en: 'Not Found', ms: 'Tidak dijumpai' },
  413: {
    error: 'Payload Too Large',
    code: 'PAYLOAD_TOO_LARGE',
    en: 'Request body is too large',
    ms: 'Kandungan permintaan terlalu besar',
  },
  429: {
    error: 'Too Many Requests',
    code: 'RATE_LIMITED',
    en: 'Too many requests, please try again shortly',
    ms: 'Terlalu banyak permintaan, sila cuba sebentar lagi',
  },
  502: {
    error: 'Bad Gateway',
    code: 'UNAVAILABLE',
    en: 'The service could not answer, please try again shortly',
    ms: 'Perkhidmatan tidak dapat menjawab, sila cuba sebentar lagi',
  },
  503: {
    error: 'Service Unavailable',
    code: 'UNAVAILABLE',
    en: 'The service is unavailable, please try again shortly',
    ms: 'Perkhidmatan tidak tersedia, sila cuba sebentar lagi',
  },
  504: {
    error: 'Gateway Timeout',
    code: 'UNAVAILABLE',
    en: 'The service took too long to answer, please try again shortly',
    ms: 'Perkhidmatan mengambil masa terlalu lama untuk menjawab, sila cuba sebentar lagi',
  },
};

/** @typedef {keyof typeof ANSWERS} EdgeStatus */
export const EDGE_STATUSES = /** @type {EdgeStatus[]} */ (
  Object.keys(ANSWERS).map((status) => Number(status))
);

/**
 * The body of one of the edge's own answers; a body too large for a large-body route says that
 * route's limit.
 * @param {EdgeStatus} status @param {'en' | 'ms'} language
 * @param {{ tooLarge: { en: string, ms: string } }} [route]
 */
export function edgeAnswer(status, language, route) {
  const answer = ANSWERS[status];
  const message = status === 413 && route ? route.tooLarge[language] : answer[language];
  return { statusCode: status, error: answer.error, message, code: answer.code };
}
