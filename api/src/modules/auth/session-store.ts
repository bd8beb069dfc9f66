import { randomUUID } from 'node:crypto';

import type { TokenAudience } from '@lending/contracts';
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import { auditLog, authSessions, refreshTokens } from '../../db/schema';
import type { AuditAction } from '../../kernel/audit';
import type { Clock } from '../../kernel/clock';
import { currentRequestId } from '../../kernel/request-context';
import { newOpaqueToken, tokenHash } from '../../kernel/secrets';
import { ACCESS_TOKEN_LIFETIME_S } from './tokens';

export const REFRESH_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;
/**
 * A staff refresh token ends soon after its access token would have: the back office swaps both
 * while the member works (spec section 4's idle rule, on activity), so one unused for the access
 * token's 15 minutes plus the 15 idle minutes belongs to nobody at work any more.
 */
export const STAFF_REFRESH_TOKEN_LIFETIME_MS = (ACCESS_TOKEN_LIFETIME_S + 15 * 60) * 1000;

const refreshLifetimeMs = (audience: TokenAudience) =>
  audience === 'staff' ? STAFF_REFRESH_TOKEN_LIFETIME_MS : REFRESH_TOKEN_LIFETIME_MS;

export type RotateResult =
  | {
      ok: true;
      sessionId: string;
      audience: TokenAudience;
      subjectId: string;
      refreshToken: string;
    }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' }
  | { ok: false; reason: 'reused'; sessionId: string; subjectId: string };

/**
 * Sign-in sessions. Each has a family of refresh tokens: every use swaps the token for a new
 * one, and a token used twice means it was copied, so the whole family ends.
 */
/** How long a session found active is believed without asking the database again. Revocations
 *  made by this process take effect at once; another API process notices within this time. */
const ACTIVE_CACHE_MS = 5000;

