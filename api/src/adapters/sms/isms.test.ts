// The iSMS provider against its contract fake: Malay and Unicode text, long messages in parts,
// every refusal the gateway documents, a send never repeated once it may have gone out, and
// delivery receipts booked once whatever order they come in.
import { fixedClock } from '../../kernel/clock';
import { captureLog } from '../../testing/fakes/captured-log';
import { type IsmsFake, startIsmsFake } from '../../testing/fakes/isms';
import { openTestDatabase, type TestDatabase } from '../../testing/test-db';
import { VendorCallError } from '../vendor-http';
import { createSmsDeliveryStore } from './deliveries-store';
import { ismsSms, maskNumber } from './isms';
import { encodeSms } from './segments';

const ACCOUNT = { username: 'lender', password: 'isms-password-3e8b1f0c' };
const RECEIPT_SECRET = 'receipt-secret-61d0a7c4e9';
const FAST = { timeoutMs: 300, backoffMs: 10 };

describe('iSMS against its contract fake', () => {
  let fake: IsmsFake;
  let database: TestDatabase;
  const clock = fixedClock(new Date());
  const log = captureLog();
  const store = () => createSmsDeliveryStore(database.db.orm, 'isms');
  const gateway = (password = ACCOUNT.password) =>
    ismsSms(
      {
        url: fake.url,
        username: ACCOUNT.username,
        password,
        senderId: 'ARKCASH',
        receiptSecret: RECEIPT_SECRET,
      },
      { store: store(), clock, log: log.logger, policy: FAST },
    );

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    fake = await startIsmsFake(ACCOUNT);
  });
  afterAll(async () => {
    await fake.close();
    await database.close();
  });
  beforeEach(() => {
    fake.account.state = 'active';
  });

  it('sends Malay text as plain text, typographic quotes written plainly', async () => {
    await gateway().send({
      to: '+60123456789',
      body: 'Kod pengesahan anda ialah 482913. Jangan kongsi kod ini – ia sah 10 minit.',
    });
    expect(fake.messages.at(-1)).toMatchObject({
      dstno: '60123456789',
      type: '1',
      sendid: 'ARKCASH',
      msg: 'Kod pengesahan anda ialah 482913. Jangan kongsi kod ini - ia sah 10 minit.',
    });
    const stored = await store().status(fake.messages.at(-1)!.id);
    expect(stored).toMatchObject({ status: 'SENT', parts: 1, recipientMasked: '+60*****6789' });
  });

  it('sends text outside the GSM alphabet as Unicode, counting its parts', async () => {
    await gateway().send({ to: '+60198765432', body: 'Terima kasih 谢谢 🙏' });
    expect(fake.messages.at(-1)).toMatchObject({ type: '2', msg: 'Terima kasih 谢谢 🙏' });
    expect(encodeSms('a'.repeat(160))).toMatchObject({ unicode: false, parts: 1 });
    expect(encodeSms('a'.repeat(161))).toMatchObject({ unicode: false, parts: 2 });
    expect(encodeSms('谢'.repeat(70))).toMatchObject({ unicode: true, parts: 1 });
    expect(encodeSms('谢'.repeat(71))).toMatchObject({ unicode: true, parts: 2 });
    expect(encodeSms('{'.repeat(80))).toMatchObject({ unicode: false, parts: 1 });
  });

  it('sends a long notice in parts, and refuses one too long before anything goes out', async () => {
    const notice = 'Notis tunggakan: ansuran anda telah lewat. '.repeat(12);
    await gateway().send({ to: '+60123456789', body: notice });
    expect(fake.messages.at(-1)?.msg).toBe(notice);
    expect((await store().status(fake.messages.at(-1)!.id))?.parts).toBe(4);
    const sent = fake.messages.length;
    await expect(gateway().send({ to: '+60123456789', body: 'x'.repeat(1_000) })).rejects.toThrow(
      'message too long',
    );
    expect(fake.messages).toHaveLength(sent);
  });

  it.each([
    [
      'a wrong password',
      () => gateway('not-the-password'),
      '-1001 authentication failed',
      'credentials',
    ],
    [
      'a suspended account',
      () => ((fake.account.state = 'suspended'), gateway()),
      '-1002',
      'credentials',
    ],
    [
      'no credit left',
      () => ((fake.account.state = 'no-credit'), gateway()),
      '-1004 insufficient credits',
      'credentials',
    ],
  ] as const)('refuses with %s, and sends it only once', async (_what, make, words, failure) => {
    const before = fake.server.requests.length;
    const error = await make()
      .send({ to: '+60123456789', body: 'Kod anda 111111' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VendorCallError);
    expect(error).toMatchObject({ failure });
    expect((error as Error).message).toContain(words);
    expect(fake.server.requests.length - before).toBe(1);
  });

  it('refuses a number that is not E.164 without asking the gateway', async () => {
    const before = fake.server.requests.length;
    await expect(gateway().send({ to: '0123', body: 'Hi' })).rejects.toThrow('E.164');
    expect(fake.server.requests.length).toBe(before);
  });

  it('tries again after a server error, since the gateway took nothing', async () => {
    const sent = fake.messages.length;
    fake.server.fault('/isms_send_all_id.php', { kind: 'status', status: 503 });
    await gateway().send({ to: '+60123456789', body: 'Kod anda 222222' });
    expect(fake.messages).toHaveLength(sent + 1);
  });

  it('never sends again after a timeout: the one message went out once', async () => {
    const sent = fake.messages.length;
    fake.server.fault('/isms_send_all_id.php', { kind: 'slow', ms: 1_000 });
    const error = await gateway()
      .send({ to: '+60123456789', body: 'Kod anda 333333' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ failure: 'timeout' });
    expect(fake.messages).toHaveLength(sent + 1);
    expect(fake.messages.at(-1)?.msg).toBe('Kod anda 333333');
  });

  it('books delivery receipts once, the first final word standing', async () => {
    const sms = gateway();
    await sms.send({ to: '+60123456789', body: 'Resit anda' });
    const id = fake.messages.at(-1)!.id;
    expect(await sms.receipts.book({ msgid: id, status: 'ENROUTE' })).toBe(true);
    expect(await sms.receipts.book({ msgid: id, status: 'DELIVRD' })).toBe(true);
    // Repeated, then a late intermediate word, then a contradicting one: DELIVERED stands.
    expect(await sms.receipts.book({ msgid: id, status: 'DELIVRD' })).toBe(true);
    expect(await sms.receipts.book({ msgid: id, status: 'ACCEPTD' })).toBe(true);
    expect(await sms.receipts.book({ msgid: id, status: 'UNDELIV' })).toBe(true);
    expect(await store().status(id)).toMatchObject({
      status: 'DELIVERED',
      statusDetail: 'DELIVRD',
    });
    expect(await sms.receipts.book({ msgid: '99999999999', status: 'DELIVRD' })).toBe(false);
    expect(await sms.receipts.book({ msgid: id, status: 'SOMETHING' })).toBe(false);
    const counts = await sms.receipts.counts(new Date(clock.now().getTime() - 60_000));
    expect(counts.DELIVERED).toBeGreaterThanOrEqual(1);
  });

  it('takes a receipt only with the shared secret', () => {
    const sms = gateway();
    const basic = (secret: string) => `Basic ${Buffer.from(`isms:${secret}`).toString('base64')}`;
    expect(sms.receipts.authentic(basic(RECEIPT_SECRET))).toBe(true);
    expect(sms.receipts.authentic(basic('guessed'))).toBe(false);
    expect(sms.receipts.authentic(undefined)).toBe(false);
    expect(sms.receipts.authentic(`Bearer ${RECEIPT_SECRET}`)).toBe(false);
  });

  it('keeps the password, the number and the text out of errors and the log', async () => {
    const error = await gateway('wrong-password-abc')
      .send({ to: '+60123456789', body: 'Kod anda 444444' })
      .catch((e: unknown) => e);
    log.logger.warn({ error: (error as Error).message }, 'sms not sent');
    const logged = log.text();
    expect(logged).toContain('authentication failed');
    for (const value of ['wrong-password-abc', ACCOUNT.password, '60123456789', '444444']) {
      expect(logged).not.toContain(value);
    }
    expect(maskNumber('+60123456789')).toBe('+60*****6789');
  });
});
