import { and, asc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import { staffUsers } from '../../db/schema';
import { type AuditEntry, writeAudit } from '../../kernel/audit';
import { inTransaction } from '../../kernel/transaction';

/** The demo team's accounts: marked `demo`, enrolled from the start. */
export function createDemoStaffStore(db: Orm) {
  return {
    async byEmail(email: string) {
      const [row] = await db
        .select({ id: staffUsers.id, demo: staffUsers.demo, passwordHash: staffUsers.passwordHash })
        .from(staffUsers)
        .where(eq(staffUsers.email, email));
      return row;
    },

    /** Adds the member, enrolled, with the audit row; false when the email was taken meanwhile. */
    async insert(
      member: {
        email: string;
        name: string;
        roles: string[];
        passwordHash: string;
        totpSecret: string;
        now: Date;
      },
      audit: (staffId: string) => AuditEntry,
    ): Promise<boolean> {
      return inTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(staffUsers)
          .values({
            email: member.email,
            name: member.name,
            roles: member.roles,
            passwordHash: member.passwordHash,
            passwordSetAt: member.now,
            totpSecret: member.totpSecret,
            totpEnrolledAt: member.now,
            demo: true,
          })
          .onConflictDoNothing({ target: staffUsers.email })
          .returning({ id: staffUsers.id });
        if (!row) return false;
        await writeAudit(tx, audit(row.id));
        return true;
      });
    },

    /** Puts the configured password back on a demo member, with the audit row. */
    async resetPassword(
      staffId: string,
      passwordHash: string,
      now: Date,
      audit: AuditEntry,
    ): Promise<void> {
      await inTransaction(db, async (tx) => {
        await tx
          .update(staffUsers)
          .set({ passwordHash, passwordSetAt: now })
          .where(and(eq(staffUsers.id, staffId), eq(staffUsers.demo, true)));
        await writeAudit(tx, audit);
      });
    },

    /** Active demo members with an enrolled authenticator, by name; one address when given. */
    async enrolled(to?: string) {
      const conditions: SQL[] = [
        eq(staffUsers.demo, true),
        isNull(staffUsers.disabledAt),
        isNotNull(staffUsers.totpSecret),
        isNotNull(staffUsers.totpEnrolledAt),
      ];
      if (to) conditions.push(eq(staffUsers.email, to));
      return db
        .select({
          id: staffUsers.id,
          email: staffUsers.email,
          name: staffUsers.name,
          totpSecret: staffUsers.totpSecret,
        })
        .from(staffUsers)
        .where(and(...conditions))
        .orderBy(asc(staffUsers.name));
    },

    async activeCount(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(staffUsers)
        .where(and(eq(staffUsers.demo, true), isNull(staffUsers.disabledAt)));
      return row!.count;
    },
  };
}

export type DemoStaffStore = ReturnType<typeof createDemoStaffStore>;
