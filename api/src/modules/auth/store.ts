import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import { passwordResetTokens, staffSpentChallenges, staffUsers } from '../../db/schema';

export type StaffRow = typeof staffUsers.$inferSelect;
export type ResetTokenRow = typeof passwordResetTokens.$inferSelect;

/** Password-reset links and back-office accounts (sessions are in session-store.ts). */
export function createAuthStore(db: Orm) {
  return {
    async addResetToken(token: {
      tokenHash: string;
      userId: string;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(passwordResetTokens).values(token);
    },

    async liveResetToken(hash: string, now: Date): Promise<ResetTokenRow | null> {
      const [row] = await db
        .select()
        .from(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.tokenHash, hash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        );
      return row ?? null;
    },

    /** Marks the link used; the user it was for, or null when it was used already. */
    async spendResetToken(hash: string, now: Date): Promise<string | null> {
      const [spent] = await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.tokenHash, hash), isNull(passwordResetTokens.usedAt)))
        .returning({ userId: passwordResetTokens.userId });
      return spent?.userId ?? null;
    },

    /** Removes links made before `cutoff` that were used or expired before it; how many. */
    async purgeSpentResetTokens(cutoff: Date): Promise<number> {
      const removed = await db
        .delete(passwordResetTokens)
        .where(
          and(
            lt(passwordResetTokens.createdAt, cutoff),
            or(lt(passwordResetTokens.expiresAt, cutoff), lt(passwordResetTokens.usedAt, cutoff)),
          ),
        )
        .returning({ tokenHash: passwordResetTokens.tokenHash });
      return removed.length;
    },

    async isStaffChallengeSpent(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: staffSpentChallenges.id })
        .from(staffSpentChallenges)
        .where(eq(staffSpentChallenges.id, id));
      return row !== undefined;
    },

    /** Spends a sign-in challenge: true for the one caller that spent it, false after. */
    async spendStaffChallenge(challenge: {
      id: string;
      staffId: string;
      expiresAt: Date;
      now: Date;
    }): Promise<boolean> {
      const spent = await db
        .insert(staffSpentChallenges)
        .values({
          id: challenge.id,
          staffId: challenge.staffId,
          spentAt: challenge.now,
          expiresAt: challenge.expiresAt,
        })
        .onConflictDoNothing()
        .returning({ id: staffSpentChallenges.id });
      return spent.length === 1;
    },

    /** Forgets spent challenges that expired before `cutoff` (they are refused as expired). */
    async purgeSpentStaffChallenges(cutoff: Date): Promise<number> {
      const removed = await db
        .delete(staffSpentChallenges)
        .where(lt(staffSpentChallenges.expiresAt, cutoff))
        .returning({ id: staffSpentChallenges.id });
      return removed.length;
    },

    async activeStaffByEmail(email: string): Promise<StaffRow | undefined> {
      const [row] = await db
        .select()
        .from(staffUsers)
        .where(and(eq(staffUsers.email, email), isNull(staffUsers.disabledAt)));
      return row;
    },

    async activeStaffById(id: string): Promise<StaffRow | undefined> {
      const [row] = await db
        .select()
        .from(staffUsers)
        .where(and(eq(staffUsers.id, id), isNull(staffUsers.disabledAt)));
      return row;
    },

    /** Staff other than the demo team (which a sandbox start seeds beside the first admin). */
    async staffCount(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(staffUsers)
        .where(eq(staffUsers.demo, false));
      return row!.count;
    },

    async insertStaff(staff: {
      email: string;
      passwordHash: string;
      name: string;
      roles: string[];
    }): Promise<void> {
      await db
        .insert(staffUsers)
        .values({ ...staff, passwordSetAt: new Date() })
        .onConflictDoNothing();
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;
