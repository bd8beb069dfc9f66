// The Innov8tif-style eKYC provider against its contract fake: the card read, the face matched
// and the selfie's liveness decide the verdict; the capture is judged and kept once; a vendor that
// is down or refuses the key leaves the link for another try; the key never reaches the log.
import { randomBytes } from 'node:crypto';

import { createSealer } from '../../crypto/sealed';
import { fixedClock } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import { captureLog } from '../../testing/fakes/captured-log';
import { fakePhoto, type OkayFake, startOkayFake } from '../../testing/fakes/okay';
import { openTestDatabase, type TestDatabase } from '../../testing/test-db';
import type { CaptureSubmission } from './capture';
import { EKYC_UNAVAILABLE, okayEkyc, VERIFICATION_FAILED } from './okay';
import { IDENTITY_CARD_MISMATCH } from './port';
import { createSandboxEkycStore } from './sandbox-store';

const API_KEY = 'okay-api-key-2b7e90c4f1a8';
const NRIC = '900101145678';
const FAST = { timeoutMs: 300, backoffMs: 10 };

describe('the eKYC vendor (OkayID, OkayFace, OkayLive) against its contract fake', () => {
  let fake: OkayFake;
  let database: TestDatabase;
  const sealer = createSealer(randomBytes(32));
  const clock = fixedClock(new Date());
  const provider = (apiKey = API_KEY) =>
    okayEkyc(
      { url: fake.url, apiKey, faceThreshold: 80, livenessThreshold: 80 },
      {
        store: createSandboxEkycStore(database.db.orm),
        sealer,
        clock,
        publicUrl: () => 'https://lend.example.com',
        policy: FAST,
      },
    );

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    fake = await startOkayFake({ apiKey: API_KEY });
  });
  afterAll(async () => {
    await fake.close();
    await database.close();
  });

  async function session(ekyc = provider()) {
    const started = await ekyc.startSession({
      applicationId: '00000000-0000-4000-8000-000000000001',
      identityCardFingerprint: sealer.fingerprint(NRIC),
      language: 'MS',
      audience: 'APPLICANT',
    });
    return { ekyc, started, token: started.captureUrl.split('/').pop()! };
  }

  function capture(shows: { card?: string; face?: number; live?: number; typed?: string } = {}) {
    const card = `card:${shows.card ?? NRIC}`;
    return {
      consent: true,
      identityCardNo: shows.typed ?? '900101-14-5678',
      images: [
        { kind: 'ID_FRONT', contentType: 'image/png', content: fakePhoto(card) },
        { kind: 'ID_BACK', contentType: 'image/png', content: fakePhoto('back') },
        {
          kind: 'SELFIE',
          contentType: 'image/png',
          content: fakePhoto(`face:${shows.face ?? 93} live:${shows.live ?? 97}`),
        },
      ],
      ip: '203.0.113.9',
    } satisfies CaptureSubmission;
  }

  it('passes a capture whose card, face and liveness hold, and hands the images over once', async () => {
    const { ekyc, started, token } = await session();
    expect(await ekyc.submitCapture(token, capture())).toEqual({
      ok: true,
      verdict: 'PASSED',
      message: null,
    });
    expect(await ekyc.status(started.providerRef)).toEqual({ state: 'PASSED', message: null });
    const result = await ekyc.collectResult(started.providerRef);
    expect(result?.images.map((image) => image.kind).sort()).toEqual([
      'ID_BACK',
      'ID_FRONT',
      'SELFIE',
    ]);
    expect((await ekyc.collectResult(started.providerRef))?.images).toEqual([]);
    const paths = fake.server.requests.slice(-3).map((request) => request.path);
    expect(paths).toEqual(['/api/ekyc/okayid', '/api/ekyc/okayface', '/api/ekyc/okaylive']);
  });

  it.each([
    ['a card that is not the application’s', { card: '850505105555' }, IDENTITY_CARD_MISMATCH],
    [
      'a number typed that is not the application’s',
      { typed: '850505-10-5555' },
      IDENTITY_CARD_MISMATCH,
    ],
    ['a face below the match threshold', { face: 61 }, VERIFICATION_FAILED],
    ['a selfie below the liveness threshold', { live: 42 }, VERIFICATION_FAILED],
    ['a card the vendor cannot read', { card: '' }, VERIFICATION_FAILED],
  ])('fails %s', async (_what, shows, message) => {
    const { ekyc, token } = await session();
    const capturing = capture(shows);
    if ((shows as { card?: string }).card === '')
      capturing.images[0]!.content = fakePhoto('blurred');
    expect(await ekyc.submitCapture(token, capturing)).toEqual({
      ok: true,
      verdict: 'FAILED',
      message,
    });
  });

  it('judges and keeps a capture sent twice once', async () => {
    const { ekyc, token } = await session();
    const [first, second] = await Promise.all([
      ekyc.submitCapture(token, capture()),
      ekyc.submitCapture(token, capture()),
    ]);
    const outcomes = [first, second].map((outcome) => ('verdict' in outcome ? 'judged' : outcome));
    expect(outcomes).toContainEqual('judged');
    expect(outcomes).toContainEqual({
      ok: false,
      reason: 'used',
      language: 'MS',
      audience: 'APPLICANT',
    });
    expect(await ekyc.submitCapture(token, capture())).toMatchObject({ ok: false, reason: 'used' });
  });

  it('passes after the vendor timed out once: the one verdict', async () => {
    const { ekyc, token } = await session();
    fake.server.fault('/api/ekyc/okayface', { kind: 'slow', ms: 1_000 });
    expect(await ekyc.submitCapture(token, capture())).toMatchObject({ verdict: 'PASSED' });
  });

  it('leaves the link unused when the vendor refuses the key or stays down', async () => {
    const { token } = await session();
    const refused = await provider('a-revoked-api-key-99')
      .submitCapture(token, capture())
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 503, message: EKYC_UNAVAILABLE });
    for (let i = 0; i < 3; i++)
      fake.server.fault('/api/ekyc/okayid', { kind: 'status', status: 502 });
    await expect(provider().submitCapture(token, capture())).rejects.toMatchObject({
      statusCode: 503,
    });
    expect(await provider().submitCapture(token, capture())).toMatchObject({ verdict: 'PASSED' });
  });

  it('keeps the API key out of what an error says', async () => {
    const log = captureLog();
    const { token } = await session();
    const error = await provider('wrong-key-0123456789')
      .submitCapture(token, capture())
      .catch((e: unknown) => e);
    const cause = (error as { cause?: Error }).cause;
    log.logger.warn({ error: cause?.message }, 'ekyc vendor refused');
    expect(log.text()).toContain('api.invalid.apikey');
    expect(log.text()).not.toContain('wrong-key-0123456789');
    expect(log.text()).not.toContain(API_KEY);
    expect(log.text()).not.toContain(NRIC);
  });
});
