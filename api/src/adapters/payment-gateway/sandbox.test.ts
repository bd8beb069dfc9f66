import { fixedClock } from '../../kernel/clock';
import { databases, openTestDatabase, type TestDatabase } from '../../testing/test-db';
import type { GatewayPaymentRequest } from './port';
import { CALLBACK_ACK, notificationSkey, readSignedNotification } from './protocol';
import {
  type DeliveryAnswer,
  LATE_NOTIFICATION_MS,
  PAGE_LINK_TTL_MS,
  RESEND_AFTER_MS,
  sandboxPaymentGateway,
} from './sandbox';
import { createSandboxGatewayStore } from './sandbox-store';

const KEYS = { merchantId: 'lending_test', verifyKey: 'verify-key', secretKey: 'secret-key' };

describe.each(databases())('the sandbox payment gateway (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  /** A gateway whose notifications land in `received`, answered by `answer`. */
  function gateway(answer: () => DeliveryAnswer = () => ({ status: 200, body: CALLBACK_ACK })) {
    const clock = fixedClock(new Date());
    const received: Record<string, string>[] = [];
    const sandbox = sandboxPaymentGateway({
      store: createSandboxGatewayStore(database.db.orm),
      clock,
      keys: KEYS,
      publicUrl: () => 'https://lend.example.com',
      deliver: async (url, fields) => {
        expect(url).toBe('https://lend.example.com/notify');
        received.push(fields);
        return answer();
      },
    });
    return { sandbox, clock, received };
  }

  let n = 0;
  const order = (changes: Partial<GatewayPaymentRequest> = {}): GatewayPaymentRequest => {
    n += 1;
    return {
      orderId: `ORDER${process.pid}N${n}`,
      amountSen: 51_667,
      channel: 'FPX',
      description: 'Loan AC-2026-000001 repayment',
      language: 'EN',
      returnUrl: 'https://lend.example.com/return',
      notifyUrl: 'https://lend.example.com/notify',
      ...changes,
    };
  };
  const tokenOf = (paymentUrl: string) => paymentUrl.split('/').pop()!;

  it('signs notifications so that only the secret key and the exact fields verify', () => {
    const base = {
      tranID: '123456789',
      orderid: 'ORDER1',
      status: '00',
      domain: KEYS.merchantId,
      amount: '516.67',
      currency: 'MYR',
      paydate: '2026-11-24 10:15:00',
      appcode: '456789',
    };
    const fields = { ...base, skey: notificationSkey(base, KEYS.secretKey) };
    expect(readSignedNotification(fields, KEYS.merchantId, KEYS.secretKey)).toMatchObject({
      orderId: 'ORDER1',
      txnId: '123456789',
      amountSen: 51_667,
      status: 'PAID',
      paidAt: new Date('2026-11-24T02:15:00Z'),
    });
    expect(readSignedNotification(fields, KEYS.merchantId, 'another-key')).toBeNull();
    expect(
      readSignedNotification({ ...fields, amount: '5.00' }, KEYS.merchantId, KEYS.secretKey),
    ).toBeNull();
    expect(readSignedNotification(fields, 'another_merchant', KEYS.secretKey)).toBeNull();
  });

  it('notifies at once, repeats the notification and sends it again later', async () => {
    const { sandbox, clock, received } = gateway();
    const { paymentUrl } = await sandbox.createPayment(order());
    const decided = await sandbox.decide(tokenOf(paymentUrl), { status: 'PAID' });
    expect(decided.ok).toBe(true);
    expect(received).toHaveLength(2);
    expect(received[0]).toEqual(received[1]);
    const outcome = sandbox.readNotification(received[0]!);
    expect(outcome).toMatchObject({ amountSen: 51_667, status: 'PAID' });
    // The browser is sent back with the same signed outcome.
    if (!decided.ok) throw new Error('decided');
    const back = new URL(decided.returnUrl);
    expect(sandbox.readNotification(Object.fromEntries(back.searchParams))).toEqual(outcome);
    expect(await sandbox.deliverDue()).toEqual({ sent: 0, acknowledged: 0 });
    clock.advance(RESEND_AFTER_MS);
    expect(await sandbox.deliverDue()).toEqual({ sent: 1, acknowledged: 1 });
    expect(received).toHaveLength(3);
    expect(await sandbox.queryOrder(outcome!.orderId, 51_667)).toEqual(outcome);
  });

  it('resends a notification until the merchant acknowledges it', async () => {
    let up = false;
    const { sandbox, clock, received } = gateway(() =>
      up ? { status: 200, body: CALLBACK_ACK } : { status: 503, body: 'unavailable' },
    );
    const { paymentUrl } = await sandbox.createPayment(order({ channel: 'CARD' }));
    await sandbox.decide(tokenOf(paymentUrl), {
      status: 'FAILED',
      failureCode: 'CC_54',
      lateNotification: true,
    });
    expect(received).toHaveLength(0);
    clock.advance(LATE_NOTIFICATION_MS);
    expect(await sandbox.deliverDue()).toEqual({ sent: 1, acknowledged: 0 });
    up = true;
    clock.advance(RESEND_AFTER_MS);
    // The first one again, and the resend that was due by now.
    expect(await sandbox.deliverDue()).toEqual({ sent: 2, acknowledged: 2 });
    clock.advance(RESEND_AFTER_MS);
    expect(await sandbox.deliverDue()).toEqual({ sent: 0, acknowledged: 0 });
    expect(sandbox.readNotification(received[0]!)).toMatchObject({
      status: 'FAILED',
      errorCode: 'CC_54',
      errorDesc: 'Card expired',
    });
  });

  it('settles a pending payment later on the same page, never pending twice', async () => {
    const { sandbox } = gateway();
    const request = order();
    const { paymentUrl } = await sandbox.createPayment(request);
    const token = tokenOf(paymentUrl);
    expect((await sandbox.decide(token, { status: 'PENDING' })).ok).toBe(true);
    const pending = await sandbox.queryOrder(request.orderId, request.amountSen);
    expect(pending).toMatchObject({ status: 'PENDING' });
    expect(await sandbox.decide(token, { status: 'PENDING' })).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect((await sandbox.decide(token, { status: 'PAID' })).ok).toBe(true);
    expect(await sandbox.queryOrder(request.orderId, request.amountSen)).toMatchObject({
      status: 'PAID',
      txnId: pending!.txnId,
    });
    expect(await sandbox.decide(token, { status: 'FAILED', failureCode: 'FPX_51' })).toMatchObject({
      ok: false,
      reason: 'used',
    });
  });

  it('answers an order never paid as not found, then failed once its page expired', async () => {
    const { sandbox, clock } = gateway();
    const request = order();
    const { paymentUrl } = await sandbox.createPayment(request);
    expect(await sandbox.queryOrder(request.orderId, request.amountSen)).toBeNull();
    expect(await sandbox.queryOrder('NEVERSEEN', 100)).toBeNull();
    clock.advance(PAGE_LINK_TTL_MS);
    expect(await sandbox.openPage(tokenOf(paymentUrl))).toMatchObject({
      ok: false,
      reason: 'expired',
    });
    expect(await sandbox.queryOrder(request.orderId, request.amountSen)).toMatchObject({
      status: 'FAILED',
      errorCode: 'EXPIRED',
    });
  });

  it('refuses an order below its minimum', async () => {
    const { sandbox } = gateway();
    await expect(sandbox.createPayment(order({ amountSen: 99 }))).rejects.toThrow(/at least/);
  });

  it('reports the payments it captured on the days asked for, as a settlement file lists them', async () => {
    const clock = fixedClock(new Date('2026-03-03T04:00:00Z'));
    // A merchant of its own: the other tests' payments are not in its report.
    const keys = { ...KEYS, merchantId: `settle${process.pid}` };
    const sandbox = sandboxPaymentGateway({
      store: createSandboxGatewayStore(database.db.orm),
      clock,
      keys,
      publicUrl: () => 'https://lend.example.com',
      deliver: async () => ({ status: 200, body: CALLBACK_ACK }),
    });
    const pay = async (decision: Parameters<typeof sandbox.decide>[1], amountSen = 51_667) => {
      const request = order({ amountSen });
      const { paymentUrl } = await sandbox.createPayment(request);
      const decided = await sandbox.decide(tokenOf(paymentUrl), decision);
      expect(decided.ok).toBe(true);
      return request.orderId;
    };
    const paid = await pay({ status: 'PAID' }, 10_000);
    await pay({ status: 'FAILED', failureCode: 'FPX_51' });
    await pay({ status: 'PENDING' });
    // Paid just after midnight in Malaysia: the next day's report.
    clock.set(new Date('2026-03-03T16:00:01Z'));
    const nextDay = await pay({ status: 'PAID' }, 20_000);

    const report = await sandbox.settlementReport('2026-03-03', '2026-03-03');
    expect(report).toEqual([
      {
        txnId: expect.stringMatching(/^\d{11}$/),
        orderId: paid,
        amountSen: 10_000,
        channel: 'FPX',
        paidAt: new Date('2026-03-03T04:00:00Z'),
      },
    ]);
    const both = await sandbox.settlementReport('2026-03-03', '2026-03-04');
    expect(both.map((line) => [line.orderId, line.amountSen])).toEqual([
      [paid, 10_000],
      [nextDay, 20_000],
    ]);
    // Its transaction id is the one the merchant was told.
    expect(both[0]!.txnId).toBe((await sandbox.queryOrder(paid, 10_000))!.txnId);
  });
});
