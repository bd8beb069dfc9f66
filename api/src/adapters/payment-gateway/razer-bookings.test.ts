// Paying online with the Razer provider, the platform whole against the gateway's contract fake:
// callbacks repeated, late and out of order, and status queries that time out before they
// answer, each book the payment once; a callback not signed with the merchant's key books nothing;
// no key reaches the log.
import { GATEWAY_PAYMENT_PATHS, RECONCILIATION_PATHS } from '@lending/contracts';
import { addDays, malaysiaDate } from '@lending/domain';
import { eq } from 'drizzle-orm';

import * as t from '../../db/schema';
import { SANDBOX_PROVIDERS } from '../../kernel/config-providers';
import { agreementAt, approvedApplicant, paidOut } from '../../testing/agreements';
import { type Caller, caller } from '../../testing/auth-helpers';
import { type StaffMember, staffMember } from '../../testing/decisions';
import { captureLog } from '../../testing/fakes/captured-log';
import { postInto } from '../../testing/fakes/post-into';
import { type RazerFake, startRazerFake } from '../../testing/fakes/razer';
import { openTestApp, type TestApp } from '../../testing/test-db';
import { payDate, ringgit } from './protocol';

const KEYS = {
  merchantId: 'lender_razer',
  verifyKey: 'verify-key-0b9e2c7a61f4d358',
  secretKey: 'secret-key-d47a1e9c3b08f562',
};

