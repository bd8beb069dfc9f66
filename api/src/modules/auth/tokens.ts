import { createHmac, randomUUID } from 'node:crypto';

import type { StaffRole, TenantId, TokenAudience } from '@lending/contracts';
import { jwtVerify } from 'jose';

import type { Clock } from '../../kernel/clock';

export const ISSUER = 'lending-api';
export const ACCESS_TOKEN_LIFETIME_S = 15 * 60;
const RED_ONE_TOKEN_LIFETIME_S = 60 * 60;
const RED_ONE_AUDIENCE = 'redone';
/** Between a staff member's correct password and their second factor. */
export const STAFF_CHALLENGE_LIFETIME_S = 5 * 60;
const STAFF_CHALLENGE_AUDIENCE = 'staff-challenge';

const base64url = (json: object) => Buffer.from(JSON.stringify(json)).toString('base64url');
const PROTECTED_HEADER = base64url({ alg: 'HS256', typ: 'JWT' });

export type AccessClaims =
  | {
      aud: 'applicant';
      sub: string;
      sid: string;
      tenant: TenantId;
      /** Only in tokens of the telecom's portal sign-in, whose client reads who signed in from
       *  the token (spec section 3); the API never reads them back. */
      email?: string;
      name?: string;
    }
  | {
      aud: 'staff';
      sub: string;
      sid: string;
      email: string;
      /** Shown in the back office's header; the API never reads it back, so a check leaves it
       *  out. */
      name?: string;
      roles: StaffRole[];
    };

/** The second step of a staff sign-in, as its challenge names it. */
export interface StaffChallenge {
  staffId: string;
  id: string;
  expiresAt: Date;
}

/** Signs and checks the short-lived access tokens (HS256 with a server secret). Only HS256 is
 *  accepted, so `alg: none` and tokens signed some other way are refused. */
export function createTokenIssuer(secretBytes: Uint8Array, clock: Clock) {
  // Imported once: given raw bytes, jose imports the key again for every token it checks, which
  // doubles the cost on every request.
  const secret = crypto.subtle.importKey(
    'raw',
    secretBytes,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  // Signed by hand: a JWT is two base64url JSON parts and an HMAC, and node's HMAC is one
  // synchronous call where jose's WebCrypto path costs a few times more on every sign-in. The
  // output is byte for byte what jose's SignJWT produces (tested); checking stays with jose.
  function sign(
    claims: Record<string, unknown>,
    audience: string,
    subject: string,
    lifetime: number,
  ): string {
    const now = nowSeconds();
    const payload = base64url({
      ...claims,
      iss: ISSUER,
      aud: audience,
      sub: subject,
      iat: now,
      exp: now + lifetime,
    });
    const signingInput = `${PROTECTED_HEADER}.${payload}`;
    const signature = createHmac('sha256', secretBytes).update(signingInput).digest('base64url');
    return `${signingInput}.${signature}`;
  }

  return {
    signAccess(claims: AccessClaims): string {
      const { aud, sub, ...rest } = claims;
      return sign(rest, aud, sub, ACCESS_TOKEN_LIFETIME_S);
    },
    /** Proves, for an hour, that the bearer signed in to the telecom as this line (callerId). It
     *  opens no account: only the telecom paths that ask for the line take it. */
    signRedOne(callerId: string): string {
      return sign({}, RED_ONE_AUDIENCE, callerId, RED_ONE_TOKEN_LIFETIME_S);
    },
    /** The line (callerId) of a genuine, unexpired redOne token; null otherwise. */
    async verifyRedOne(token: string): Promise<string | null> {
      try {
        const { payload } = await jwtVerify(token, await secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: RED_ONE_AUDIENCE,
          currentDate: clock.now(),
        });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
    /** Proves a staff member gave the right password a moment ago; it opens nothing but the
     *  second step of sign-in (its audience is no access token's). Its id (`jti`) is what the
     *  sign-in spends, so a challenge opens one session at most. */
    signStaffChallenge(staffId: string): string {
      return sign(
        { jti: randomUUID() },
        STAFF_CHALLENGE_AUDIENCE,
        staffId,
        STAFF_CHALLENGE_LIFETIME_S,
      );
    },
    /** The staff id, id and end of a genuine, unexpired challenge; null otherwise. */
    async verifyStaffChallenge(token: string): Promise<StaffChallenge | null> {
      try {
        const { payload } = await jwtVerify(token, await secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: STAFF_CHALLENGE_AUDIENCE,
          currentDate: clock.now(),
        });
        if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return null;
        if (typeof payload.exp !== 'number') return null;
        return { staffId: payload.sub, id: payload.jti, expiresAt: new Date(payload.exp * 1000) };
      } catch {
        return null;
      }
    },
    /** The claims of a genuine, unexpired token for one of the audiences; null otherwise. */
    async verifyAccess(token: string, audiences: TokenAudience[]): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, await secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: audiences,
          currentDate: clock.now(),
        });
        const aud = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        if (aud === 'applicant' && typeof payload.tenant === 'string') {
          return { aud, sub: payload.sub, sid: payload.sid, tenant: payload.tenant as TenantId };
        }
        if (aud === 'staff' && Array.isArray(payload.roles) && typeof payload.email === 'string') {
          return {
            aud,
            sub: payload.sub,
            sid: payload.sid,
            email: payload.email,
            roles: payload.roles as StaffRole[],
          };
        }
        return null;
      } catch {
        return null;
      }
    },
  };
}

export type TokenIssuer = ReturnType<typeof createTokenIssuer>;
