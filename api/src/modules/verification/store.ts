import type { VerificationChannel } from '@lending/contracts';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import { contactVerifications, verificationCodes } from '../../db/schema';

export type VerificationCodeRow = typeof verificationCodes.$inferSelect;

export function createVerificationStore(db: Orm) {
  return {
    async latestCode(
      userId: string,
      channel: VerificationChannel,
    ): Promise<VerificationCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.channel, channel)))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      return row;
    },
    /** Removes codes made before `cutoff` that were used or expired before it; how many. */
    async purgeSpentCodes(cutoff: Date): Promise<number> {
      const removed = await db
        .delete(verificationCodes)
        .where(
          and(
            lt(verificationCodes.createdAt, cutoff),
            or(lt(verificationCodes.expiresAt, cutoff), lt(verificationCodes.usedAt, cutoff)),
          ),
        )
        .returning({ id: verificationCodes.id });
      return removed.length;
    },
    async insertCode(code: typeof verificationCodes.$inferInsert): Promise<void> {
      await db.insert(verificationCodes).values(code);
    },
    /**
     * Counts one attempt, atomically, unless the limit is reached; false when it was. Counting
     * before comparing keeps parallel guesses within the limit.
     */
    async countAttempt(codeId: string, maxAttempts: number): Promise<boolean> {
      const rows = await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(
          and(
            eq(verificationCodes.id, codeId),
            lt(verificationCodes.attempts, maxAttempts),
            isNull(verificationCodes.usedAt),
          ),
        )
        .returning({ id: verificationCodes.id });
      return rows.length === 1;
    },
    /** Spends the code and records the verified address in one transaction. */
    async markVerified(
      codeId: string,
      verification: typeof contactVerifications.$inferInsert,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const spent = await tx
          .update(verificationCodes)
          .set({ usedAt: verification.verifiedAt })
          .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.usedAt)))
          .returning({ id: verificationCodes.id });
        if (spent.length === 0) return false;
        await tx
          .insert(contactVerifications)
          .values(verification)
          .onConflictDoUpdate({
            target: [contactVerifications.userId, contactVerifications.channel],
            set: { destination: verification.destination, verifiedAt: verification.verifiedAt },
          });
        return true;
      });
    },
    async verifications(userId: string) {
      return db.select().from(contactVerifications).where(eq(contactVerifications.userId, userId));
    },
  };
}

export type VerificationStore = ReturnType<typeof createVerificationStore>;
