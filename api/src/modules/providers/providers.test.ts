// The providers page and the vendors' callbacks, on a platform whose outside services run on their
// real providers against contract fakes: admins alone read the page, which names each provider,
// its health and its settings without a single secret in the answer; receipts and webhooks are
// taken only from their sender, and booked once.
import { PROVIDER_PATHS, type ProvidersView } from '@lending/contracts';
import { eq } from 'drizzle-orm';

import { jitsiMeeting } from '../../adapters/meeting/jitsi';
import { createMeetingRoomStore } from '../../adapters/meeting/jitsi-store';
import * as t from '../../db/schema';
import { type ProviderSettings, SANDBOX_PROVIDERS } from '../../kernel/config-providers';
import { addStaff, type Caller, caller, register, staffLogin } from '../../testing/auth-helpers';
import { captureLog } from '../../testing/fakes/captured-log';
import { type EstampFake, startEstampFake } from '../../testing/fakes/estamp';
import { type IsmsFake, startIsmsFake } from '../../testing/fakes/isms';
import { type JitsiFake, startJitsiFake } from '../../testing/fakes/jitsi';
import { type MyInvoisFake, startMyInvoisFake } from '../../testing/fakes/myinvois';
import { postInto } from '../../testing/fakes/post-into';
import { openTestApp, type TestApp } from '../../testing/test-db';

const SECRETS = {
  gatewayVerify: 'gateway-verify-key-a1b2c3d4',
  gatewaySecret: 'gateway-secret-key-e5f6a7b8',
  myinvois: 'myinvois-client-secret-c9d0',
  ismsPassword: 'isms-password-1f2e3d4c',
  receipts: 'sms-receipt-secret-5b6a',
  okay: 'okay-api-key-7c8d9e0f',
  estamp: 'estamp-secret-0a1b2c3d',
  jitsiApp: 'jitsi-app-secret-4e5f6a7b',
  jitsiHook: 'jitsi-webhook-secret-8c9d',
};
const PUBLIC_URL = 'https://lend.example.com';

