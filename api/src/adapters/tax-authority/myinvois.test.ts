// The MyInvois taxpayer check against its contract fake: client-credential tokens kept and renewed,
// every documented answer read as valid, not valid or "cannot tell", and the client secret never
// in an error or the log. MyInvois sends no callbacks: a check is one question and its answer.
import { fixedClock } from '../../kernel/clock';
import { captureLog } from '../../testing/fakes/captured-log';
import { type MyInvoisFake, startMyInvoisFake } from '../../testing/fakes/myinvois';
import { myInvoisTaxAuthority } from './myinvois';
import { TaxAuthorityUnavailable } from './port';

const CLIENT = { clientId: 'lender-erp-client', clientSecret: 'client-secret-7c1e5a93d20b84f6' };
const FAST = { timeoutMs: 300, backoffMs: 10 };
const INDIVIDUAL = { tin: 'IG12345678901', idType: 'NRIC' as const, idValue: '900101145678' };
const COMPANY = { tin: 'C2584563200', idType: 'BRN' as const, idValue: '202001012345' };

describe('MyInvois taxpayer validation against its contract fake', () => {
  let fake: MyInvoisFake;
  const clock = fixedClock(new Date());
  const authority = (secret = CLIENT.clientSecret) =>
    myInvoisTaxAuthority(
      { apiUrl: fake.url, identityUrl: fake.url, clientId: CLIENT.clientId, clientSecret: secret },
      { clock, policy: FAST },
    );

  beforeAll(async () => {
    fake = await startMyInvoisFake(CLIENT);
    fake.taxpayers.set(INDIVIDUAL.tin, { idType: 'NRIC', idValue: INDIVIDUAL.idValue });
    fake.taxpayers.set(COMPANY.tin, { idType: 'BRN', idValue: COMPANY.idValue });
  });
  afterAll(() => fake.close());

  it('validates a TIN issued against that identity, with one token for many checks', async () => {
    const provider = authority();
    const before = fake.tokensIssued();
    expect(await provider.validateTin(INDIVIDUAL)).toBe(true);
    expect(await provider.validateTin(COMPANY)).toBe(true);
    expect(fake.tokensIssued() - before).toBe(1);
    const asked = fake.server.requests.filter((r) => r.path.startsWith('/api/v1.0/taxpayer'));
    expect(asked.at(-1)?.path).toBe(`/api/v1.0/taxpayer/validate/${COMPANY.tin}`);
    expect(Object.fromEntries(asked.at(-1)!.query)).toEqual({
      idType: 'BRN',
      idValue: COMPANY.idValue,
    });
    const token = fake.server.requests.find((r) => r.path === '/connect/token')!.form();
    expect(token).toMatchObject({ grant_type: 'client_credentials', scope: 'InvoicingAPI' });
  });

  it('answers not valid for another identity, an unknown TIN and an id type it refuses', async () => {
    const provider = authority();
    expect(await provider.validateTin({ ...INDIVIDUAL, idValue: '850505105555' })).toBe(false);
    expect(await provider.validateTin({ ...INDIVIDUAL, tin: 'IG99999999999' })).toBe(false);
    expect(
      await provider.validateTin({ ...INDIVIDUAL, idType: 'SOMETHING' as unknown as 'NRIC' }),
    ).toBe(false);
  });

  it('renews the token before it runs out, and once more when it is refused early', async () => {
    const provider = authority();
    await provider.validateTin(INDIVIDUAL);
    const issued = fake.tokensIssued();
    clock.advance(3_600_000 - 30_000);
    expect(await provider.validateTin(INDIVIDUAL)).toBe(true);
    expect(fake.tokensIssued()).toBe(issued + 1);
    fake.revokeTokens();
    expect(await provider.validateTin(INDIVIDUAL)).toBe(true);
    expect(fake.tokensIssued()).toBe(issued + 2);
  });

  it('cannot tell when the client secret was rotated, and says it is the credentials', async () => {
    const provider = authority();
    await provider.validateTin(INDIVIDUAL);
    fake.rotateSecret('client-secret-rotated-at-lhdn');
    const error = await provider.validateTin(INDIVIDUAL).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TaxAuthorityUnavailable);
    expect((error as Error).message).toContain('token refused');
    fake.rotateSecret(CLIENT.clientSecret);
  });

  it('waits out throttling and a server error, then answers once', async () => {
    const provider = authority();
    await provider.validateTin(INDIVIDUAL);
    fake.server.fault('/api/v1.0/taxpayer', { kind: 'status', status: 429, retryAfterSeconds: 0 });
    fake.server.fault('/api/v1.0/taxpayer', { kind: 'status', status: 502 });
    expect(await provider.validateTin(COMPANY)).toBe(true);
  });

  it('answers after a timeout on the first try, and cannot tell when every try times out', async () => {
    const provider = authority();
    await provider.validateTin(INDIVIDUAL);
    fake.server.fault('/api/v1.0/taxpayer', { kind: 'slow', ms: 1_000 });
    expect(await provider.validateTin(INDIVIDUAL)).toBe(true);
    for (let i = 0; i < 3; i++)
      fake.server.fault('/api/v1.0/taxpayer', { kind: 'slow', ms: 1_000 });
    const error = await provider.validateTin(INDIVIDUAL).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TaxAuthorityUnavailable);
    expect((error as Error).message).toMatch(/no answer within 300 ms/);
  });

  it('keeps the client secret, the TIN and the identity out of errors and the log', async () => {
    const log = captureLog();
    const provider = authority('a-wrong-client-secret-1234');
    const error = await provider.validateTin(INDIVIDUAL).catch((e: unknown) => e);
    log.logger.warn({ error: (error as Error).message }, 'tax authority unavailable');
    expect(log.text()).toContain('token refused');
    for (const value of ['a-wrong-client-secret-1234', INDIVIDUAL.tin, INDIVIDUAL.idValue]) {
      expect(log.text()).not.toContain(value);
    }
  });
});
