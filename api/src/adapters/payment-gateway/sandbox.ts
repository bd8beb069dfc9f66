// The sandbox payment gateway: behaves like Razer Merchant Services. Creating a payment opens a
// transaction behind a single-use link (30 minutes) to the hosted page
// (modules/payments-gateway/sandbox-routes.ts), where the buyer sees the merchant, the order and the
// amount and chooses Paid, Failed (with the bank's or card issuer's reason) or Pending (the bank has
// not answered yet; the same page settles it later). Each outcome owes the merchant signed
// notifications, as the real gateway sends them: one at once and a duplicate of it, and the same
// again a minute later; or, when the buyer asks for a late notification, only later ones. A
// notification is resent until the merchant acknowledges it. Status queries answer signed.
import { createHash, randomBytes, randomInt } from 'node:crypto';

import { addDays, malaysiaInstant } from '@lending/domain';

import type { Clock } from '../../kernel/clock';
import type { PublicUrl } from '../../kernel/public-url';
import type {
  GatewayChannel,
  GatewayKeys,
  GatewayOutcome,
  GatewayOutcomeStatus,
  GatewayPaymentRequest,
  PaymentGateway,
  SettlementReportLine,
} from './port';
import {
  CALLBACK_ACK,
  notificationSkey,
  orderVcode,
  payDate,
  queryAnswerVrfKey,
  queryRequestSkey,
  readSignedNotification,
  readSignedQueryAnswer,
  ringgit,
  sameSignature,
  STATUS_CODES,
} from './protocol';
import type { SandboxGatewayStore, SandboxTransactionRow } from './sandbox-store';

export const PAGE_LINK_TTL_MS = 30 * 60 * 1000;
/** When the gateway sends an outcome's notification again, and when it retries one unanswered. */
export const RESEND_AFTER_MS = 60 * 1000;
export const LATE_NOTIFICATION_MS = 2 * 60 * 1000;
/** The least the gateway takes in one payment. */
export const MIN_AMOUNT_SEN = 100;

/** The reasons a payment fails, as the banks and card issuers word them through the gateway. */
export const SANDBOX_FAILURES: Record<GatewayChannel, readonly { code: string; desc: string }[]> = {
  FPX: [
    { code: 'FPX_51', desc: 'Insufficient funds' },
    { code: 'FPX_1A', desc: 'Buyer cancelled the payment at the bank' },
    { code: 'FPX_XB', desc: 'Bank declined the transaction' },
    { code: 'FPX_45', desc: 'Bank is not available, please try later' },
  ],
  CARD: [
    { code: 'CC_05', desc: 'Card declined by the issuer' },
    { code: 'CC_51', desc: 'Insufficient funds' },
    { code: 'CC_54', desc: 'Card expired' },
    { code: 'CC_3DS', desc: '3-D Secure authentication failed' },
  ],
};
export const EXPIRED_FAILURE = { code: 'EXPIRED', desc: 'Payment session expired' } as const;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type HostedPageLink =
  | { ok: true; transaction: SandboxTransactionRow }
  | { ok: false; reason: 'unknown' | 'used' | 'expired'; language: 'EN' | 'MS' };

export interface DeliveryAnswer {
  status: number;
  body: string;
}

/** How the gateway posts a notification to the merchant's notify URL (form fields). */
export type NotificationDelivery = (
  url: string,
  fields: Record<string, string>,
) => Promise<DeliveryAnswer>;

export interface SandboxGateway extends PaymentGateway {
  /** The transaction behind a link to the hosted page, or why the link cannot be used. */
  openPage(token: string): Promise<HostedPageLink>;
  /**
   * The buyer's outcome on the hosted page; the notifications due at once are delivered before
   * this resolves, so the browser is sent back after them (unless `lateNotification`).
   */
  decide(
    token: string,
    decision: {
      status: GatewayOutcomeStatus;
      failureCode?: string;
      lateNotification?: boolean;
    },
  ): Promise<
    | { ok: true; transaction: SandboxTransactionRow; returnUrl: string }
    | Extract<HostedPageLink, { ok: false }>
    | { ok: false; reason: 'invalid'; language: 'EN' | 'MS' }
  >;
  /** Sends the notifications that are due; how many the merchant acknowledged. */
  deliverDue(): Promise<{ sent: number; acknowledged: number }>;
  /** The failure reasons the page offers for a channel. */
  failures(channel: GatewayChannel): readonly { code: string; desc: string }[];
  settlementReport(from: string, to: string): Promise<SettlementReportLine[]>;
}

