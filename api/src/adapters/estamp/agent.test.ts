// The e-stamping agent provider against its contract fake: signed requests, a submission tried
// again that stays one stamping, a certificate waited for and downloaded, refusals said, and
// webhooks checked and booked once whatever order they come in.
import { captureLog } from '../../testing/fakes/captured-log';
import { type EstampFake, startEstampFake } from '../../testing/fakes/estamp';
import { openTestDatabase, type TestDatabase } from '../../testing/test-db';
import { VendorCallError } from '../vendor-http';
import { agentEstamp, webhookSignature } from './agent';
import { createEstampSubmissionStore } from './agent-store';
import type { StampInput } from './port';
import { StampRefused } from './sandbox';

const AGENT = { keyId: 'lender-key-1', secret: 'estamp-secret-94c2e7b1d03f' };
const FAST = { timeoutMs: 300, backoffMs: 10 };

let counter = 0;
function input(): StampInput {
  counter += 1;
  return {
    agreementNo: `AK-2026-${String(counter).padStart(6, '0')}`,
    documentSha256: String(counter).padStart(64, 'a'),
    stampDutySen: 5_000,
    parties: [
      {
        role: 'BORROWER',
        name: 'Aminah binti Ali',
        idNo: '900101145678',
        shownIdNo: '900101-**-****',
      },
      {
        role: 'LENDER',
        name: 'ArkCash Sdn Bhd',
        idNo: '201901012345',
        shownIdNo: '201901012345',
      },
    ],
  };
}

describe('the e-stamping agent against its contract fake', () => {
  let fake: EstampFake;
  let database: TestDatabase;
  const clock = { now: () => new Date() };
  const store = () => createEstampSubmissionStore(database.db.orm);
  const agent = (secret = AGENT.secret, waitMs = 400) =>
    agentEstamp(
      { url: fake.url, keyId: AGENT.keyId, secret },
      { clock, store: store(), policy: FAST, waitMs, pollMs: 50 },
    );

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    fake = await startEstampFake(AGENT);
  });
  afterAll(async () => {
    await fake.close();
    await database.close();
  });
  beforeEach(() => {
    fake.next.outcome = 'issue';
    fake.next.afterQuestions = 0;
  });

  it('submits signed, and brings back the certificate the agent issued', async () => {
    const stamped = await agent().stamp(input());
    expect(stamped.certificateNo).toMatch(/^LHDN-ES-/);
    expect(stamped.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const submit = fake.server.requests.find((request) => request.method === 'POST')!;
    expect(submit.headers).toMatchObject({
      'x-key-id': AGENT.keyId,
      'idempotency-key': expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(JSON.stringify(submit.headers)).not.toContain(AGENT.secret);
  });

  it('waits while the agent processes, asking its status', async () => {
    fake.next.afterQuestions = 2;
    const stamped = await agent().stamp(input());
    expect(stamped.certificateNo).toMatch(/^LHDN-ES-/);
  });

  it('refuses what the agent rejects, with its reason', async () => {
    fake.next.outcome = 'reject';
    const error = await agent()
      .stamp(input())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StampRefused);
    expect((error as Error).message).toContain('does not match the instrument');
  });

  it('says the certificate is not issued yet, and the next try finds the same stamping', async () => {
    fake.next.afterQuestions = 50;
    const same = input();
    const before = fake.stampings.size;
    await expect(agent().stamp(same)).rejects.toThrow('certificate not issued yet');
    const [stamping] = [...fake.stampings.values()].slice(-1);
    stamping!.questionsLeft = 1;
    expect((await agent().stamp(same)).certificateNo).toMatch(/^LHDN-ES-/);
    expect(fake.stampings.size).toBe(before + 1);
  });

  it('submits again after a timeout, and the agent keeps one stamping', async () => {
    const before = fake.stampings.size;
    fake.server.fault('/v1/stampings', { kind: 'slow', ms: 1_000 });
    expect((await agent().stamp(input())).certificateNo).toMatch(/^LHDN-ES-/);
    expect(fake.stampings.size).toBe(before + 1);
  });

  it('names a signature the agent refuses as a credentials problem', async () => {
    const error = await agent('a-rotated-secret')
      .stamp(input())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VendorCallError);
    expect(error).toMatchObject({ failure: 'credentials' });
  });

  it('takes a webhook only signed with the secret and recent', () => {
    const body = Buffer.from(JSON.stringify({ stampingId: 'x', status: 'ISSUED' }));
    const now = String(Math.floor(Date.now() / 1000));
    const hooks = agent().webhooks;
    expect(
      hooks.authentic(
        { timestamp: now, signature: webhookSignature(AGENT.secret, now, body) },
        body,
      ),
    ).toBe(true);
    expect(
      hooks.authentic({ timestamp: now, signature: webhookSignature('guess', now, body) }, body),
    ).toBe(false);
    const old = String(Math.floor(Date.now() / 1000) - 3600);
    expect(
      hooks.authentic(
        { timestamp: old, signature: webhookSignature(AGENT.secret, old, body) },
        body,
      ),
    ).toBe(false);
    expect(
      hooks.authentic(
        { timestamp: now, signature: webhookSignature(AGENT.secret, now, body) },
        Buffer.from('{}'),
      ),
    ).toBe(false);
  });

  it('books webhooks once: a repeat and a late processing one leave it issued', async () => {
    fake.next.afterQuestions = 50;
    await agent()
      .stamp(input())
      .catch(() => undefined);
    const stamping = [...fake.stampings.values()].at(-1)!;
    const hooks = agent().webhooks;
    const issued = {
      ...stamping,
      status: 'ISSUED' as const,
      certificateNo: 'LHDN-ES-HOOK0001',
      issuedAt: new Date().toISOString(),
    };
    expect(await hooks.book({ stampingId: stamping.id, ...issued })).toBe(true);
    expect(await hooks.book({ stampingId: stamping.id, ...issued })).toBe(true);
    expect(await hooks.book({ stampingId: stamping.id, status: 'PROCESSING' })).toBe(true);
    expect(await store().byAgentRef(stamping.id)).toMatchObject({
      status: 'ISSUED',
      certificateNo: 'LHDN-ES-HOOK0001',
      reference: stamping.reference,
    });
    expect(await hooks.book({ stampingId: stamping.id, status: 'UNKNOWN' })).toBe(false);
    expect((await hooks.counts()).ISSUED).toBeGreaterThanOrEqual(1);
  });

  it('keeps the secret and the parties out of errors and the log', async () => {
    const log = captureLog();
    const error = await agent('wrong-secret-55aa')
      .stamp(input())
      .catch((e: unknown) => e);
    log.logger.warn({ error: (error as Error).message }, 'stamping failed');
    for (const value of ['wrong-secret-55aa', AGENT.secret, '900101145678', 'Aminah']) {
      expect(log.text()).not.toContain(value);
    }
  });
});
