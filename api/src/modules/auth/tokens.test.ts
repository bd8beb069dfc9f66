import { SignJWT } from 'jose';

import { fixedClock } from '../../kernel/clock';
import { ACCESS_TOKEN_LIFETIME_S, createTokenIssuer, ISSUER } from './tokens';

const secret = new TextEncoder().encode('a signing secret of at least thirty-two characters');
const at = new Date('2026-11-23T08:00:00Z');
const seconds = at.getTime() / 1000;
const claims = {
  aud: 'applicant' as const,
  sub: '6f1c0e7e-2c1f-4e0b-9d52-0f7d3b0c1a12',
  sid: '0b6e9d1c-8a55-4a57-9a57-3c9d2f6f4e10',
  tenant: 'arkcash' as const,
};

describe('access tokens', () => {
  it('signs exactly what jose signs for the same claims', async () => {
    const issuer = createTokenIssuer(secret, fixedClock(at));
    const { aud, sub, ...rest } = claims;
    const byJose = await new SignJWT(rest)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(aud)
      .setSubject(sub)
      .setIssuedAt(seconds)
      .setExpirationTime(seconds + ACCESS_TOKEN_LIFETIME_S)
      .sign(secret);
    expect(issuer.signAccess(claims)).toBe(byJose);
  });

  it('accepts its own token until it expires, for its audience only', async () => {
    const clock = fixedClock(at);
    const issuer = createTokenIssuer(secret, clock);
    const token = issuer.signAccess(claims);
    expect(await issuer.verifyAccess(token, ['applicant'])).toEqual(claims);
    expect(await issuer.verifyAccess(token, ['staff'])).toBeNull();
    clock.advance(ACCESS_TOKEN_LIFETIME_S * 1000 + 1000);
    expect(await issuer.verifyAccess(token, ['applicant'])).toBeNull();
  });

  it('refuses a token whose claims were changed or that another secret signed', async () => {
    const issuer = createTokenIssuer(secret, fixedClock(at));
    const [header, payload, signature] = issuer.signAccess(claims).split('.');
    const changed = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'x' }),
    ).toString('base64url');
    expect(
      await issuer.verifyAccess(`${header}.${changed}.${signature}`, ['applicant']),
    ).toBeNull();
    const other = createTokenIssuer(new TextEncoder().encode('x'.repeat(40)), fixedClock(at));
    expect(await issuer.verifyAccess(other.signAccess(claims), ['applicant'])).toBeNull();
  });
});