describe('paying through Razer Merchant Services (contract fake)', () => {
  let app: TestApp;
  let fake: RazerFake;
  let call: Caller;
  let officer: StaffMember;
  let approver: StaffMember;
  const log = captureLog();

  beforeAll(async () => {
    fake = await startRazerFake({ ...KEYS, post: postInto(() => app.app) });
    app = await openTestApp('pglite', {
      paymentGateway: KEYS,
      publicUrl: 'https://lend.example.com',
      logLevel: 'info',
      logStream: log.stream,
      providers: {
        ...SANDBOX_PROVIDERS,
        paymentGateway: { provider: 'razer', paymentUrl: fake.url, apiUrl: fake.url },
        timing: { timeoutMs: 300, backoffMs: 10 },
      },
    });
    call = caller(app.app);
    officer = await staffMember(app.db.orm, call, ['CREDIT_OFFICER']);
    approver = await staffMember(app.db.orm, call, ['APPROVER']);
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  async function disbursedLoan() {
    const approved = await approvedApplicant(app.db.orm, call);
    const agreement = await agreementAt(app.db.orm, approved, 'PENDING_DISBURSEMENT');
    await paidOut(app.db.orm, call, agreement, { officer, approver });
    return { token: approved.applicant.token, agreement };
  }

  /** An order started by the borrower and opened on the gateway's page. */
  async function openedOrder(loan: Awaited<ReturnType<typeof disbursedLoan>>) {
    const started = await call('POST', GATEWAY_PAYMENT_PATHS.create, {
      token: loan.token,
      body: { agreementId: loan.agreement.id, channel: 'FPX' },
    });
    expect(started.status).toBe(201);
    const page = await fetch(started.body.paymentUrl as string);
    expect(page.status).toBe(200);
    return started.body.payment as { orderId: string; amountSen: number };
  }

  const payments = (agreementId: string) =>
    app.db.orm.select().from(t.payments).where(eq(t.payments.agreementId, agreementId));
  const orderOf = async (orderId: string) =>
    (
      await app.db.orm
        .select()
        .from(t.gatewayPayments)
        .where(eq(t.gatewayPayments.orderId, orderId))
    )[0]!;

  it('books a payment once when its callbacks come twice and a late pending one comes last', async () => {
    const loan = await disbursedLoan();
    const order = await openedOrder(loan);
    // The bank keeps the buyer waiting, then pays; the pending word is delivered last.
    const attempt = fake.decide(order.orderId, '22');
    const pendingWord = fake.fieldsOf(attempt);
    fake.settle(attempt.tranID, '00');
    await fake.callback(attempt);
    await fake.callback(attempt);
    await fake.callback(attempt, pendingWord);
    expect(fake.callbackAnswers.slice(-3)).toEqual([
      { tranID: attempt.tranID, status: 200, body: 'CBTOKEN:MPSTATOK' },
      { tranID: attempt.tranID, status: 200, body: 'CBTOKEN:MPSTATOK' },
      { tranID: attempt.tranID, status: 200, body: 'CBTOKEN:MPSTATOK' },
    ]);
    expect(await orderOf(order.orderId)).toMatchObject({
      status: 'PAID',
      gatewayTxnId: attempt.tranID,
    });
    const booked = await payments(loan.agreement.id);
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ amountSen: order.amountSen, externalRef: attempt.tranID });
  }, 60_000);

  it('books once when the status query timed out first and the callback comes after', async () => {
    const loan = await disbursedLoan();
    const order = await openedOrder(loan);
    const attempt = fake.decide(order.orderId, '00');
    for (let i = 0; i < 3; i++) fake.server.fault('/RMS/query', { kind: 'slow', ms: 1_000 });
    // The borrower's screen asks while the gateway is slow: nothing is known, nothing is booked.
    const waiting = await call('GET', GATEWAY_PAYMENT_PATHS.order(order.orderId), {
      token: loan.token,
    });
    expect(waiting.body).toMatchObject({ status: 'PENDING', receiptNo: null });
    // The gateway answers the next time, then its callback arrives too.
    const answered = await call('GET', GATEWAY_PAYMENT_PATHS.order(order.orderId), {
      token: loan.token,
    });
    expect(answered.body).toMatchObject({ status: 'PAID' });
    expect(answered.body.receiptNo).toEqual(expect.any(String));
    await fake.callback(attempt);
    expect(fake.callbackAnswers.at(-1)).toMatchObject({ status: 200, body: 'CBTOKEN:MPSTATOK' });
    expect(await payments(loan.agreement.id)).toHaveLength(1);
  }, 60_000);

  it('sends the browser to the result once the gateway confirms the return', async () => {
    const loan = await disbursedLoan();
    const order = await openedOrder(loan);
    const fields = fake.fieldsOf(fake.decide(order.orderId, '11'));
    const back = await app.app.inject({
      method: 'POST',
      url: GATEWAY_PAYMENT_PATHS.return,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(back.statusCode).toBe(303);
    expect(String(back.headers.location)).toBe(
      `https://lend.example.com/payment-result?orderId=${order.orderId}`,
    );
    expect(await orderOf(order.orderId)).toMatchObject({
      status: 'FAILED',
      failureReason: 'Insufficient funds',
    });
    expect(await payments(loan.agreement.id)).toHaveLength(0);
  }, 60_000);

  it('refuses a callback signed with another key, and books nothing of it', async () => {
    const loan = await disbursedLoan();
    const order = await openedOrder(loan);
    const attempt = fake.decide(order.orderId, '00');
    await fake.callback(attempt, { ...fake.fieldsOf(attempt), skey: 'e'.repeat(32) });
    expect(fake.callbackAnswers.at(-1)).toMatchObject({ status: 400 });
    expect(JSON.parse(fake.callbackAnswers.at(-1)!.body)).toMatchObject({
      code: 'GATEWAY_SIGNATURE_INVALID',
    });
    expect(await orderOf(order.orderId)).toMatchObject({ status: 'PENDING' });
    expect(await payments(loan.agreement.id)).toHaveLength(0);
  }, 60_000);

  it('has no settlement report to fetch: finance reconciles the one it uploads', async () => {
    const finance = await staffMember(app.db.orm, call, ['FINANCE']);
    const loan = await disbursedLoan();
    const order = await openedOrder(loan);
    const attempt = fake.decide(order.orderId, '00');
    await fake.callback(attempt);
    const paid = await orderOf(order.orderId);
    expect(paid.status).toBe('PAID');
    const day = malaysiaDate(paid.paidAt!);
    const span = { tenant: paid.tenant, from: addDays(day, -1), to: addDays(day, 1) };

    const fetched = await call('POST', RECONCILIATION_PATHS.runs, {
      token: finance.token,
      body: span,
    });
    expect(fetched).toMatchObject({
      status: 409,
      body: {
        code: 'RECONCILIATION_NO_REPORT',
        message:
          'The payment gateway in use publishes no settlement report the platform can fetch: upload it as CSV',
      },
    });
    const csv = [
      'txn_id,order_id,amount,currency,channel,paid_at',
      [
        attempt.tranID,
        order.orderId,
        ringgit(order.amountSen),
        'MYR',
        'fpx',
        payDate(paid.paidAt!),
      ].join(','),
    ].join('\n');
    const uploaded = await call('POST', RECONCILIATION_PATHS.runs, {
      token: finance.token,
      body: { ...span, csv },
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.source).toBe('UPLOAD');
    expect(uploaded.body.counts).toMatchObject({ matched: 1, reportOnly: 0, amountDifferences: 0 });
    expect(
      uploaded.body.lines.find((line: { txnId: string }) => line.txnId === attempt.tranID),
    ).toMatchObject({ kind: 'MATCHED', bookedAmountSen: order.amountSen });
  });

  it('keeps the merchant’s keys out of the log', () => {
    const logged = log.text();
    expect(logged).toContain('payment gateway status query failed');
    for (const secret of [KEYS.verifyKey, KEYS.secretKey]) expect(logged).not.toContain(secret);
  });
});
