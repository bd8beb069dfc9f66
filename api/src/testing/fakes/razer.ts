// A contract fake of Razer Merchant Services (Fiuu) as its API spec describes it: the hosted page
// checks the order's vcode = md5(amount + merchant id + order id + verify key); the buyer's choice
// makes a transaction whose callbacks (nbcb=1) are signed skey = md5(paydate + domain +
// md5(tranID + orderid + status + domain + amount + currency) + appcode + secret key) and resent
// until answered CBTOKEN:MPSTATOK; the query by order id checks skey = md5(oID + domain +
// verify key + amount) and answers signed VrfKey = md5(Amount + secret key + Domain + TranID +
// StatCode). The formulas are written out here again, from the spec, not taken from the product.
import { createHash, randomInt } from 'node:crypto';

import { malaysiaWallTime } from '@lending/domain';

import {
  type FakeServer,
  json,
  type Post,
  postOverHttp,
  startFakeServer,
  text,
} from './fake-server';

const md5 = (value: string) => createHash('md5').update(value, 'utf8').digest('hex');

export type RazerStatus = '00' | '11' | '22';

export interface RazerOrder {
  orderId: string;
  amount: string;
  channel: string;
  returnUrl: string;
  callbackUrl: string;
}

export interface RazerTransaction {
  tranID: string;
  orderid: string;
  status: RazerStatus;
  amount: string;
  paydate: string;
  appcode: string;
  error_code: string;
  error_desc: string;
}

