import { and, eq, isNull, ne } from 'drizzle-orm';
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
export function createSessions(db: Orm, clock: Clock) {
  async function issueRefreshToken(sessionId: string): Promise<string> {
    const token = newOpaqueToken();
    const now = clock.now();
    await db.insert(refreshTokens).values({
      tokenHash: tokenHash(token),
      sessionId,
      issuedAt: now,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_LIFETIME_MS),
    });
    return token;
  }

  async function revoke(sessionId: string, reason: string): Promise<void> {
    await db
      .update(authSessions)
      .set({ revokedAt: clock.now(), revokeReason: reason })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  }

  return {
    async start(
      audience: TokenAudience,
      subjectId: string,
    ): Promise<{ sessionId: string; refreshToken: string }> {
      const [session] = await db
        .insert(authSessions)
        .values({ audience, subjectId, createdAt: clock.now() })
        .returning({ id: authSessions.id });
      return { sessionId: session!.id, refreshToken: await issueRefreshToken(session!.id) };
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
      const [row] = await db
        .select({ revokedAt: authSessions.revokedAt })
        .from(authSessions)
        .where(eq(authSessions.id, sessionId));
      return row !== undefined && row.revokedAt === null;
    },

    revoke,

    /** Ends every session of a person, except the one they are using when they asked. */
    async revokeAllOf(subjectId: string, reason: string, keep?: string): Promise<void> {
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