export function sandboxPaymentGateway(deps: {
  store: SandboxGatewayStore;
  clock: Clock;
  keys: GatewayKeys;
  publicUrl: PublicUrl;
  deliver: NotificationDelivery;
}): SandboxGateway {
  const { store, clock, keys } = deps;

  function linkState(row: SandboxTransactionRow | undefined): HostedPageLink {
    if (!row) return { ok: false, reason: 'unknown', language: 'EN' };
    if (row.status === 'PAID' || row.status === 'FAILED') {
      return { ok: false, reason: 'used', language: row.language };
    }
    // A pending payment waits for the bank past the link's life; only an unanswered one expires.
    if (row.status === null && row.expiresAt.getTime() <= clock.now().getTime()) {
      return { ok: false, reason: 'expired', language: row.language };
    }
    return { ok: true, transaction: row };
  }

  async function findByToken(token: string) {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
    return store.byTokenHash(hashToken(token));
  }

  /** The signed fields the gateway sends for a transaction's outcome. */
  function outcomeFields(row: SandboxTransactionRow): Record<string, string> {
    const base = {
      tranID: row.tranId,
      orderid: row.orderId,
      status: STATUS_CODES[row.status ?? 'PENDING'],
      domain: row.merchantId,
      amount: ringgit(row.amountSen),
      currency: 'MYR',
      paydate: payDate(row.paidAt ?? row.updatedAt),
      appcode: row.status === 'PAID' ? row.tranId.slice(-6) : '',
    };
    return {
      ...base,
      channel: row.channel === 'FPX' ? 'fpx' : 'credit',
      error_code: row.errorCode ?? '',
      error_desc: row.errorDesc ?? '',
      skey: notificationSkey(base, keys.secretKey),
    };
  }

  /** The gateway's side of a status query: checks the merchant's signature, answers signed. */
  async function answerQuery(params: {
    oID: string;
    domain: string;
    amount: string;
    skey: string;
  }): Promise<Record<string, string> | null> {
    if (
      params.domain !== keys.merchantId ||
      !sameSignature(
        params.skey,
        queryRequestSkey(params.oID, params.domain, keys.verifyKey, params.amount),
      )
    ) {
      throw new Error('the sandbox gateway refused a status query not signed by the merchant');
    }
    let row = await store.latestOfOrder(keys.merchantId, params.oID);
    if (!row) return null;
    if (row.status === null) {
      // Never answered on the page: still open, or abandoned once the link expired.
      if (row.expiresAt.getTime() > clock.now().getTime()) return null;
      row =
        (await store.decide(
          row.id,
          {
            status: 'FAILED',
            errorCode: EXPIRED_FAILURE.code,
            errorDesc: EXPIRED_FAILURE.desc,
            paidAt: null,
          },
          clock.now(),
          () => [],
        )) ?? row;
    }
    const answer = {
      StatCode: STATUS_CODES[row.status ?? 'PENDING'],
      Amount: ringgit(row.amountSen),
      Domain: row.merchantId,
      TranID: row.tranId,
    };
    return {
      ...answer,
      OrderID: row.orderId,
      StatName: row.status === 'PAID' ? 'captured' : row.status === 'FAILED' ? 'failed' : 'pending',
      Channel: row.channel === 'FPX' ? 'fpx' : 'credit',
      PaidDate: row.paidAt ? payDate(row.paidAt) : '',
      ErrorCode: row.errorCode ?? '',
      ErrorDesc: row.errorDesc ?? '',
      VrfKey: queryAnswerVrfKey(answer, keys.secretKey),
    };
  }

  /** The gateway's side of a new order: checks the merchant's `vcode`, opens the hosted page. */
  async function openTransaction(
    request: GatewayPaymentRequest,
    signed: { amount: string; domain: string; vcode: string },
  ) {
    if (
      signed.domain !== keys.merchantId ||
      !sameSignature(
        signed.vcode,
        orderVcode(signed.amount, signed.domain, request.orderId, keys.verifyKey),
      )
    ) {
      throw new Error('the sandbox gateway refused an order not signed by the merchant');
    }
    if (!Number.isInteger(request.amountSen) || request.amountSen < MIN_AMOUNT_SEN) {
      throw new Error(`the gateway takes at least ${ringgit(MIN_AMOUNT_SEN)}`);
    }
    const token = randomBytes(32).toString('base64url');
    await store.insert({
      tranId: String(randomInt(100_000_000, 999_999_999)) + String(randomInt(10, 99)),
      tokenHash: hashToken(token),
      merchantId: keys.merchantId,
      orderId: request.orderId,
      amountSen: request.amountSen,
      channel: request.channel,
      description: request.description,
      language: request.language,
      returnUrl: request.returnUrl,
      notifyUrl: request.notifyUrl,
      expiresAt: new Date(clock.now().getTime() + PAGE_LINK_TTL_MS),
    });
    return { paymentUrl: `${deps.publicUrl()}/api/sandbox/razer/${token}` };
  }

  async function deliverDue() {
    const claimed = await store.claimDue(clock.now(), RESEND_AFTER_MS);
    let acknowledged = 0;
    for (const notification of claimed) {
      const transaction = await store.latestOfOrder(
        keys.merchantId,
        notification.fields.orderid ?? '',
      );
      const url = transaction?.notifyUrl;
      if (!url) continue;
      let answer: DeliveryAnswer;
      try {
        answer = await deps.deliver(url, notification.fields);
      } catch (error) {
        answer = { status: 0, body: error instanceof Error ? error.message : 'unreachable' };
      }
      const ok = answer.status === 200 && answer.body.includes(CALLBACK_ACK);
      if (ok) acknowledged += 1;
      await store.answered(
        notification.id,
        `${answer.status} ${answer.body}`,
        ok ? clock.now() : null,
      );
    }
    return { sent: claimed.length, acknowledged };
  }

  return {
    name: 'sandbox',
    acknowledgement: CALLBACK_ACK,

    failures: (channel) => SANDBOX_FAILURES[channel],

    async createPayment(request: GatewayPaymentRequest) {
      const amount = ringgit(request.amountSen);
      return openTransaction(request, {
        amount,
        domain: keys.merchantId,
        vcode: orderVcode(amount, keys.merchantId, request.orderId, keys.verifyKey),
      });
    },

    readNotification: (fields) => readSignedNotification(fields, keys.merchantId, keys.secretKey),

    async queryOrder(orderId, amountSen): Promise<GatewayOutcome | null> {
      const amount = ringgit(amountSen);
      const answer = await answerQuery({
        oID: orderId,
        domain: keys.merchantId,
        amount,
        skey: queryRequestSkey(orderId, keys.merchantId, keys.verifyKey, amount),
      });
      return answer ? readSignedQueryAnswer(answer, keys.merchantId, keys.secretKey) : null;
    },

    async openPage(token) {
      return linkState(await findByToken(token));
    },

    async decide(token, decision) {
      const state = linkState(await findByToken(token));
      if (!state.ok) return state;
      const row = state.transaction;
      const language = row.language;
      // A pending payment is settled by the bank, never left pending again.
      if (row.status === 'PENDING' && decision.status === 'PENDING') {
        return { ok: false, reason: 'invalid', language };
      }
      let failure: { code: string; desc: string } | undefined;
      if (decision.status === 'FAILED') {
        failure = SANDBOX_FAILURES[row.channel].find((f) => f.code === decision.failureCode);
        if (!failure) return { ok: false, reason: 'invalid', language };
      }
      const at = clock.now();
      const decided = await store.decide(
        row.id,
        {
          status: decision.status,
          errorCode: failure?.code ?? null,
          errorDesc: failure?.desc ?? null,
          paidAt: decision.status === 'PAID' ? at : null,
        },
        at,
        (updated) => {
          const fields = outcomeFields(updated);
          const later = (ms: number) => ({ fields, dueAt: new Date(at.getTime() + ms) });
          return decision.lateNotification
            ? [later(LATE_NOTIFICATION_MS), later(LATE_NOTIFICATION_MS + RESEND_AFTER_MS)]
            : [later(0), later(0), later(RESEND_AFTER_MS)];
        },
      );
      if (!decided) return { ok: false, reason: 'used', language };
      if (!decision.lateNotification) await deliverDue();
      const back = new URL(decided.returnUrl);
      for (const [name, value] of Object.entries(outcomeFields(decided))) {
        back.searchParams.set(name, value);
      }
      return { ok: true, transaction: decided, returnUrl: back.toString() };
    },

    deliverDue,

    // The daily settlement file a gateway sends: every payment it captured, nothing else (failed
    // and pending ones never reach the merchant's bank account).
    async settlementReport(from, to) {
      const rows = await store.paidBetween(
        keys.merchantId,
        malaysiaInstant(from),
        malaysiaInstant(addDays(to, 1)),
      );
      return rows.map((row) => ({
        txnId: row.tranId,
        orderId: row.orderId,
        amountSen: row.amountSen,
        channel: row.channel,
        paidAt: row.paidAt!,
      }));
    },
  };
}
