// iSMS (isms.com.my), a Malaysian HTTP SMS gateway. One form post per message to
// `isms_send_all_id.php` with the account's user name and password, the number without its `+`,
// the text, its type (1 plain, 2 Unicode) and the sender id; the gateway answers `2000 = SUCCESS`
// with the message's id, or a negative code. Its delivery receipts are posted back to the
// platform with that id (modules/providers), with the shared secret as HTTP basic auth.
//
// The gateway takes no idempotency key: a send that timed out or broke after it went out may
// have been delivered, so it is never sent again (the person asks for a new code instead); only a
// send that never reached the gateway, or that it answered with a server error, is tried again.
// The codes and field names follow the gateway's published HTTP API as we know it: check them,
// and whether Unicode text goes as UTF-8 or hex, against its current document (docs/providers.md).
import { timingSafeEqual } from 'node:crypto';

import type { Clock } from '../../kernel/clock';
import type { IsmsSettings } from '../../kernel/config-providers';
import {
  type CallPolicy,
  callVendor,
  retryUnsent,
  type VendorFailure,
  vendorRefused,
  vendorUrl,
} from '../vendor-http';
import type { SmsDeliveryStore } from './deliveries-store';
import type { SmsDeliveryStatus, SmsReceipts, SmsSender } from './port';
import { encodeSms, MAX_PARTS } from './segments';

const VENDOR = 'iSMS';
export const SEND_PATH = '/isms_send_all_id.php';

const POLICY: CallPolicy = { timeoutMs: 10_000, attempts: 3, backoffMs: 500, retryOn: retryUnsent };

/** The gateway's refusals, and whether they are about our account (credentials, credit). */
export const ISMS_CODES: Record<string, { words: string; failure: VendorFailure }> = {
  '-1000': { words: 'unknown error', failure: 'answer' },
  '-1001': { words: 'authentication failed', failure: 'credentials' },
  '-1002': { words: 'account suspended or expired', failure: 'credentials' },
  '-1003': { words: 'IP address not allowed', failure: 'credentials' },
  '-1004': { words: 'insufficient credits', failure: 'credentials' },
  '-1005': { words: 'invalid SMS type', failure: 'answer' },
  '-1006': { words: 'invalid body length', failure: 'answer' },
  '-1007': { words: 'invalid hex body', failure: 'answer' },
  '-1008': { words: 'missing parameter', failure: 'answer' },
  '-1009': { words: 'invalid destination number', failure: 'answer' },
  '-1012': { words: 'invalid message type', failure: 'answer' },
  '-1013': { words: 'terms and agreement not accepted', failure: 'answer' },
};

/** The receipt words the gateway relays from the network, and what they mean here. */
const RECEIPT_STATUS: Record<string, SmsDeliveryStatus> = {
  DELIVRD: 'DELIVERED',
  DELIVERED: 'DELIVERED',
  UNDELIV: 'FAILED',
  REJECTD: 'FAILED',
  FAILED: 'FAILED',
  EXPIRED: 'EXPIRED',
  ACCEPTD: 'SENT',
  ENROUTE: 'SENT',
};

/** `+60123456789` as `+60******6789`: enough for an admin to tell messages apart. */
export function maskNumber(e164: string): string {
  const digits = e164.replace(/\D/g, '');
  return `+${digits.slice(0, 2)}${'*'.repeat(Math.max(0, digits.length - 6))}${digits.slice(-4)}`;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

interface Log {
  warn(details: object, message: string): void;
}

export function ismsSms(
  settings: Omit<IsmsSettings, 'provider'>,
  deps: { store: SmsDeliveryStore; clock: Clock; log: Log; policy?: Partial<CallPolicy> },
): SmsSender & { receipts: SmsReceipts } {
  const policy = { ...POLICY, ...deps.policy };
  return {
    provider: 'isms',

    async send(message) {
      const encoded = encodeSms(message.body);
      if (encoded.parts > MAX_PARTS) {
        throw vendorRefused(VENDOR, 'answer', `message too long (${encoded.parts} parts)`);
      }
      const destination = message.to.replace(/^\+/, '');
      if (!/^\d{8,15}$/.test(destination)) {
        throw vendorRefused(VENDOR, 'answer', 'not a phone number in E.164');
      }
      const answer = await callVendor(
        VENDOR,
        () => ({
          method: 'POST',
          url: vendorUrl(settings.url, SEND_PATH),
          headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
          body: new URLSearchParams({
            un: settings.username,
            pwd: settings.password,
            dstno: destination,
            msg: encoded.text,
            type: encoded.unicode ? '2' : '1',
            ...(settings.senderId ? { sendid: settings.senderId } : {}),
            agreedterm: 'YES',
          }).toString(),
        }),
        policy,
      );
      const said = answer.text().trim();
      const code = /^-?\d+/.exec(said)?.[0] ?? '';
      if (answer.status !== 200 || code !== '2000') {
        const known = ISMS_CODES[code];
        throw vendorRefused(
          VENDOR,
          known?.failure ?? 'answer',
          known ? `${code} ${known.words}` : `unexpected answer (${answer.status})`,
          answer.status,
        );
      }
      // `2000 = SUCCESS` then the message id, on the same line or the next.
      const providerRef = /SUCCESS\s*[\s:,-]*([A-Za-z0-9_-]{1,100})/i.exec(said)?.[1];
      if (!providerRef) return;
      try {
        await deps.store.sent({
          providerRef,
          recipientMasked: maskNumber(message.to),
          parts: encoded.parts,
          at: deps.clock.now(),
        });
      } catch (error) {
        // The message went out; only its receipts will not be matched.
        deps.log.warn(
          { error: error instanceof Error ? error.name : 'unknown' },
          'sms delivery not recorded',
        );
      }
    },

    receipts: {
      authentic(authorization) {
        const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization ?? '');
        if (!match) return false;
        const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
        const at = decoded.indexOf(':');
        return at >= 0 && sameSecret(decoded.slice(at + 1), settings.receiptSecret);
      },
      async book(fields) {
        const providerRef = (fields.msgid ?? fields.msg_id ?? '').trim();
        const said = (fields.status ?? '').trim().toUpperCase();
        const status = RECEIPT_STATUS[said];
        if (!providerRef || providerRef.length > 100 || !status) return false;
        return deps.store.receipt(providerRef, status, said, deps.clock.now());
      },
      counts: (since) => deps.store.counts(since),
    },
  };
}
