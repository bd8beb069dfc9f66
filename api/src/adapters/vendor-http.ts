// Calls to a vendor's HTTP interface: a deadline on every try, tries again with growing waits
// where the vendor allows it, and errors that say what went wrong without the request itself:
// addresses, bodies and headers carry credentials and personal data, so no error, log line or
// health record built from these ever quotes them.
//
// Hand-written rather than p-retry: whether a try may be repeated depends on how it failed (a
// timed-out payment query may be asked again, a timed-out SMS may already have been sent), on the
// vendor's throttling answer, and on re-signing each try with a fresh timestamp or token.

export type VendorFailure =
  /** No answer within the deadline: the vendor may or may not have acted on it. */
  | 'timeout'
  /** The connection was never made (refused, unknown host): the vendor never saw the request. */
  | 'unreachable'
  /** The connection broke after the request went out: the vendor may have acted on it. */
  | 'interrupted'
  /** 5xx, or 429 (too many requests). */
  | 'server'
  /** The vendor answered, but not what its interface says (unreadable, unsigned, unknown code). */
  | 'answer'
  /** The vendor refused our credentials (expired, revoked or wrong). */
  | 'credentials';

/** What went wrong at a vendor, in words that are safe to log and show to an admin. */
export class VendorCallError extends Error {
  constructor(
    readonly vendor: string,
    readonly failure: VendorFailure,
    message: string,
    readonly status?: number,
  ) {
    super(`${vendor}: ${message}`);
    this.name = 'VendorCallError';
  }
}

export interface VendorRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export interface VendorAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
  text(): string;
  json<T = unknown>(): T;
}

export interface CallPolicy {
  /** The deadline of one try. */
  timeoutMs: number;
  /** Tries in all, the first included. */
  attempts: number;
  /** The wait before the second try; each later wait doubles (with a little jitter). */
  backoffMs: number;
  /** Whether a try that failed this way may be made again. */
  retryOn(failure: VendorFailure): boolean;
}

/** For requests the vendor may see twice (reads, and writes it dedupes by idempotency key). */
export const retryAll = (): boolean => true;
/** For requests the vendor does not dedupe: only what provably never reached it is sent again. */
export const retryUnsent = (failure: VendorFailure): boolean =>
  failure === 'unreachable' || failure === 'server';

/** The longest a vendor's Retry-After is honoured; beyond it the call fails and says so. */
const MAX_RETRY_AFTER_MS = 5_000;

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

function failureOf(error: unknown): VendorFailure {
  // A DOMException, which is not always an Error of this realm: judged by its name.
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return 'timeout';
  const cause = (error as { cause?: { code?: string } } | null)?.cause;
  return cause?.code && UNREACHABLE_CODES.has(cause.code) ? 'unreachable' : 'interrupted';
}

const FAILURE_WORDS: Record<VendorFailure, string> = {
  timeout: 'no answer in time',
  unreachable: 'could not be reached',
  interrupted: 'the connection broke',
  server: 'answered with a server error',
  answer: 'answered what its interface does not say',
  credentials: 'refused our credentials',
};

function answerOf(status: number, headers: Headers, body: Buffer): VendorAnswer {
  return {
    status,
    headers,
    body,
    text: () => body.toString('utf8'),
    json<T>() {
      return JSON.parse(body.toString('utf8')) as T;
    },
  };
}

function retryAfterMs(headers: Headers): number | null {
  const value = headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends the request (built afresh for every try, so each carries its own signature, timestamp or
 * token) and answers the vendor's answer when it is not a server error. Throws
 * `VendorCallError` when every allowed try failed.
 */
export async function callVendor(
  vendor: string,
  build: () => VendorRequest | Promise<VendorRequest>,
  policy: CallPolicy,
): Promise<VendorAnswer> {
  let last: VendorCallError | undefined;
  for (let attempt = 1; attempt <= policy.attempts; attempt += 1) {
    let wait = policy.backoffMs * 2 ** (attempt - 1) * (0.8 + Math.random() * 0.4);
    const request = await build();
    try {
      const response = await fetch(request.url, {
        method: request.method,
        ...(request.headers ? { headers: request.headers } : {}),
        ...(request.body !== undefined ? { body: request.body } : {}),
        signal: AbortSignal.timeout(policy.timeoutMs),
        redirect: 'manual',
      });
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status < 500 && response.status !== 429) {
        return answerOf(response.status, response.headers, body);
      }
      last = new VendorCallError(vendor, 'server', `answered ${response.status}`, response.status);
      const asked = retryAfterMs(response.headers);
      if (asked !== null) {
        if (asked > MAX_RETRY_AFTER_MS) break;
        wait = Math.max(wait, asked);
      }
    } catch (error) {
      const failure = failureOf(error);
      last = new VendorCallError(
        vendor,
        failure,
        failure === 'timeout' ? `no answer within ${policy.timeoutMs} ms` : FAILURE_WORDS[failure],
      );
    }
    if (attempt === policy.attempts || !policy.retryOn(last.failure)) break;
    await sleep(wait);
  }
  throw last ?? new VendorCallError(vendor, 'unreachable', FAILURE_WORDS.unreachable);
}

/** A refusal or an unreadable answer, worded for logs: the vendor's own code, never its body. */
export function vendorRefused(
  vendor: string,
  failure: VendorFailure,
  what: string,
  status?: number,
): VendorCallError {
  return new VendorCallError(vendor, failure, what, status);
}

/** Joins a base address and a path without doubling or losing the slash between them. */
export function vendorUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
