// Razer Merchant Services (Fiuu), the real gateway. The order goes to the gateway as the hosted
// page's address, signed with its `vcode` (nothing is sent ahead: the buyer's browser carries it);
// the gateway's word comes back as signed callbacks (`callbackurl`, answered `CBTOKEN:MPSTATOK`)
// and the browser's return, and is asked for by order id at the merchant API (`q_by_oid`). The
// signatures are protocol.ts's, the same the sandbox speaks.
//
// The details below follow the gateway's published API spec as we know it; docs/providers.md lists
// what to check against the merchant's current spec before going live (the page's path and field
// names, the query's address and its "no such order" answer).
import { type CallPolicy, callVendor, retryAll, vendorRefused, vendorUrl } from '../vendor-http';
import type { GatewayChannel, GatewayKeys, GatewayOutcome, PaymentGateway } from './port';
import {
  CALLBACK_ACK,
  orderVcode,
  queryRequestSkey,
  readSignedNotification,
  readSignedQueryAnswer,
  ringgit,
} from './protocol';

const VENDOR = 'Razer Merchant Services';

/** The hosted page of the merchant (`/RMS/pay/<merchant id>/`). */
export const HOSTED_PAGE_PATH = (merchantId: string) =>
  `/RMS/pay/${encodeURIComponent(merchantId)}/`;
/** The status query by order id: the order's latest transaction, signed. */
export const QUERY_BY_ORDER_PATH = '/RMS/query/q_by_oid.php';

/** The gateway's names of the channels the buyer is sent to. */
const CHANNELS: Record<GatewayChannel, string> = { FPX: 'fpx', CARD: 'credit' };

/** A status query is a read: asked again after a timeout or a server error, it changes nothing. */
const QUERY_POLICY: CallPolicy = {
  timeoutMs: 10_000,
  attempts: 3,
  backoffMs: 500,
  retryOn: retryAll,
};

/** The gateway's answer for an order it has no transaction of (the buyer never reached it). */
const NO_SUCH_ORDER = /not\s*found|no\s*(such\s*)?(record|transaction)/i;

/** A query's answer: JSON (`format=1`), or the older `Key: Value` lines. */
function readAnswer(text: string): Record<string, string> | null {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed = JSON.parse(trimmed) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(parsed).map(([key, value]) => [key, value === null ? '' : String(value)]),
      );
    } catch {
      return null;
    }
  }
  const fields: Record<string, string> = {};
  for (const line of trimmed.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) fields[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return Object.keys(fields).length > 0 ? fields : null;
}

export function razerPaymentGateway(options: {
  keys: GatewayKeys;
  paymentUrl: string;
  apiUrl: string;
  /** Shorter waits for tests; the gateway's own otherwise. */
  policy?: Partial<CallPolicy>;
}): PaymentGateway {
  const { keys } = options;
  const policy = { ...QUERY_POLICY, ...options.policy };
  return {
    name: 'razer',
    acknowledgement: CALLBACK_ACK,

    async createPayment(request) {
      const amount = ringgit(request.amountSen);
      const page = new URL(vendorUrl(options.paymentUrl, HOSTED_PAGE_PATH(keys.merchantId)));
      const fields: Record<string, string> = {
        amount,
        orderid: request.orderId,
        bill_desc: request.description,
        currency: 'MYR',
        country: 'MY',
        channel: CHANNELS[request.channel],
        langcode: request.language === 'MS' ? 'ms' : 'en',
        returnurl: request.returnUrl,
        callbackurl: request.notifyUrl,
        vcode: orderVcode(amount, keys.merchantId, request.orderId, keys.verifyKey),
      };
      for (const [name, value] of Object.entries(fields)) page.searchParams.set(name, value);
      return { paymentUrl: page.toString() };
    },

    readNotification: (fields) => readSignedNotification(fields, keys.merchantId, keys.secretKey),

    async queryOrder(orderId, amountSen): Promise<GatewayOutcome | null> {
      const amount = ringgit(amountSen);
      const query = new URLSearchParams({
        amount,
        oID: orderId,
        domain: keys.merchantId,
        skey: queryRequestSkey(orderId, keys.merchantId, keys.verifyKey, amount),
        type: '0',
        format: '1',
      });
      const answer = await callVendor(
        VENDOR,
        () => ({
          method: 'GET',
          url: `${vendorUrl(options.apiUrl, QUERY_BY_ORDER_PATH)}?${query.toString()}`,
        }),
        policy,
      );
      if (answer.status !== 200) {
        throw vendorRefused(
          VENDOR,
          'answer',
          `status query answered ${answer.status}`,
          answer.status,
        );
      }
      const fields = readAnswer(answer.text());
      if (!fields) throw vendorRefused(VENDOR, 'answer', 'status query answer unreadable');
      if (!fields.StatCode) {
        const said = `${fields.error_code ?? ''} ${fields.error_desc ?? ''}`;
        if (NO_SUCH_ORDER.test(said)) return null;
        throw vendorRefused(
          VENDOR,
          /skey|key|auth/i.test(said) ? 'credentials' : 'answer',
          `status query refused (${(fields.error_code ?? 'no code').slice(0, 20)})`,
        );
      }
      try {
        return readSignedQueryAnswer(fields, keys.merchantId, keys.secretKey);
      } catch (error) {
        throw vendorRefused(
          VENDOR,
          'answer',
          error instanceof Error ? error.message : 'status answer not believed',
        );
      }
    },
  };
}