export interface RazerFake {
  server: FakeServer;
  url: string;
  orders: Map<string, RazerOrder>;
  /** Every transaction of each order, oldest first. */
  transactions: Map<string, RazerTransaction[]>;
  /** The answers the merchant gave the callbacks. */
  callbackAnswers: { tranID: string; status: number; body: string }[];
  /** The buyer's outcome of a new transaction on the order (as the hosted page takes it). */
  decide(
    orderId: string,
    status: RazerStatus,
    failure?: { code: string; desc: string },
  ): RazerTransaction;
  /** The transaction's outcome settled later by the bank (a pending payment paid). */
  settle(tranID: string, status: '00' | '11'): RazerTransaction;
  /** The signed fields of a transaction, as callbacks and the return carry them. */
  fieldsOf(transaction: RazerTransaction): Record<string, string>;
  /** Posts the transaction's callback to the order's callback address. */
  callback(transaction: RazerTransaction, fields?: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

/** Razer writes a payment's date in Malaysia time. */
function payDate(at: Date): string {
  return malaysiaWallTime(at).slice(0, 19).replace('T', ' ');
}

export async function startRazerFake(options: {
  merchantId: string;
  verifyKey: string;
  secretKey: string;
  /** How callbacks reach the merchant (in-process in suites); HTTP otherwise. */
  post?: Post;
}): Promise<RazerFake> {
  const { merchantId, verifyKey, secretKey } = options;
  const post = options.post ?? postOverHttp;
  const orders = new Map<string, RazerOrder>();
  const transactions = new Map<string, RazerTransaction[]>();
  const callbackAnswers: RazerFake['callbackAnswers'] = [];

  function fieldsOf(transaction: RazerTransaction): Record<string, string> {
    const order = orders.get(transaction.orderid);
    const key0 = md5(
      `${transaction.tranID}${transaction.orderid}${transaction.status}${merchantId}${transaction.amount}MYR`,
    );
    return {
      nbcb: '1',
      tranID: transaction.tranID,
      orderid: transaction.orderid,
      status: transaction.status,
      domain: merchantId,
      amount: transaction.amount,
      currency: 'MYR',
      appcode: transaction.appcode,
      paydate: transaction.paydate,
      channel: order?.channel ?? 'fpx',
      error_code: transaction.error_code,
      error_desc: transaction.error_desc,
      skey: md5(`${transaction.paydate}${merchantId}${key0}${transaction.appcode}${secretKey}`),
    };
  }

  function decide(orderId: string, status: RazerStatus, failure?: { code: string; desc: string }) {
    const order = orders.get(orderId);
    if (!order) throw new Error(`the fake gateway has no order ${orderId}`);
    const transaction: RazerTransaction = {
      tranID: String(randomInt(100_000_000, 999_999_999)),
      orderid: orderId,
      status,
      amount: order.amount,
      paydate: payDate(new Date()),
      appcode: status === '00' ? String(randomInt(100_000, 999_999)) : '',
      error_code: status === '11' ? (failure?.code ?? 'FPX_51') : '',
      error_desc: status === '11' ? (failure?.desc ?? 'Insufficient funds') : '',
    };
    transactions.set(orderId, [...(transactions.get(orderId) ?? []), transaction]);
    return transaction;
  }

  async function callback(transaction: RazerTransaction, fields = fieldsOf(transaction)) {
    const order = orders.get(transaction.orderid)!;
    const answer = await post(order.callbackUrl, new URLSearchParams(fields).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    callbackAnswers.push({ tranID: transaction.tranID, ...answer });
  }

  const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  function hostedPage(order: RazerOrder): string {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Razer checkout</title></head>
<body><main><h1>Fake Razer checkout</h1><p>Order ${escape(order.orderId)}: RM ${escape(order.amount)}</p>
<form method="post" action="/fake/decide"><input type="hidden" name="orderid" value="${escape(order.orderId)}">
<button name="status" value="00">Pay</button> <button name="status" value="11">Fail</button>
<button name="status" value="22">Leave pending</button></form></main></body></html>`;
  }

  /** The browser goes back to the merchant by a form post, as the gateway sends it. */
  function returnPage(order: RazerOrder, fields: Record<string, string>): string {
    const inputs = Object.entries(fields)
      .map(
        ([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`,
      )
      .join('');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Returning</title></head>
<body><form method="post" action="${escape(order.returnUrl)}">${inputs}<button>Return to merchant</button></form>
<script>document.forms[0].submit()</script></body></html>`;
  }

  const pagePath = `/RMS/pay/${merchantId}/`;
  const server = await startFakeServer(async (request) => {
    if (request.method === 'GET' && request.path === pagePath) {
      const q = Object.fromEntries(request.query);
      const expected = md5(`${q.amount}${merchantId}${q.orderid}${verifyKey}`);
      if (!q.orderid || !q.amount || q.vcode !== expected) {
        return text(400, 'Invalid vcode / parameters');
      }
      const order: RazerOrder = {
        orderId: q.orderid,
        amount: q.amount,
        channel: q.channel ?? 'fpx',
        returnUrl: q.returnurl ?? '',
        callbackUrl: q.callbackurl ?? '',
      };
      orders.set(order.orderId, order);
      return text(200, hostedPage(order), 'text/html');
    }
    if (request.method === 'POST' && request.path === '/fake/decide') {
      const form = request.form();
      const order = orders.get(form.orderid ?? '');
      if (!order) return text(404, 'No such order');
      const transaction = decide(order.orderId, (form.status ?? '11') as RazerStatus);
      // The callback goes out before the browser returns, and again (as the gateway repeats it).
      await callback(transaction);
      await callback(transaction);
      return text(200, returnPage(order, fieldsOf(transaction)), 'text/html');
    }
    if (request.method === 'GET' && request.path === '/RMS/query/q_by_oid.php') {
      const q = Object.fromEntries(request.query);
      if (
        q.domain !== merchantId ||
        q.skey !== md5(`${q.oID}${merchantId}${verifyKey}${q.amount}`)
      ) {
        return json(200, { error_code: 'P02', error_desc: 'Invalid skey or merchant ID' });
      }
      const latest = transactions.get(q.oID ?? '')?.at(-1);
      if (!latest) return json(200, { error_code: 'P03', error_desc: 'Transaction not found' });
      const answer = {
        StatCode: latest.status,
        Amount: latest.amount,
        Domain: merchantId,
        TranID: latest.tranID,
      };
      return json(200, {
        ...answer,
        OrderID: latest.orderid,
        StatName:
          latest.status === '00' ? 'captured' : latest.status === '11' ? 'failed' : 'pending',
        Channel: orders.get(latest.orderid)?.channel ?? 'fpx',
        Currency: 'MYR',
        PaidDate: latest.status === '00' ? latest.paydate : '',
        ErrorCode: latest.error_code,
        ErrorDesc: latest.error_desc,
        VrfKey: md5(
          `${answer.Amount}${secretKey}${answer.Domain}${answer.TranID}${answer.StatCode}`,
        ),
      });
    }
    return text(404, 'Not found');
  });

  return {
    server,
    url: server.url,
    orders,
    transactions,
    callbackAnswers,
    decide,
    settle(tranID, status) {
      for (const list of transactions.values()) {
        const found = list.find((transaction) => transaction.tranID === tranID);
        if (found) {
          found.status = status;
          found.paydate = payDate(new Date());
          found.appcode = status === '00' ? String(randomInt(100_000, 999_999)) : '';
          return found;
        }
      }
      throw new Error(`the fake gateway has no transaction ${tranID}`);
    },
    fieldsOf,
    callback,
    close: () => server.close(),
  };
}
