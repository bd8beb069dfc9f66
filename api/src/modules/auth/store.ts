import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import { passwordResetTokens, staffUsers } from '../../db/schema';

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

    async staffCount(): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(staffUsers);
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
