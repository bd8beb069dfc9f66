import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { TokenAudience } from '@lending/contracts';
import type { Orm } from '../../db/database';
import { authSessions, refreshTokens } from '../../db/schema';
import type { Clock } from './clock';
import { newOpaqueToken, tokenHash } from './secrets';

export const REFRESH_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

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

  async function issueRefreshToken(sessionId: string): Promise<string> {
    const token = newOpaqueToken();
    const now = clock.now();
    await insertRefreshToken.execute({
      tokenHash: tokenHash(token),
      sessionId,
      issuedAt: now,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_LIFETIME_MS),
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
      audit?: { action: string; ip: string | null },
    ): Promise<{ sessionId: string; refreshToken: string }> {
      const token = newOpaqueToken();
      const now = clock.now();
      const expires = new Date(now.getTime() + REFRESH_TOKEN_LIFETIME_MS);
      const subject = `${audience === 'staff' ? 'staff' : 'user'}:${subjectId}`;
      const auditInsert = audit
        ? sql`, a as (insert into audit_log (action, actor, subject, ip)
                      values (${audit.action}, ${subject}, ${subject}, ${audit.ip}))`
        : sql``;
      // The id is drawn here rather than by the database's default: embedded PGlite draws random
      // bytes by opening, reading and closing a device file, on every sign-in.
      const sessionId = randomUUID();
      await db.execute(sql`
        with s as (
          insert into auth_sessions (id, audience, subject_id, created_at)
          values (${sessionId}, ${audience}, ${subjectId}, ${now.toISOString()}::timestamptz)
          returning id
        ), r as (
          insert into refresh_tokens (token_hash, session_id, issued_at, expires_at)
          select ${tokenHash(token)}, s.id, ${now.toISOString()}::timestamptz,
                 ${expires.toISOString()}::timestamptz
          from s
        )${auditInsert}
        select id from s`);
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
        refreshToken: await issueRefreshToken(found.sessionId),
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
  };
}

export type Sessions = ReturnType<typeof createSessions>;
