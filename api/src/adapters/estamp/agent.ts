// An e-stamping agent's API (in the shape of Kenal Stamps and the other agents that file stamp
// duty with LHDN's e-duti setem for lenders): every request is signed with HMAC-SHA256 over its
// method, path, timestamp and body hash; a submission carries an idempotency key (the agreement
// number with the document's hash), so a submit tried again after a timeout is the same
// submission; its status is asked until the certificate is issued, then the certificate is
// downloaded. The agent's webhooks (signed the same way) are booked once in the platform's
// records for the providers page.
//
// The documents engine stamps inside the transaction that completes the agreement and waits for
// the certificate; an agent that takes longer than `waitMs` makes the signing answer "try again in
// a few minutes" (the submission stands, so the next try finds it issued). No agent's interface is
// public: the paths, headers and fields below are ours to agree with the chosen agent, and
// docs/providers.md lists them.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

import type { Clock } from '../../kernel/clock';
import type { EstampAgentSettings } from '../../kernel/config-providers';
import {
  type CallPolicy,
  callVendor,
  retryAll,
  type VendorAnswer,
  vendorRefused,
  vendorUrl,
} from '../vendor-http';
import type { EstampSubmissionStore } from './agent-store';
import type { EstampProvider, StampInput } from './port';
import { StampRefused } from './sandbox';

const VENDOR = 'e-stamping agent';
export const ESTAMP_PATHS = {
  submit: '/v1/stampings',
  status: (id: string) => `/v1/stampings/${encodeURIComponent(id)}`,
  certificate: (id: string) => `/v1/stampings/${encodeURIComponent(id)}/certificate`,
} as const;

/** Submissions carry an idempotency key, so every request may be tried again. */
const POLICY: CallPolicy = { timeoutMs: 10_000, attempts: 3, backoffMs: 500, retryOn: retryAll };
/** A webhook older than this is refused: a replay from outside the window proves nothing. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

export type StampingStatus = 'SUBMITTED' | 'PROCESSING' | 'ISSUED' | 'REJECTED';
const STATUSES = new Set<StampingStatus>(['SUBMITTED', 'PROCESSING', 'ISSUED', 'REJECTED']);

interface Stamping {
  id: string;
  status: StampingStatus;
  certificateNo?: string;
  issuedAt?: string;
  reason?: string;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** The signature of a request: method, path (with query), timestamp and the body's hash. */
export function requestSignature(
  secret: string,
  method: string,
  path: string,
  timestamp: string,
  body: string,
): string {
  return createHmac('sha256', secret)
    .update(`${method}\n${path}\n${timestamp}\n${sha256(body)}`)
    .digest('hex');
}