export function createSessions(db: Orm, clock: Clock) {
  const knownActive = new Map<string, number>();
  const revokedAtOf = db
    .select({ revokedAt: authSessions.revokedAt })
    .from(authSessions)
    .where(eq(authSessions.id, sql.placeholder('id')))
    .prepare('session_revoked_at');
  const insertRefreshToken = db
    .insert(refreshTokens)
    .values({
      tokenHash: sql.placeholder('tokenHash'),
      sessionId: sql.placeholder('sessionId'),
      issuedAt: sql.placeholder('issuedAt'),
      expiresAt: sql.placeholder('expiresAt'),
    })
    .prepare('refresh_token_insert');

  // What `start` runs, prepared once: the session, its first refresh token and the audit row in
  // one statement (sign-in is the hottest write). The row has the kernel writer's columns that
  // apply to a sign-in; its action is typed by the kernel's catalogue.
  const opened = db.$with('s', { id: sql<string>`id`.as('id') }).as(sql`
    insert into ${authSessions} (id, audience, subject_id, created_at)
    values (${sql.placeholder('sessionId')}, ${sql.placeholder('audience')},
            ${sql.placeholder('subjectId')}, ${sql.placeholder('now')}::timestamptz)
    returning id`);
  const firstToken = db.$with('r', {}).as(sql`
    insert into ${refreshTokens} (token_hash, session_id, issued_at, expires_at)
    select ${sql.placeholder('tokenHash')}, s.id, ${sql.placeholder('now')}::timestamptz,
           ${sql.placeholder('expires')}::timestamptz
    from s`);
  const audited = db.$with('a', {}).as(sql`
    insert into ${auditLog} (action, actor, subject, ip, request_id)
    values (${sql.placeholder('action')}, ${sql.placeholder('subject')},
            ${sql.placeholder('subject')}, ${sql.placeholder('ip')}, ${sql.placeholder('requestId')})`);
  const startSession = db
    .with(opened, firstToken, audited)
    .select({ id: opened.id })
    .from(opened)
    .prepare('session_start');

  async function issueRefreshToken(sessionId: string, audience: TokenAudience): Promise<string> {
    const token = newOpaqueToken();
    const now = clock.now();
    await insertRefreshToken.execute({
      tokenHash: tokenHash(token),
      sessionId,
      issuedAt: now,
      expiresAt: new Date(now.getTime() + refreshLifetimeMs(audience)),
    });
    return token;
  }

  async function revoke(sessionId: string, reason: string): Promise<void> {
    knownActive.delete(sessionId);
    await db
      .update(authSessions)
      .set({ revokedAt: clock.now(), revokeReason: reason })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  }

  return {
    /**
     * Opens a session with its first refresh token, and writes the sign-in's audit row, in one
     * statement: one commit instead of three on the sign-in path.
     */
    async start(
      audience: TokenAudience,
      subjectId: string,
      audit: { action: AuditAction; ip: string | null },
    ): Promise<{ sessionId: string; refreshToken: string }> {
      const token = newOpaqueToken();
      const now = clock.now();
      const subject = `${audience === 'staff' ? 'staff' : 'user'}:${subjectId}`;
      // The id is drawn here rather than by the database's default: embedded PGlite draws random
      // bytes by opening, reading and closing a device file, on every sign-in.
      const sessionId = randomUUID();
      await startSession.execute({
        sessionId,
        audience,
        subjectId,
        tokenHash: tokenHash(token),
        now: now.toISOString(),
        expires: new Date(now.getTime() + refreshLifetimeMs(audience)).toISOString(),
        action: audit.action,
        subject,
        ip: audit.ip,
        requestId: currentRequestId(),
      });
      return { sessionId, refreshToken: token };
    },

    async rotate(refreshToken: string, audience: TokenAudience): Promise<RotateResult> {
      const hash = tokenHash(refreshToken);
      const [found] = await db
        .select({
          sessionId: refreshTokens.sessionId,
          expiresAt: refreshTokens.expiresAt,
          usedAt: refreshTokens.usedAt,
          audience: authSessions.audience,
          subjectId: authSessions.subjectId,
          revokedAt: authSessions.revokedAt,
        })
        .from(refreshTokens)
        .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, hash));
      if (!found || found.audience !== audience) return { ok: false, reason: 'unknown' };
      if (found.revokedAt) return { ok: false, reason: 'revoked' };
      const reused = async (): Promise<RotateResult> => {
        await revoke(found.sessionId, 'refresh-token-reuse');
        return {
          ok: false,
          reason: 'reused',
          sessionId: found.sessionId,
          subjectId: found.subjectId,
        };
      };
      if (found.usedAt) return reused();
      if (found.expiresAt.getTime() <= clock.now().getTime())
        return { ok: false, reason: 'expired' };
      // Spending the token is one conditional update: of two requests racing with the same
      // token, exactly one wins and the other counts as reuse.
      const spent = await db
        .update(refreshTokens)
        .set({ usedAt: clock.now() })
        .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.usedAt)))
        .returning({ sessionId: refreshTokens.sessionId });
      if (spent.length === 0) return reused();
      return {
        ok: true,
        sessionId: found.sessionId,
        audience: found.audience,
        subjectId: found.subjectId,
        refreshToken: await issueRefreshToken(found.sessionId, found.audience),
      };
    },

    /** The session a refresh token belongs to, whether or not the token was already used. */
    async sessionOf(
      refreshToken: string,
    ): Promise<{ sessionId: string; subjectId: string } | null> {
      const [found] = await db
        .select({ sessionId: refreshTokens.sessionId, subjectId: authSessions.subjectId })
        .from(refreshTokens)
        .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, tokenHash(refreshToken)));
      return found ?? null;
    },

    async isActive(sessionId: string): Promise<boolean> {
      const now = clock.now().getTime();
      const until = knownActive.get(sessionId);
      if (until !== undefined && until > now) return true;
      const [row] = await revokedAtOf.execute({ id: sessionId });
      const active = row !== undefined && row.revokedAt === null;
      if (active) {
        if (knownActive.size > 50_000) knownActive.clear();
        knownActive.set(sessionId, now + ACTIVE_CACHE_MS);
      } else knownActive.delete(sessionId);
      return active;
    },

    revoke,

    /** Ends every session of a person, except the one they are using when they asked. */
    async revokeAllOf(subjectId: string, reason: string, keep?: string): Promise<void> {
      const keepUntil = keep === undefined ? undefined : knownActive.get(keep);
      knownActive.clear();
      if (keep !== undefined && keepUntil !== undefined) knownActive.set(keep, keepUntil);
      await db
        .update(authSessions)
        .set({ revokedAt: clock.now(), revokeReason: reason })
        .where(
          and(
            eq(authSessions.subjectId, subjectId),
            isNull(authSessions.revokedAt),
            keep ? ne(authSessions.id, keep) : undefined,
          ),
        );
    },

    /**
     * Removes refresh tokens that expired before `cutoff`, and sessions none of whose tokens
     * lives past it (revoked or not: without a live refresh token, and with every access token
     * long expired, a session can no longer be used). Returns how many of each.
     */
    async purgeExpired(cutoff: Date): Promise<{ sessions: number; refreshTokens: number }> {
      const tokens = await db
        .delete(refreshTokens)
        .where(lt(refreshTokens.expiresAt, cutoff))
        .returning({ tokenHash: refreshTokens.tokenHash });
      const sessions = await db
        .delete(authSessions)
        .where(
          and(
            lt(authSessions.createdAt, cutoff),
            sql`not exists (select 1 from ${refreshTokens}
                            where ${refreshTokens.sessionId} = ${authSessions.id})`,
          ),
        )
        .returning({ id: authSessions.id });
      for (const { id } of sessions) knownActive.delete(id);
      return { sessions: sessions.length, refreshTokens: tokens.length };
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
