import { type StaffRole, TENANT_HEADER, type TenantId } from '@lending/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { HttpError } from '../kernel/errors';
import type { Sessions } from '../modules/auth/session-store';
import type { TokenIssuer } from '../modules/auth/tokens';

/**
 * Who may call a route. Every route states it (`config.access`); a route without it does not
 * even register, so nothing is reachable by omission.
 * - `public`: anyone (the route may still check a token of its own, e.g. a reset link).
 * - `applicant`: a signed-in applicant; what they may read is further narrowed to their own.
 * - `staff`: signed-in staff with one of the roles listed (all staff roles when empty).
 * - `applicant-or-staff`: either of the above (e.g. reading a user: the user, or staff).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'applicant' }
  | { kind: 'staff'; roles: readonly StaffRole[] }
  | { kind: 'applicant-or-staff'; roles: readonly StaffRole[] };

export const access = {
  public: { kind: 'public' } as Access,
  applicant: { kind: 'applicant' } as Access,
  staff: (...roles: StaffRole[]): Access => ({ kind: 'staff', roles }),
  applicantOrStaff: (...roles: StaffRole[]): Access => ({ kind: 'applicant-or-staff', roles }),
};

export type Principal =
  | { kind: 'applicant'; userId: string; tenant: TenantId; sessionId: string }
  | { kind: 'staff'; staffId: string; email: string; roles: StaffRole[]; sessionId: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** Routes the framework's plugins add (the documentation page) are public by nature. */
const PLUGIN_ROUTE_PREFIXES = ['/api/docs'];

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

const unauthorized = () => new HttpError(401, 'Unauthorized');
const forbidden = () => new HttpError(403, 'Forbidden');

/** Query names an access token has travelled under; neither is ever taken as one. */
const TOKEN_QUERY_NAMES = ['token', 'access_token'];

/**
 * The signed-in person of a request's Authorization header (applicant or staff, session still
 * open), for a route public at the door that reads its own credentials; null without one.
 */
export async function bearerPrincipal(
  request: FastifyRequest,
  deps: { tokens: TokenIssuer; sessions: Sessions },
): Promise<Principal | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const claims = await deps.tokens.verifyAccess(token, ['applicant', 'staff']);
  if (!claims || !(await deps.sessions.isActive(claims.sid))) return null;
  return claims.aud === 'applicant'
    ? { kind: 'applicant', userId: claims.sub, tenant: claims.tenant, sessionId: claims.sid }
    : {
        kind: 'staff',
        staffId: claims.sub,
        email: claims.email,
        roles: claims.roles,
        sessionId: claims.sid,
      };
}

export function enforceAccess(
  app: FastifyInstance,
  deps: { tokens: TokenIssuer; sessions: Sessions },
): void {
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    if (PLUGIN_ROUTE_PREFIXES.some((prefix) => route.url.startsWith(prefix))) return;
    if (!route.config?.access) {
      throw new Error(`${String(route.method)} ${route.url} does not say who may call it`);
    }
  });

  // An access token in an address is refused wherever it is sent, and the request with it: an
  // address is logged, kept in history and passed on, and the token would open everything.
  app.addHook('onRequest', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    for (const name of TOKEN_QUERY_NAMES) {
      const value = query?.[name];
      if (typeof value !== 'string' || !value.includes('.')) continue;
      if (await deps.tokens.verifyAccess(value, ['applicant', 'staff'])) {
        throw new HttpError(
          401,
          'The access token is sent in the Authorization header, never in an address',
          'TOKEN_IN_ADDRESS',
        );
      }
    }
  });

  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config.access;
    if (!rule || rule.kind === 'public') return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const audiences =
      rule.kind === 'applicant'
        ? (['applicant'] as const)
        : rule.kind === 'staff'
          ? (['staff'] as const)
          : (['applicant', 'staff'] as const);
    const claims = await deps.tokens.verifyAccess(token, ['applicant', 'staff']);
    if (!claims || !(await deps.sessions.isActive(claims.sid))) throw unauthorized();
    // A genuine token of the wrong kind: known, but not allowed here.
    if (!(audiences as readonly string[]).includes(claims.aud)) throw forbidden();
    if (claims.aud === 'applicant') {
      // An applicant's account belongs to one tenant: a header naming another is refused, and
      // without one the token's tenant is the request's.
      if (request.headers[TENANT_HEADER] && request.tenant !== claims.tenant) throw forbidden();
      request.tenant = claims.tenant;
      request.principal = {
        kind: 'applicant',
        userId: claims.sub,
        tenant: claims.tenant,
        sessionId: claims.sid,
      };
      return;
    }
    const roles = rule.kind === 'applicant' ? [] : rule.roles;
    if (roles.length > 0 && !claims.roles.some((role) => roles.includes(role))) throw forbidden();
    request.principal = {
      kind: 'staff',
      staffId: claims.sub,
      email: claims.email,
      roles: claims.roles,
      sessionId: claims.sid,
    };
  });
}

/** The signed-in applicant, in a route whose access lets only applicants in. */
export function applicantOf(request: FastifyRequest): Extract<Principal, { kind: 'applicant' }> {
  const principal = request.principal;
  if (principal?.kind !== 'applicant') throw unauthorized();
  return principal;
}

/** Applicants reach only their own records; staff reach any (the route chose which staff). */
export function assertSelfOrStaff(request: FastifyRequest, userId: string): void {
  const principal = request.principal;
  if (principal?.kind === 'staff') return;
  if (principal?.kind === 'applicant' && principal.userId === userId) return;
  // Someone else's record answers like a record that does not exist: nothing to learn from it.
  throw new HttpError(404, 'User not found');
}
