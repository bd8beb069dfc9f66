import { and, eq, gt, isNull, lt, type SQL, sql, type SQLWrapper } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import { captchaPasses } from '../../db/schema';
import type { Clock } from '../../kernel/clock';
import { tokenHash } from '../../kernel/secrets';
import type { CaptchaProvider } from './port';

/** How long a ticked box stays good for: long enough to finish typing a password. */
const PASS_LIFETIME_MS = 10 * 60 * 1000;

type PassProvider = CaptchaProvider['kind'];

/** A pass for this token from this provider that is neither spent nor expired. */
function livePass(
  provider: PassProvider | SQLWrapper,
  hash: string | SQLWrapper,
  now: string | SQLWrapper,
): SQL {
  return and(
    eq(captchaPasses.tokenHash, hash),
    eq(captchaPasses.provider, provider),
    isNull(captchaPasses.consumedAt),
    gt(captchaPasses.expiresAt, sql`${now}::timestamptz`),
  )!;
}

/**
 * The statement that spends a pass, returning a row only when it did, for a caller that spends
 * it in the same statement as its own work (sign-in reads the account alongside). `hash` is
 * the token's `tokenHash`; `now` an ISO timestamp.
 */
export function spendPassStatement(
  provider: PassProvider | SQLWrapper,
  hash: SQLWrapper,
  now: SQLWrapper,
): SQL {
  return sql`update ${captchaPasses} set ${sql.identifier(captchaPasses.consumedAt.name)} = ${now}::timestamptz
    where ${livePass(provider, hash, now)} returning 1 as spent`;
}

/** The passes a provider has handed out: remembered, checked and spent. */
export function passStore(db: Orm, clock: Clock, provider: PassProvider) {
  // Spent on every form that needs a pass: prepared once.
  const spend = db
    .update(captchaPasses)
    .set({ consumedAt: sql`${sql.placeholder('now')}::timestamptz` })
    .where(livePass(provider, sql.placeholder('hash'), sql.placeholder('now')))
    .returning({ tokenHash: captchaPasses.tokenHash })
    .prepare(`captcha_spend_${provider.replace('-', '_')}`);
  return {
    async remember(token: string): Promise<void> {
      const now = clock.now();
      await db
        .insert(captchaPasses)
        .values({
          tokenHash: tokenHash(token),
          provider,
          createdAt: now,
          expiresAt: new Date(now.getTime() + PASS_LIFETIME_MS),
        })
        .onConflictDoNothing();
    },
    async isLive(token: string): Promise<boolean> {
      const [row] = await db
        .select({ tokenHash: captchaPasses.tokenHash })
        .from(captchaPasses)
        .where(livePass(provider, tokenHash(token), clock.now().toISOString()));
      return row !== undefined;
    },
    async consume(token: string): Promise<boolean> {
      const rows = await spend.execute({
        hash: tokenHash(token),
        now: clock.now().toISOString(),
      });
      return rows.length === 1;
    },
  };
}

/**
 * Removes the passes of every provider that expired before `cutoff` (the daily purge); how many.
 * A spent pass is spent before it expires, so this takes spent ones too. Without it every form
 * sent leaves a row behind for good. A purged token is refused like any unknown one, and Google
 * answers a token only once, so forgetting a pass never lets it be used again.
 */
export async function purgeExpiredPasses(db: Orm, cutoff: Date): Promise<number> {
  const removed = await db
    .delete(captchaPasses)
    .where(lt(captchaPasses.expiresAt, cutoff))
    .returning({ tokenHash: captchaPasses.tokenHash });
  return removed.length;
}
