import { GATEWAY_PAYMENT_PATHS, REPAYMENT_PATHS } from '@lending/contracts';
import { and, eq } from 'drizzle-orm';

import { notificationSkey, ringgit } from '../../adapters/payment-gateway/protocol';
import * as t from '../../db/schema';
import { type FixedClock, fixedClock } from '../../kernel/clock';
import { agreementAt, approvedApplicant, paidOut } from '../../testing/agreements';
import { type Caller, caller } from '../../testing/auth-helpers';
import { applicant, type StaffMember, staffMember } from '../../testing/decisions';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

const KEYS = {
  merchantId: 'lending_test',
  verifyKey: 'test-verify-key-0123456789abcdef',
  secretKey: 'test-secret-key-0123456789abcdef',
};
const PUBLIC_URL = 'https://lend.example.com';

describe.each(databases('concurrency'))('paying through the payment gateway (%s)', (kind) => {
  let app: TestApp;
  let call: Caller;
  let clock: FixedClock;
  let officer: StaffMember;
  let approver: StaffMember;
  beforeAll(async () => {
    clock = fixedClock(new Date());
    app = await openTestApp(kind, { clock, paymentGateway: KEYS, publicUrl: PUBLIC_URL });
    call = caller(app.app);
    officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    approver = await staffMember(db(), call, ['APPROVER']);
  });
  afterAll(() => app.close());
  const db = () => app.db.orm;

  /** A borrower whose RM10,000 loan was paid out: the account is open, the schedule stored. */
  async function disbursedLoan() {
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');
    await paidOut(db(), call, agreement, { officer, approver });
    return { token: approved.applicant.token, userId: approved.applicant.userId, agreement };
  }

  const start = (token: string, body: Record<string, unknown>) =>
    call('POST', GATEWAY_PAYMENT_PATHS.create, { token, body });

  /** The buyer's choice on the gateway's hosted page, as the page's form posts it. */
  async function onHostedPage(paymentUrl: string, form: Record<string, string>) {
    const response = await app.app.inject({
      method: 'POST',
      url: new URL(paymentUrl).pathname,
      headers: { accept: 'application/json' },
      payload: form,
    });
    return { status: response.statusCode, body: response.json() };
  }

  /** The browser following the gateway back: the platform's answer is a redirect. */
  async function browserReturns(returnUrl: string) {
    const url = new URL(returnUrl);
    const response = await app.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(response.statusCode).toBe(303);
    return new URL(String(response.headers.location));
  }

  const notify = (fields: Record<string, string>) =>
    app.app.inject({
      method: 'POST',
      url: GATEWAY_PAYMENT_PATHS.notify,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  /** A notification as the gateway signs it. */
  function signed(
    fields: { orderId: string; tranId: string; amountSen: number; status: '00' | '11' | '22' },
    secretKey = KEYS.secretKey,
  ): Record<string, string> {
    const base = {
      tranID: fields.tranId,
      orderid: fields.orderId,
      status: fields.status,
      domain: KEYS.merchantId,
      amount: ringgit(fields.amountSen),
      currency: 'MYR',
      paydate: '2026-11-24 10:15:00',
      appcode: '123456',
    };
    return { ...base, channel: 'fpx', skey: notificationSkey(base, secretKey) };
  }

  const orderRow = async (orderId: string) =>
    (await db().select().from(t.gatewayPayments).where(eq(t.gatewayPayments.orderId, orderId)))[0]!;
  const paymentsOf = (agreementId: string) =>
    db().select().from(t.payments).where(eq(t.payments.agreementId, agreementId));
  const historyOf = async (orderId: string) =>
    db()
      .select()
      .from(t.gatewayPaymentStatusHistory)
      .where(eq(t.gatewayPaymentStatusHistory.gatewayPaymentId, (await orderRow(orderId)).id));
  const deliverDue = () => call('POST', GATEWAY_PAYMENT_PATHS.sandboxDeliver);

  it('pays the amount due now by online banking; the notification comes before the browser', async () => {
    const loan = await disbursedLoan();
    const due = await call('GET', GATEWAY_PAYMENT_PATHS.dueNow, { token: loan.token });
    expect(due.status).toBe(200);
    expect(due.body).toMatchObject({ agreementId: loan.agreement.id, minAmountSen: 100 });
    expect(due.body.dueNowSen).toBeGreaterThan(0);
    expect(due.body.dueNowSen).toBe(
      due.body.overdueSen + due.body.lateChargesSen + due.body.currentInstalmentSen,
    );
    expect(due.body.maxAmountSen).toBeGreaterThanOrEqual(due.body.dueNowSen);

    const started = await start(loan.token, { agreementId: loan.agreement.id, channel: 'FPX' });
    expect(started.status).toBe(201);
    const { payment, paymentUrl } = started.body;
    expect(payment).toMatchObject({
      status: 'PENDING',
      amountSen: due.body.dueNowSen,
      channel: 'FPX',
      receiptNo: null,
    });
    expect(paymentUrl.startsWith(`${PUBLIC_URL}/api/sandbox/razer/`)).toBe(true);

    const page = await app.app.inject({ method: 'GET', url: new URL(paymentUrl).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(payment.orderId);
    expect(page.body).toContain('Online banking (FPX)');

    const paid = await onHostedPage(paymentUrl, { outcome: 'paid' });
    expect(paid).toMatchObject({ status: 200, body: { status: 'PAID' } });
    // The notifications due at once (the notification and its duplicate) arrived first.
    const row = await orderRow(payment.orderId);
    expect(row).toMatchObject({ status: 'PAID', amountSen: due.body.dueNowSen });
    const payments = await paymentsOf(loan.agreement.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      channel: 'FPX',
      externalRef: row.gatewayTxnId,
      amountSen: due.body.dueNowSen,
    });
    expect(row.paymentId).toBe(payments[0]!.id);
    expect(row.receiptNo).toBe(payments[0]!.receiptNo);
    // The receipt is made (and emailed) once the payment committed, not left for later.
    await app.app.settle();
    const receipts = await db()
      .select()
      .from(t.paymentReceipts)
      .where(eq(t.paymentReceipts.paymentId, payments[0]!.id));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.emailedAt).not.toBeNull();

    const back = await browserReturns(paid.body.returnUrl);
    expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/payment-result`);
    expect(back.searchParams.get('orderId')).toBe(payment.orderId);
    const shown = await call('GET', GATEWAY_PAYMENT_PATHS.order(payment.orderId), {
      token: loan.token,
    });
    expect(shown.body).toMatchObject({
      status: 'PAID',
      receiptNo: row.receiptNo,
      failureReason: null,
    });

    // The gateway sends the outcome again a minute later: acknowledged, nothing changes.
    clock.advance(61_000);
    expect((await deliverDue()).body).toEqual({ sent: 1, acknowledged: 1 });
    expect(await paymentsOf(loan.agreement.id)).toHaveLength(1);
    expect((await historyOf(payment.orderId)).map((h) => h.toStatus)).toEqual(['PENDING', 'PAID']);
    // The page's link was single use.
    const again = await app.app.inject({ method: 'GET', url: new URL(paymentUrl).pathname });
    expect(again.statusCode).toBe(410);
  });

  it('asks the gateway when the browser returns before the notification, which then changes nothing', async () => {
    const loan = await disbursedLoan();
    const started = await start(loan.token, {
      agreementId: loan.agreement.id,
      channel: 'CARD',
      amountSen: 12_345,
    });
    expect(started.status).toBe(201);
    const { payment, paymentUrl } = started.body;
    const paid = await onHostedPage(paymentUrl, { outcome: 'paid', late: 'on' });
    expect(paid.body.status).toBe('PAID');
    // No word from the gateway yet.
    expect((await orderRow(payment.orderId)).status).toBe('PENDING');

    const back = await browserReturns(paid.body.returnUrl);
    expect(back.pathname).toBe('/payment-result');
    const row = await orderRow(payment.orderId);
    expect(row).toMatchObject({ status: 'PAID', amountSen: 12_345 });
    expect(await paymentsOf(loan.agreement.id)).toHaveLength(1);

    clock.advance(2 * 60_000 + 1000);
    expect((await deliverDue()).body).toEqual({ sent: 1, acknowledged: 1 });
    clock.advance(61_000);
    expect((await deliverDue()).body).toEqual({ sent: 1, acknowledged: 1 });
    expect(await paymentsOf(loan.agreement.id)).toHaveLength(1);
    expect((await orderRow(payment.orderId)).version).toBe(row.version);
  });

  it('keeps a payment pending at the bank until the bank pays it', async () => {
    const loan = await disbursedLoan();
    const started = await start(loan.token, { agreementId: loan.agreement.id, channel: 'FPX' });
    const { payment, paymentUrl } = started.body;
    const pending = await onHostedPage(paymentUrl, { outcome: 'pending' });
    expect(pending.body.status).toBe('PENDING');
    const back = await browserReturns(pending.body.returnUrl);
    expect(back.pathname).toBe('/pending-payment');
    expect(back.searchParams.get('orderId')).toBe(payment.orderId);
    const waiting = await orderRow(payment.orderId);
    expect(waiting.status).toBe('PENDING');
    expect(waiting.gatewayTxnId).not.toBeNull();
    const polled = await call('GET', GATEWAY_PAYMENT_PATHS.order(payment.orderId), {
      token: loan.token,
    });
    expect(polled.body.status).toBe('PENDING');
    expect(await paymentsOf(loan.agreement.id)).toHaveLength(0);

    // The bank answers later: the same page, the same transaction.
    const page = await app.app.inject({ method: 'GET', url: new URL(paymentUrl).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Bank approved');
    const settled = await onHostedPage(paymentUrl, { outcome: 'paid' });
    expect(settled.body.status).toBe('PAID');
    const polledAgain = await call('GET', GATEWAY_PAYMENT_PATHS.order(payment.orderId), {
      token: loan.token,
    });
    expect(polledAgain.body.status).toBe('PAID');
    expect((await orderRow(payment.orderId)).gatewayTxnId).toBe(waiting.gatewayTxnId);
    expect(await paymentsOf(loan.agreement.id)).toHaveLength(1);
  });

  it('records a failed card payment with the issuer’s reason and no payment', async () => {
    const loan = await disbursedLoan();
    const started = await start(loan.token, { agreementId: loan.agreement.id, channel: 'CARD' });
    const { payment, paymentUrl } = started.body;
    const unknownReason = await onHostedPage(paymentUrl, { outcome: 'failed', reason: 'FPX_51' });
    expect(unknownReason.status).toBe(400);
    const failed = await onHostedPage(paymentUrl, { outcome: 'failed', reason: 'CC_05' });
    expect(failed.body.status).toBe('FAILED');
    const back = await browserReturns(failed.body.returnUrl);
    expect(back.pathname).toBe('/payment-result');
    const shown = await call('GET', GATEWAY_PAYMENT_PATHS.order(payment.orderId), {
      token: loan.token,
    });
    expect(shown.body).toMatchObject({
      status: 'FAILED',
      failureCode: 'CC_05',
      failureReason: 'Card declined by the issuer',
      receiptNo: null,
    });
    expect(await paymentsOf(loan.agreement.id)).toHaveLength(0);
    // The payment history lists the attempt with its reason.
    const history = await call('GET', REPAYMENT_PATHS.paymentHistory(loan.agreement.id), {
      token: loan.token,
    });
    expect(history.body.items).toEqual([
      expect.objectContaining({
        status: 'FAILED',
        channel: 'CARD',
        amountSen: payment.amountSen,
        receiptNo: null,
        failureReason: 'Card declined by the issuer',
      }),
    ]);
    // A later success notification for that order is not believed over the final answer.
    const late = await notify(
      signed({
        orderId: payment.orderId,
        tranId: 'X1',
        amountSen: payment.amountSen,
        status: '00',
      }),
    );
    expect(late.statusCode).toBe(200);
    expect((await orderRow(payment.orderId)).status).toBe('FAILED');
    expect(await paymentsOf(loan.agreement.id)).toHaveLength(0);
  });

  it('refuses a notification with a bad signature', async () => {
    const loan = await disbursedLoan();
    const { payment } = (
      await start(loan.token, { agreementId: loan.agreement.id, channel: 'FPX' })
    ).body;
    const fields = { orderId: payment.orderId, tranId: '7001', amountSen: payment.amountSen };
    const wrongKey = await notify(signed({ ...fields, status: '00' }, 'not-the-secret-key'));
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json()).toMatchObject({ code: 'GATEWAY_SIGNATURE_INVALID' });
    // Fields changed after signing: a failure turned into a success.
    const tampered = { ...signed({ ...fields, status: '11' }), status: '00' };
    expect((await notify(tampered)).statusCode).toBe(400);
    const unsigned = signed({ ...fields, status: '00' });
    delete unsigned.skey;
    expect((await notify(unsigned)).statusCode).toBe(400);
    expect((await orderRow(payment.orderId)).status).toBe('PENDING');
    expect(await paymentsOf(loan.agreement.id)).toHaveLength(0);
    const refusals = await db()
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, 'gateway_payment.refused')));
    expect(refusals.filter((r) => r.detail.orderId === payment.orderId)).toHaveLength(3);
  });

  it('refuses a signed notification whose amount is not the order’s', async () => {
    const loan = await disbursedLoan();
    const { payment } = (
      await start(loan.token, { agreementId: loan.agreement.id, channel: 'FPX' })
    ).body;
    const short = await notify(
      signed({
        orderId: payment.orderId,
        tranId: '7002',
        amountSen: payment.amountSen - 1,
        status: '00',
      }),
    );
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'GATEWAY_AMOUNT_MISMATCH' });
    expect((await orderRow(payment.orderId)).status).toBe('PENDING');
    expect(await paymentsOf(loan.agreement.id)).toHaveLength(0);
  });

  it('makes one payment of a notification repeated, even at the same moment', async () => {
    const loan = await disbursedLoan();
    const { payment } = (
      await start(loan.token, { agreementId: loan.agreement.id, channel: 'FPX' })
    ).body;
    const fields = signed({
      orderId: payment.orderId,
      tranId: '7003',
      amountSen: payment.amountSen,
      status: '00',
    });
    const answers = await Promise.all([notify(fields), notify(fields), notify(fields)]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe('CBTOKEN:MPSTATOK');
    }
    expect((await notify(fields)).body).toBe('CBTOKEN:MPSTATOK');
    const payments = await paymentsOf(loan.agreement.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ externalRef: '7003', amountSen: payment.amountSen });
    expect((await historyOf(payment.orderId)).map((h) => h.toStatus)).toEqual(['PENDING', 'PAID']);
  });

  it('keeps each borrower to their own loan and payments', async () => {
    const loan = await disbursedLoan();
    const { payment } = (
      await start(loan.token, { agreementId: loan.agreement.id, channel: 'FPX' })
    ).body;
    const other = await applicant(call);
    const read = await call('GET', GATEWAY_PAYMENT_PATHS.order(payment.orderId), {
      token: other.token,
    });
    expect(read.status).toBe(404);
    const paying = await start(other.token, { agreementId: loan.agreement.id, channel: 'FPX' });
    expect(paying.status).toBe(404);
    const someoneElses = await call(
      'GET',
      `${GATEWAY_PAYMENT_PATHS.dueNow}?agreementId=${loan.agreement.id}`,
      { token: other.token },
    );
    expect(someoneElses.status).toBe(404);
    const nothing = await call('GET', GATEWAY_PAYMENT_PATHS.dueNow, { token: other.token });
    expect(nothing).toMatchObject({ status: 409, body: { code: 'PAYMENT_NOT_ALLOWED' } });
    expect((await call('GET', GATEWAY_PAYMENT_PATHS.order(payment.orderId))).status).toBe(401);
    expect(
      (
        await call('POST', GATEWAY_PAYMENT_PATHS.create, {
          body: { agreementId: loan.agreement.id, channel: 'FPX' },
        })
      ).status,
    ).toBe(401);
    const staffRead = await call('GET', GATEWAY_PAYMENT_PATHS.order(payment.orderId), {
      token: officer.token,
    });
    expect(staffRead.status).toBe(403);
  });

  it('takes an amount from the gateway minimum up to what is owed', async () => {
    const loan = await disbursedLoan();
    const due = (await call('GET', GATEWAY_PAYMENT_PATHS.dueNow, { token: loan.token })).body;
    const body = { agreementId: loan.agreement.id, channel: 'FPX' };
    expect(await start(loan.token, { ...body, amountSen: 99 })).toMatchObject({
      status: 400,
      body: { code: 'PAYMENT_AMOUNT_REFUSED' },
    });
    expect(await start(loan.token, { ...body, amountSen: due.maxAmountSen + 1 })).toMatchObject({
      status: 400,
      body: { code: 'PAYMENT_AMOUNT_REFUSED' },
    });
    expect((await start(loan.token, { ...body, amountSen: 1.5 })).status).toBe(400);
    const all = await start(loan.token, { ...body, amountSen: due.maxAmountSen });
    expect(all.status).toBe(201);
    // Not yet paid out: nothing to pay.
    const approved = await approvedApplicant(db(), call);
    const signedOnly = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');
    expect(
      await start(approved.applicant.token, { agreementId: signedOnly.id, channel: 'FPX' }),
    ).toMatchObject({ status: 409, body: { code: 'PAYMENT_NOT_ALLOWED' } });
  });

  it('counts payment attempts per borrower, not per address: one office does not block another', async () => {
    const office = '203.0.113.40';
    const first = await disbursedLoan();
    const second = await disbursedLoan();
    const attempt = (loan: { token: string; agreement: { id: string } }) =>
      call('POST', GATEWAY_PAYMENT_PATHS.create, {
        token: loan.token,
        ip: office,
        body: { agreementId: loan.agreement.id, channel: 'FPX' },
      });
    for (let i = 0; i < 10; i += 1) expect((await attempt(first)).status).not.toBe(429);
    const eleventh = await attempt(first);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.message).toMatch(/Too many attempts/);
    // The colleague at the same address starts their first payment.
    expect((await attempt(second)).status).toBe(201);
    // The limit is the borrower's wherever they are.
    expect(
      (
        await call('POST', GATEWAY_PAYMENT_PATHS.create, {
          token: first.token,
          body: { agreementId: first.agreement.id, channel: 'FPX', purpose: 'SETTLEMENT' },
        })
      ).status,
    ).toBe(429);
  });

  it('never asks more than today’s settlement amount, which costs less than every instalment left', async () => {
    const loan = await disbursedLoan();
    const due = (await call('GET', GATEWAY_PAYMENT_PATHS.dueNow, { token: loan.token })).body;
    const quote = (
      await call('GET', REPAYMENT_PATHS.earlySettlement(loan.agreement.id), { token: loan.token })
    ).body;
    const schedule = (
      await call('GET', REPAYMENT_PATHS.schedule(loan.agreement.id), { token: loan.token })
    ).body;
    expect(quote.settlementSen).toBeLessThan(schedule.outstandingSen);
    expect(due).toMatchObject({
      maxAmountSen: quote.settlementSen,
      settlementSen: quote.settlementSen,
    });
    const body = { agreementId: loan.agreement.id, channel: 'FPX' };
    expect(await start(loan.token, { ...body, amountSen: quote.settlementSen + 1 })).toMatchObject({
      status: 400,
      body: { code: 'PAYMENT_AMOUNT_REFUSED' },
    });
    expect((await start(loan.token, { ...body, amountSen: quote.settlementSen })).status).toBe(201);
  });
});
