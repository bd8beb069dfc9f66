// The Razer Merchant Services wire format: ringgit amounts as "123.45", status codes ("00" paid,
// "11" failed, "22" pending) and the MD5 signatures the gateway defines. MD5 is the gateway's
// choice, not ours; every comparison is constant-time.
import { createHash, timingSafeEqual } from 'node:crypto';

import { isIsoDate, malaysiaInstant, malaysiaWallTime } from '@lending/domain';

import type { GatewayOutcome, GatewayOutcomeStatus } from './port';

export const STATUS_CODES: Record<GatewayOutcomeStatus, string> = {
  PAID: '00',
  FAILED: '11',
  PENDING: '22',
};
const STATUS_OF_CODE: Record<string, GatewayOutcomeStatus> = {
  '00': 'PAID',
  '11': 'FAILED',
  '22': 'PENDING',
};

/** The answer the gateway waits for before it stops resending a notification. */
export const CALLBACK_ACK = 'CBTOKEN:MPSTATOK';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

export function sameSignature(a: string, b: string): boolean {
  const left = Buffer.from(a.toLowerCase());
  const right = Buffer.from(b.toLowerCase());
  return left.length === right.length && timingSafeEqual(left, right);
}

export function ringgit(amountSen: number): string {
  return `${Math.floor(amountSen / 100)}.${String(amountSen % 100).padStart(2, '0')}`;
}

/** Sen from the wire's ringgit, or null when it is not an amount with at most two decimals. */
export function senOf(amount: string | undefined): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount ?? '');
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** The order's `vcode`: proves the amount and order id came from the merchant. */
export function orderVcode(amount: string, merchantId: string, orderId: string, verifyKey: string) {
  return md5(`${amount}${merchantId}${orderId}${verifyKey}`);
}

/** A notification's `skey`, over the fields that decide the outcome. */
export function notificationSkey(
  fields: {
    tranID: string;
    orderid: string;
    status: string;
    domain: string;
    amount: string;
    currency: string;
    paydate: string;
    appcode: string;
  },
  secretKey: string,
): string {
  const key0 = md5(
    `${fields.tranID}${fields.orderid}${fields.status}${fields.domain}${fields.amount}${fields.currency}`,
  );
  return md5(`${fields.paydate}${fields.domain}${key0}${fields.appcode}${secretKey}`);
}

/** A status query's `skey`: proves the query came from the merchant. */
export function queryRequestSkey(
  orderId: string,
  merchantId: string,
  verifyKey: string,
  amount: string,
) {
  return md5(`${orderId}${merchantId}${verifyKey}${amount}`);
}

/** A status answer's `VrfKey`: proves the answer came from the gateway. */
export function queryAnswerVrfKey(
  answer: { Amount: string; Domain: string; TranID: string; StatCode: string },
  secretKey: string,
): string {
  return md5(`${answer.Amount}${secretKey}${answer.Domain}${answer.TranID}${answer.StatCode}`);
}

/** "YYYY-MM-DD HH:MM:SS" in Malaysia time, as the gateway writes a payment's date. */
export function payDate(at: Date): string {
  return malaysiaWallTime(at).slice(0, 19).replace('T', ' ');
}

export function dateOfPayDate(text: string | undefined): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text ?? '');
  if (!match || !isIsoDate(match[1]!)) return null;
  try {
    return malaysiaInstant(match[1]!, match[2]!);
  } catch {
    return null;
  }
}

/** The outcome a notification's fields carry when its `skey` holds for this merchant. */
export function readSignedNotification(
  fields: Readonly<Record<string, string | undefined>>,
  merchantId: string,
  secretKey: string,
): GatewayOutcome | null {
  const { tranID, orderid, status, domain, amount, currency, paydate, appcode, skey } = fields;
  if (!tranID || !orderid || !status || !domain || !amount || !currency || !skey) return null;
  if (domain !== merchantId || currency !== 'MYR') return null;
  const expected = notificationSkey(
    {
      tranID,
      orderid,
      status,
      domain,
      amount,
      currency,
      paydate: paydate ?? '',
      appcode: appcode ?? '',
    },
    secretKey,
  );
  if (!sameSignature(skey, expected)) return null;
  const outcome = STATUS_OF_CODE[status];
  const amountSen = senOf(amount);
  if (!outcome || amountSen === null) return null;
  return {
    orderId: orderid,
    txnId: tranID,
    amountSen,
    status: outcome,
    errorCode: fields.error_code || null,
    errorDesc: fields.error_desc || null,
    paidAt: outcome === 'PAID' ? dateOfPayDate(paydate) : null,
  };
}

/** The outcome a status answer carries when its `VrfKey` holds; throws when it does not. */
export function readSignedQueryAnswer(
  answer: Readonly<Record<string, string | undefined>>,
  merchantId: string,
  secretKey: string,
): GatewayOutcome {
  const { StatCode, TranID, Amount, Domain, VrfKey, OrderID } = answer;
  if (!StatCode || !TranID || !Amount || !Domain || !VrfKey || !OrderID || Domain !== merchantId) {
    throw new Error('the gateway answered a status query without its fields');
  }
  if (!sameSignature(VrfKey, queryAnswerVrfKey({ Amount, Domain, TranID, StatCode }, secretKey))) {
    throw new Error('the gateway’s status answer is not signed with our key');
  }
  const status = STATUS_OF_CODE[StatCode];
  const amountSen = senOf(Amount);
  if (!status || amountSen === null) throw new Error('the gateway answered an unknown status');
  return {
    orderId: OrderID,
    txnId: TranID,
    amountSen,
    status,
    errorCode: answer.ErrorCode || null,
    errorDesc: answer.ErrorDesc || null,
    paidAt: status === 'PAID' ? dateOfPayDate(answer.PaidDate) : null,
  };
}