/** The signature of a webhook: its timestamp and its body as sent. */
export function webhookSignature(secret: string, timestamp: string, body: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

export function stampingKey(input: Pick<StampInput, 'agreementNo' | 'documentSha256'>): string {
  return sha256(`${input.agreementNo}\n${input.documentSha256}`);
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface EstampWebhooks {
  /** Whether the webhook is the agent's: signed with the shared secret, and recent. */
  authentic(headers: { timestamp?: string; signature?: string }, body: Buffer): boolean;
  /** Books the webhook once; false when it cannot be read. */
  book(body: unknown): Promise<boolean>;
  /** Submissions by where they stand. */
  counts(): Promise<Record<StampingStatus, number>>;
}

export function agentEstamp(
  settings: Omit<EstampAgentSettings, 'provider'>,
  deps: {
    clock: Clock;
    store: EstampSubmissionStore;
    policy?: Partial<CallPolicy>;
    /** How long one stamping waits for the certificate, and between status questions. */
    waitMs?: number;
    pollMs?: number;
  },
): EstampProvider & { webhooks: EstampWebhooks } {
  const policy = { ...POLICY, ...deps.policy };
  const waitMs = deps.waitMs ?? 8_000;
  const pollMs = deps.pollMs ?? 1_500;

  function signed(method: 'GET' | 'POST', path: string, body = '', extra = {}) {
    return () => {
      const timestamp = String(Math.floor(deps.clock.now().getTime() / 1000));
      return {
        method,
        url: vendorUrl(settings.url, path),
        headers: {
          accept:
            method === 'GET' && path.endsWith('/certificate')
              ? 'application/pdf'
              : 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          'x-key-id': settings.keyId,
          'x-timestamp': timestamp,
          'x-signature': requestSignature(settings.secret, method, path, timestamp, body),
          ...extra,
        },
        ...(body ? { body } : {}),
      };
    };
  }

  function stampingOf(answer: VendorAnswer, what: string): Stamping {
    if (answer.status === 401 || answer.status === 403) {
      throw vendorRefused(VENDOR, 'credentials', `${what} refused our signature`, answer.status);
    }
    if (answer.status === 422 || answer.status === 400) {
      let reason = 'the submission';
      try {
        reason = String(answer.json<{ reason?: unknown }>().reason ?? reason).slice(0, 120);
      } catch {
        // The status alone says it was refused.
      }
      throw new StampRefused(reason);
    }
    if (answer.status !== 200 && answer.status !== 201) {
      throw vendorRefused(VENDOR, 'answer', `${what} answered ${answer.status}`, answer.status);
    }
    let stamping: Stamping;
    try {
      stamping = answer.json<Stamping>();
    } catch {
      throw vendorRefused(VENDOR, 'answer', `${what} answer unreadable`);
    }
    if (typeof stamping.id !== 'string' || !STATUSES.has(stamping.status)) {
      throw vendorRefused(VENDOR, 'answer', `${what} answer without an id or a status`);
    }
    return stamping;
  }

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  return {
    name: 'agent',

    async stamp(input) {
      const body = JSON.stringify({
        instrument: 'MONEYLENDING_AGREEMENT',
        reference: input.agreementNo,
        documentSha256: input.documentSha256,
        stampDutySen: input.stampDutySen,
        parties: input.parties,
      });
      let stamping = stampingOf(
        await callVendor(
          VENDOR,
          signed('POST', ESTAMP_PATHS.submit, body, { 'idempotency-key': stampingKey(input) }),
          policy,
        ),
        'submission',
      );
      const started = Date.now();
      while (stamping.status === 'SUBMITTED' || stamping.status === 'PROCESSING') {
        if (Date.now() - started + pollMs > waitMs) {
          throw vendorRefused(VENDOR, 'answer', 'certificate not issued yet');
        }
        await sleep(pollMs);
        stamping = stampingOf(
          await callVendor(VENDOR, signed('GET', ESTAMP_PATHS.status(stamping.id)), policy),
          'status',
        );
      }
      if (stamping.status === 'REJECTED') {
        throw new StampRefused((stamping.reason ?? 'refused by the stamp office').slice(0, 120));
      }
      const certificate = await callVendor(
        VENDOR,
        signed('GET', ESTAMP_PATHS.certificate(stamping.id)),
        policy,
      );
      if (
        certificate.status !== 200 ||
        !certificate.body.subarray(0, 5).equals(Buffer.from('%PDF-'))
      ) {
        throw vendorRefused(VENDOR, 'answer', `certificate answered ${certificate.status}`);
      }
      if (!stamping.certificateNo) {
        throw vendorRefused(VENDOR, 'answer', 'issued without a certificate number');
      }
      const issuedAt = stamping.issuedAt ? new Date(stamping.issuedAt) : deps.clock.now();
      return {
        certificateNo: stamping.certificateNo,
        pdf: certificate.body,
        issuedAt: Number.isNaN(issuedAt.getTime()) ? deps.clock.now() : issuedAt,
      };
    },

    webhooks: {
      authentic({ timestamp, signature }, body) {
        if (!timestamp || !signature || !/^\d{9,11}$/.test(timestamp)) return false;
        const age = Math.abs(deps.clock.now().getTime() - Number(timestamp) * 1000);
        if (age > WEBHOOK_TOLERANCE_MS) return false;
        return same(signature, webhookSignature(settings.secret, timestamp, body));
      },
      async book(body) {
        const event = body as Partial<Stamping & { stampingId: string; reference: string }>;
        const agentRef = event.stampingId ?? event.id;
        if (typeof agentRef !== 'string' || !event.status || !STATUSES.has(event.status)) {
          return false;
        }
        await deps.store.record({
          agentRef,
          reference: typeof event.reference === 'string' ? event.reference : null,
          status: event.status,
          certificateNo: event.certificateNo ?? null,
          reason: event.reason?.slice(0, 200) ?? null,
          issuedAt: event.issuedAt ? new Date(event.issuedAt) : null,
          at: deps.clock.now(),
        });
        return true;
      },
      counts: () => deps.store.counts(),
    },
  };
}