describe('the providers page and the vendors’ callbacks', () => {
  let app: TestApp;
  let call: Caller;
  let admin: string;
  let officer: string;
  let isms: IsmsFake;
  let myinvois: MyInvoisFake;
  let estamp: EstampFake;
  let jitsi: JitsiFake;
  const log = captureLog();
  const post = postInto(() => app.app);

  beforeAll(async () => {
    isms = await startIsmsFake({
      username: 'lender',
      password: SECRETS.ismsPassword,
      receiptUrl: `${PUBLIC_URL}${PROVIDER_PATHS.smsReceipts}`,
      receiptSecret: SECRETS.receipts,
      post,
    });
    myinvois = await startMyInvoisFake({ clientId: 'erp', clientSecret: SECRETS.myinvois });
    estamp = await startEstampFake({
      keyId: 'lender',
      secret: SECRETS.estamp,
      webhookUrl: `${PUBLIC_URL}${PROVIDER_PATHS.estampWebhooks}`,
      post,
    });
    jitsi = await startJitsiFake({
      appId: 'lender',
      appSecret: SECRETS.jitsiApp,
      webhookSecret: SECRETS.jitsiHook,
      webhookUrl: `${PUBLIC_URL}${PROVIDER_PATHS.meetingWebhooks}`,
      post,
    });
    const providers: ProviderSettings = {
      ...SANDBOX_PROVIDERS,
      paymentGateway: {
        provider: 'razer',
        paymentUrl: 'https://pay.example',
        apiUrl: 'https://api.example',
      },
      taxAuthority: {
        provider: 'myinvois',
        apiUrl: myinvois.url,
        identityUrl: myinvois.url,
        clientId: 'erp',
        clientSecret: SECRETS.myinvois,
      },
      sms: {
        provider: 'isms',
        url: isms.url,
        username: 'lender',
        password: SECRETS.ismsPassword,
        senderId: 'ARKCASH',
        receiptSecret: SECRETS.receipts,
      },
      ekyc: {
        provider: 'okay',
        url: 'https://ekyc.example',
        apiKey: SECRETS.okay,
        faceThreshold: 80,
        livenessThreshold: 80,
      },
      estamp: { provider: 'agent', url: estamp.url, keyId: 'lender', secret: SECRETS.estamp },
      meeting: {
        provider: 'jitsi',
        url: jitsi.url,
        appId: 'lender',
        appSecret: SECRETS.jitsiApp,
        webhookSecret: SECRETS.jitsiHook,
        roomMinutes: 60,
      },
      allowSandbox: ['payout', 'emandate'],
      timing: { timeoutMs: 300, backoffMs: 10 },
    };
    app = await openTestApp('pglite', {
      publicUrl: PUBLIC_URL,
      paymentGateway: {
        merchantId: 'lender',
        verifyKey: SECRETS.gatewayVerify,
        secretKey: SECRETS.gatewaySecret,
      },
      providers,
      logLevel: 'info',
      logStream: log.stream,
    });
    call = caller(app.app);
    await addStaff(app.db.orm, 'admin@providers.test', 'admin password', ['ADMIN']);
    await addStaff(app.db.orm, 'officer@providers.test', 'officer password', ['CREDIT_OFFICER']);
    admin = (await staffLogin(call, 'admin@providers.test', 'admin password')).accessToken;
    officer = (await staffLogin(call, 'officer@providers.test', 'officer password')).accessToken;
  }, 90_000);
  afterAll(async () => {
    await app.close();
    await Promise.all([isms.close(), myinvois.close(), estamp.close(), jitsi.close()]);
  });

  const page = async () => {
    const answer = await call('GET', PROVIDER_PATHS.list, { token: admin });
    expect(answer.status).toBe(200);
    return { view: answer.body as ProvidersView, raw: JSON.stringify(answer.body) };
  };
  const serviceOf = (view: ProvidersView, service: string) =>
    view.services.find((entry) => entry.service === service)!;

  it('is for admins only', async () => {
    expect((await call('GET', PROVIDER_PATHS.list)).status).toBe(401);
    const refused = await call('GET', PROVIDER_PATHS.list, { token: officer });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('isms');
    const applicant = (await register(call)).session.accessToken;
    const theirs = await call('GET', PROVIDER_PATHS.list, { token: applicant });
    expect(theirs.status).toBe(403);
    expect(JSON.stringify(theirs.body)).not.toContain('isms');
  });

  it('names each service’s provider and its settings, and never a secret’s value', async () => {
    const { view, raw } = await page();
    expect(view.services.map((entry) => [entry.service, entry.provider])).toEqual([
      ['email', 'sandbox'],
      ['captcha', 'sandbox'],
      ['sms', 'isms'],
      ['payment-gateway', 'razer'],
      ['tax-authority', 'myinvois'],
      ['ekyc', 'okay'],
      ['estamp', 'agent'],
      ['meeting', 'jitsi'],
      ['certificate-authority', 'sandbox'],
      ['emandate', 'sandbox'],
      ['payout', 'sandbox'],
      ['telecom-identity', 'sandbox'],
    ]);
    expect(serviceOf(view, 'payout')).toMatchObject({ sandbox: true, sandboxAllowed: true });
    expect(serviceOf(view, 'telecom-identity')).toMatchObject({ sandboxAllowed: false });
    expect(serviceOf(view, 'sms').settings).toEqual([
      { name: 'ISMS_URL', secret: false, value: isms.url },
      { name: 'ISMS_USERNAME', secret: false, value: 'lender' },
      { name: 'ISMS_PASSWORD', secret: true, set: true },
      { name: 'ISMS_SENDER_ID', secret: false, value: 'ARKCASH' },
      { name: 'SMS_RECEIPT_SECRET', secret: true, set: true },
    ]);
    for (const secret of Object.values(SECRETS)) expect(raw).not.toContain(secret);
  });

  it('shows each call’s time and latency, and the last failure in words without secrets', async () => {
    const applicant = (await register(call)).session.accessToken;
    const sent = await call('POST', '/api/verification/sms/send', { token: applicant });
    expect(sent.status).toBe(200);
    let sms = serviceOf((await page()).view, 'sms');
    expect(sms.health).toMatchObject({ calls: 1, failures: 0, lastError: null });
    expect(sms.health.lastLatencyMs).toEqual(expect.any(Number));
    expect(Date.parse(sms.health.lastCallAt!)).not.toBeNaN();

    isms.account.state = 'no-credit';
    const other = (await register(call)).session.accessToken;
    // The person is told the service is not answering, in their language, not a server fault.
    const refused = await app.app.inject({
      method: 'POST',
      url: '/api/verification/sms/send',
      headers: { authorization: `Bearer ${other}`, 'accept-language': 'ms' },
    });
    isms.account.state = 'active';
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({
      code: 'UNAVAILABLE',
      message:
        'Perkhidmatan luar yang kami gunakan tidak menjawab buat masa ini, sila cuba lagi dalam beberapa minit',
    });
    const { view, raw } = await page();
    sms = serviceOf(view, 'sms');
    expect(sms.health).toMatchObject({ calls: 2, failures: 1 });
    expect(sms.health.lastError?.message).toBe('iSMS: -1004 insufficient credits');
    for (const secret of Object.values(SECRETS)) expect(raw).not.toContain(secret);
  });

  it('books an SMS delivery receipt from the gateway once, and refuses one not proved', async () => {
    const applicant = (await register(call)).session.accessToken;
    await call('POST', '/api/verification/sms/send', { token: applicant });
    const id = isms.messages.at(-1)!.id;
    expect(await isms.receipt(id, 'DELIVRD')).toEqual({ status: 200, body: 'OK' });
    expect(await isms.receipt(id, 'DELIVRD')).toEqual({ status: 200, body: 'OK' });
    expect(await isms.receipt(id, 'UNDELIV')).toEqual({ status: 200, body: 'OK' });
    expect((await isms.receipt(id, 'UNDELIV', 'a-guess')).status).toBe(401);
    const [row] = await app.db.orm
      .select()
      .from(t.smsDeliveries)
      .where(eq(t.smsDeliveries.providerRef, id));
    expect(row).toMatchObject({ status: 'DELIVERED' });
    const outcomes = serviceOf((await page()).view, 'sms').outcomes;
    expect(outcomes).toContainEqual({ label: 'DELIVERED', count: 1 });
  });

  it('books the e-stamping agent’s signed webhooks once, and refuses a forged one', async () => {
    const stamping = {
      id: 'stamping-0001',
      reference: 'AK-2026-000001',
      documentSha256: 'a'.repeat(64),
      status: 'ISSUED' as const,
      certificateNo: 'LHDN-ES-0001',
      issuedAt: new Date().toISOString(),
      questionsLeft: 0,
    };
    expect((await estamp.webhook(stamping)).status).toBe(200);
    expect((await estamp.webhook({ ...stamping, status: 'PROCESSING' })).status).toBe(200);
    expect((await estamp.webhook(stamping, { secret: 'forged' })).status).toBe(401);
    const stale = Math.floor(Date.now() / 1000) - 3600;
    expect((await estamp.webhook(stamping, { timestamp: stale })).status).toBe(401);
    const [row] = await app.db.orm
      .select()
      .from(t.estampSubmissions)
      .where(eq(t.estampSubmissions.agentRef, 'stamping-0001'));
    expect(row).toMatchObject({ status: 'ISSUED', certificateNo: 'LHDN-ES-0001' });
    const garbled = await post(`${PUBLIC_URL}${PROVIDER_PATHS.estampWebhooks}`, 'not json', {
      'content-type': 'application/json',
    });
    expect(garbled.status).toBe(401);
  });

  it('opens a call through its signed link, and books who joined from the server', async () => {
    const [room] = await app.db.orm
      .insert(t.meetingRooms)
      .values({
        id: 'ab'.repeat(12),
        provider: 'jitsi',
        title: 'Attestation',
        startsAt: new Date(),
      })
      .returning();
    const links = jitsiMeeting(
      {
        url: jitsi.url,
        appId: 'lender',
        appSecret: SECRETS.jitsiApp,
        webhookSecret: SECRETS.jitsiHook,
        roomMinutes: 60,
      },
      {
        store: createMeetingRoomStore(app.db.orm, 'jitsi'),
        clock: { now: () => new Date() },
        publicUrl: () => PUBLIC_URL,
      },
    ).links(room!.id);
    const opened = await app.app.inject({ method: 'GET', url: new URL(links.guestUrl).pathname });
    expect(opened.statusCode).toBe(303);
    const location = String(opened.headers.location);
    expect(location.startsWith(`${jitsi.url}/${room!.id}?jwt=`)).toBe(true);
    expect(await jitsi.open(location)).toBe(200);
    const [joined] = await app.db.orm
      .select()
      .from(t.meetingRooms)
      .where(eq(t.meetingRooms.id, room!.id));
    expect(joined?.guestJoinedAt).toBeInstanceOf(Date);
    expect(joined?.hostJoinedAt).toBeNull();
    const bad = await app.app.inject({
      method: 'GET',
      url: PROVIDER_PATHS.meetingJoin(`${room!.id}.host.${'x'.repeat(32)}`),
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.body).toContain('Pautan panggilan ini tidak sah.');
    const forged = await jitsi.webhook(jitsi.joined.at(-1)!, { secret: 'forged' });
    expect(forged.status).toBe(401);
  });

  it('keeps every secret out of the log', () => {
    const logged = log.text();
    expect(logged).toContain('"route"');
    for (const secret of Object.values(SECRETS)) expect(logged).not.toContain(secret);
  });
});
