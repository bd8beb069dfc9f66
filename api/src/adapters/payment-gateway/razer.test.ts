// The Razer Merchant Services provider against its contract fake: the hosted page takes only a
// correctly signed order, status queries are signed both ways and survive a slow or failing
// gateway, and an unsigned or mis-signed word is never believed.
import { captureLog } from '../../testing/fakes/captured-log';
import { type RazerFake, startRazerFake } from '../../testing/fakes/razer';
import { VendorCallError } from '../vendor-http';
import type { GatewayPaymentRequest } from './port';
import { razerPaymentGateway } from './razer';

const KEYS = {
  merchantId: 'lender_razer',
  verifyKey: 'verify-key-5f1c9a0e3b7d4c21',
  secretKey: 'secret-key-8e2d6b4a1c9f3e70',
};
const FAST = { timeoutMs: 300, backoffMs: 10 };

function order(orderId: string, amountSen = 97_333): GatewayPaymentRequest {
  return {
    orderId,
    amountSen,
    channel: 'FPX',
    description: 'Loan AK-2026-0001 repayment',
    language: 'MS',
    returnUrl: 'https://lend.example.com/api/payments/gateway/return',
    notifyUrl: 'https://lend.example.com/api/payments/gateway/notify',
  };
}

describe('Razer Merchant Services against its contract fake', () => {
  let fake: RazerFake;
  const gateway = () =>
    razerPaymentGateway({ keys: KEYS, paymentUrl: fake.url, apiUrl: fake.url, policy: FAST });

  beforeAll(async () => {
    fake = await startRazerFake(KEYS);
  });
  afterAll(() => fake.close());

  /** The buyer's browser opening the hosted page. */
  async function open(paymentUrl: string) {
    const response = await fetch(paymentUrl);
    return { status: response.status, body: await response.text() };
  }

  it('sends the buyer to the hosted page with a signed order the gateway accepts', async () => {
    const { paymentUrl } = await gateway().createPayment(order('AK0001PAAA01'));
    const url = new URL(paymentUrl);
    expect(url.pathname).toBe('/RMS/pay/lender_razer/');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      amount: '973.33',
      orderid: 'AK0001PAAA01',
      currency: 'MYR',
      channel: 'fpx',
      langcode: 'ms',
      callbackurl: 'https://lend.example.com/api/payments/gateway/notify',
    });
    // Nothing secret travels with the buyer: only the signature.
    expect(paymentUrl).not.toContain(KEYS.verifyKey);
    expect(paymentUrl).not.toContain(KEYS.secretKey);
    expect(await open(paymentUrl)).toMatchObject({ status: 200 });
    expect(fake.orders.get('AK0001PAAA01')).toMatchObject({ amount: '973.33' });
  });

  it('is refused by the gateway when the order is signed with another verify key', async () => {
    const wrong = razerPaymentGateway({
      keys: { ...KEYS, verifyKey: 'not-the-verify-key' },
      paymentUrl: fake.url,
      apiUrl: fake.url,
      policy: FAST,
    });
    const { paymentUrl } = await wrong.createPayment(order('AK0001PBAD01'));
    expect(await open(paymentUrl)).toMatchObject({ status: 400 });
    expect(fake.orders.has('AK0001PBAD01')).toBe(false);
  });

  it('reads paid, failed and pending outcomes from the signed status query', async () => {
    const provider = gateway();
    for (const [orderId, status, expected] of [
      ['AK0001PQPAID', '00', 'PAID'],
      ['AK0001PQFAIL', '11', 'FAILED'],
      ['AK0001PQPEND', '22', 'PENDING'],
    ] as const) {
      await open((await provider.createPayment(order(orderId))).paymentUrl);
      const transaction = fake.decide(orderId, status, {
        code: 'FPX_51',
        desc: 'Insufficient funds',
      });
      expect(await provider.queryOrder(orderId, 97_333)).toMatchObject({
        orderId,
        txnId: transaction.tranID,
        amountSen: 97_333,
        status: expected,
        errorDesc: expected === 'FAILED' ? 'Insufficient funds' : null,
      });
    }
    const paid = await provider.queryOrder('AK0001PQPAID', 97_333);
    expect(paid?.paidAt).toBeInstanceOf(Date);
  });

  it('answers no outcome for an order the buyer never took to the gateway', async () => {
    expect(await gateway().queryOrder('AK0001PNEVER', 10_000)).toBeNull();
  });

  it('asks again after a server error or a timeout, and the answer is the one outcome', async () => {
    const provider = gateway();
    await open((await provider.createPayment(order('AK0001PRETRY'))).paymentUrl);
    const transaction = fake.decide('AK0001PRETRY', '00');
    fake.server.fault('/RMS/query', { kind: 'status', status: 503 });
    fake.server.fault('/RMS/query', { kind: 'slow', ms: 1_000 });
    const before = fake.server.requests.length;
    expect(await provider.queryOrder('AK0001PRETRY', 97_333)).toMatchObject({
      status: 'PAID',
      txnId: transaction.tranID,
    });
    expect(fake.server.requests.length - before).toBe(3);
  });

  it('gives up when the gateway never answers in time, saying so without the query', async () => {
    const provider = gateway();
    for (let i = 0; i < 3; i++) fake.server.fault('/RMS/query', { kind: 'slow', ms: 1_000 });
    const error = await provider.queryOrder('AK0001PSLOW1', 97_333).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VendorCallError);
    expect(error).toMatchObject({ failure: 'timeout' });
    expect((error as Error).message).not.toMatch(/skey|oID|AK0001PSLOW1/);
  });

  it('refuses a status answer not signed with the merchant’s secret key', async () => {
    const provider = razerPaymentGateway({
      keys: { ...KEYS, secretKey: 'another-secret-key' },
      paymentUrl: fake.url,
      apiUrl: fake.url,
      policy: FAST,
    });
    await open((await gateway().createPayment(order('AK0001PVRFK1'))).paymentUrl);
    fake.decide('AK0001PVRFK1', '00');
    await expect(provider.queryOrder('AK0001PVRFK1', 97_333)).rejects.toMatchObject({
      failure: 'answer',
    });
  });

  it('names a query the gateway refuses for its signature as a credentials problem', async () => {
    const provider = razerPaymentGateway({
      keys: { ...KEYS, verifyKey: 'a-revoked-verify-key' },
      paymentUrl: fake.url,
      apiUrl: fake.url,
      policy: FAST,
    });
    await expect(provider.queryOrder('AK0001PCRED1', 97_333)).rejects.toMatchObject({
      failure: 'credentials',
    });
  });

  it('believes a callback only with a good skey, for this merchant', async () => {
    const provider = gateway();
    await open((await provider.createPayment(order('AK0001PCBCK1'))).paymentUrl);
    const fields = fake.fieldsOf(fake.decide('AK0001PCBCK1', '00'));
    expect(provider.readNotification(fields)).toMatchObject({
      orderId: 'AK0001PCBCK1',
      status: 'PAID',
      amountSen: 97_333,
    });
    expect(provider.readNotification({ ...fields, skey: 'f'.repeat(32) })).toBeNull();
    expect(provider.readNotification({ ...fields, amount: '1.00' })).toBeNull();
    expect(provider.readNotification({ ...fields, status: '00', domain: 'other' })).toBeNull();
    expect(provider.acknowledgement).toBe('CBTOKEN:MPSTATOK');
  });

  it('never puts a key in an error or a log line', async () => {
    const log = captureLog();
    const provider = gateway();
    fake.server.fault('/RMS/query', { kind: 'status', status: 500 });
    fake.server.fault('/RMS/query', { kind: 'status', status: 500 });
    fake.server.fault('/RMS/query', { kind: 'status', status: 500 });
    const error = await provider.queryOrder('AK0001PLOGS1', 97_333).catch((e: unknown) => e);
    log.logger.warn({ error: (error as Error).message }, 'payment gateway status query failed');
    expect(log.text()).toContain('answered 500');
    for (const secret of [KEYS.verifyKey, KEYS.secretKey]) expect(log.text()).not.toContain(secret);
  });
});
