import { createHmac, timingSafeEqual } from 'node:crypto';

import type { StaffRole, TenantId } from '@lending/contracts';

import type { Clock } from '../kernel/clock';
import type { Sessions } from '../modules/auth/session-store';
import type { Principal } from './access';

/**
 * Links that open one file for a short while, for what cannot send an Authorization header (a
 * download followed by the browser, a video element's range requests). A link names the file
 * (`resource`), the person and their session, and when it ends, under an HMAC of a key of its own
 * (derived from the signing key, so no access token verifies as a link or the reverse). It opens
 * nothing but that file, and nothing once the session ends: the bearer never travels in a URL.
 */

/** The query parameter a link travels in. */
export const FILE_LINK_PARAM = 'link';
/** What a link that opens nothing answers (401 `FILE_LINK_INVALID`). */
export const FILE_LINK_INVALID =
  'This link has ended or is not for this file, please open the file again';
/** A document is fetched the moment the link is made. */
export const DOCUMENT_LINK_LIFETIME_S = 2 * 60;

interface LinkClaims {
  /** The one resource the link opens, e.g. `file:<id>`. */
  r: string;
  /** Whose: `a` an applicant, `s` staff. */
  k: 'a' | 's';
  u: string;
  sid: string;
  exp: number;
  t?: TenantId;
  e?: string;
  ro?: StaffRole[];
}

export interface FileLink {
  token: string;
  expiresAt: Date;
}

const encode = (claims: LinkClaims) => Buffer.from(JSON.stringify(claims)).toString('base64url');

export function createFileLinks(deps: {
  signingKey: Uint8Array;
  clock: Clock;
  sessions: Sessions;
}) {
  const key = createHmac('sha256', deps.signingKey).update('lending file link v1').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  const nowSeconds = () => Math.floor(deps.clock.now().getTime() / 1000);

  return {
    /** A link to `resource` for `principal`, good for `lifetimeS` seconds. */
    mint(principal: Principal, resource: string, lifetimeS = DOCUMENT_LINK_LIFETIME_S): FileLink {
      const exp = nowSeconds() + lifetimeS;
      const claims: LinkClaims =
        principal.kind === 'applicant'
          ? {
              r: resource,
              k: 'a',
              u: principal.userId,
              sid: principal.sessionId,
              exp,
              t: principal.tenant,
            }
          : {
              r: resource,
              k: 's',
              u: principal.staffId,
              sid: principal.sessionId,
              exp,
              e: principal.email,
              ro: principal.roles,
            };
      const payload = encode(claims);
      return {
        token: `${payload}.${mac(payload).toString('base64url')}`,
        expiresAt: new Date(exp * 1000),
      };
    },

    /** Who a genuine, unexpired link to exactly `resource` stands for; null otherwise. */
    async open(token: string, resource: string): Promise<Principal | null> {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const expected = mac(payload);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let claims: LinkClaims;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LinkClaims;
      } catch {
        return null;
      }
      if (claims.r !== resource || !(claims.exp > nowSeconds())) return null;
      if (!(await deps.sessions.isActive(claims.sid))) return null;
      if (claims.k === 'a' && claims.t) {
        return { kind: 'applicant', userId: claims.u, tenant: claims.t, sessionId: claims.sid };
      }
      if (claims.k === 's' && claims.e && claims.ro) {
        return {
          kind: 'staff',
          staffId: claims.u,
          email: claims.e,
          roles: claims.ro,
          sessionId: claims.sid,
        };
      }
      return null;
    },
  };
}

export type FileLinks = ReturnType<typeof createFileLinks>;
