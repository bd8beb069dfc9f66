import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import { staffPasswordLinks, staffRecoveryCodes, staffUsers } from '../../db/schema';
import { type AuditEntry, writeAudit } from '../../kernel/audit';
import { inTransaction, type OrmTransaction } from '../../kernel/transaction';

export type StaffRow = typeof staffUsers.$inferSelect;
export type StaffLinkPurpose = (typeof staffPasswordLinks.$inferSelect)['purpose'];

/** What an admin change refuses, found under the lock of the change itself. */
export type StaffChangeRefusal = 'not-found' | 'last-admin';

/** Active admins other than `staffId`, counted with their rows locked so two admins removing
 *  each other at once cannot leave none. */
async function otherActiveAdmins(tx: OrmTransaction, staffId: string): Promise<number> {
  const rows = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(isNull(staffUsers.disabledAt), sql`'ADMIN' = any(${staffUsers.roles})`))
    .for('update');
  return rows.filter((row) => row.id !== staffId).length;
}

/** Back-office accounts, their set-password links and their second factor. */
export function createStaffStore(db: Orm) {
  return {
    async list(): Promise<StaffRow[]> {
      return db.select().from(staffUsers).orderBy(asc(staffUsers.name), asc(staffUsers.email));
    },

    async byId(id: string): Promise<StaffRow | undefined> {
      const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
      return row;
    },

    async activeById(id: string): Promise<StaffRow | undefined> {
      const [row] = await db
        .select()
        .from(staffUsers)
        .where(and(eq(staffUsers.id, id), isNull(staffUsers.disabledAt)));
      return row;
    },

    /** The new member and their first link, with the audit row; null when the email is taken. */
    async create(
      member: { email: string; name: string; roles: string[]; passwordHash: string },
      link: { tokenHash: string; createdAt: Date; expiresAt: Date },
      audit: (staffId: string) => AuditEntry,
    ): Promise<StaffRow | null> {
      return inTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(staffUsers)
          .values(member)
          .onConflictDoNothing({ target: staffUsers.email })
          .returning();
        if (!row) return null;
        await tx.insert(staffPasswordLinks).values({ ...link, staffId: row.id, purpose: 'INVITE' });
        await writeAudit(tx, audit(row.id));
        return row;
      });
    },

    async setRoles(
      staffId: string,
      roles: string[],
      audit: (before: StaffRow) => AuditEntry,
    ): Promise<StaffRow | StaffChangeRefusal> {
      return inTransaction(db, async (tx) => {
        const [before] = await tx
          .select()
          .from(staffUsers)
          .where(eq(staffUsers.id, staffId))
          .for('update');
        if (!before) return 'not-found';
        const losesAdmin = before.roles.includes('ADMIN') && !roles.includes('ADMIN');
        if (losesAdmin && !before.disabledAt && (await otherActiveAdmins(tx, staffId)) === 0)
          return 'last-admin';
        const [after] = await tx
          .update(staffUsers)
          .set({ roles })
          .where(eq(staffUsers.id, staffId))
          .returning();
        await writeAudit(tx, audit(before));
        return after!;
      });
    },

    async setDisabled(
      staffId: string,
      disabledAt: Date | null,
      audit: AuditEntry,
    ): Promise<StaffRow | StaffChangeRefusal> {
      return inTransaction(db, async (tx) => {
        const [before] = await tx
          .select()
          .from(staffUsers)
          .where(eq(staffUsers.id, staffId))
          .for('update');
        if (!before) return 'not-found';
        if (
          disabledAt &&
          before.roles.includes('ADMIN') &&
          !before.disabledAt &&
          (await otherActiveAdmins(tx, staffId)) === 0
        )
          return 'last-admin';
        const [after] = await tx
          .update(staffUsers)
          .set({ disabledAt })
          .where(eq(staffUsers.id, staffId))
          .returning();
        await writeAudit(tx, audit);
        return after!;
      });
    },

    /** A new link for the member; their earlier unused links stop working. */
    async addLink(
      link: {
        tokenHash: string;
        staffId: string;
        purpose: StaffLinkPurpose;
        createdAt: Date;
        expiresAt: Date;
      },
      audit: AuditEntry,
    ): Promise<void> {
      await inTransaction(db, async (tx) => {
        await tx
          .update(staffPasswordLinks)
          .set({ usedAt: link.createdAt })
          .where(
            and(eq(staffPasswordLinks.staffId, link.staffId), isNull(staffPasswordLinks.usedAt)),
          );
        await tx.insert(staffPasswordLinks).values(link);
        await writeAudit(tx, audit);
      });
    },

    async liveLink(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ staffId: staffPasswordLinks.staffId, purpose: staffPasswordLinks.purpose })
        .from(staffPasswordLinks)
        .innerJoin(staffUsers, eq(staffUsers.id, staffPasswordLinks.staffId))
        .where(
          and(
            eq(staffPasswordLinks.tokenHash, tokenHash),
            isNull(staffPasswordLinks.usedAt),
            gt(staffPasswordLinks.expiresAt, now),
            isNull(staffUsers.disabledAt),
          ),
        );
      return row ?? null;
    },

    /** Spends a live link and sets the password in one transaction; the member, or null when
     *  the link was spent, expired or unknown. */
    async spendLinkSettingPassword(
      tokenHash: string,
      passwordHash: string,
      now: Date,
      audit: (staffId: string) => AuditEntry,
    ): Promise<string | null> {
      return inTransaction(db, async (tx) => {
        const [spent] = await tx
          .update(staffPasswordLinks)
          .set({ usedAt: now })
          .where(
            and(
              eq(staffPasswordLinks.tokenHash, tokenHash),
              isNull(staffPasswordLinks.usedAt),
              gt(staffPasswordLinks.expiresAt, now),
            ),
          )
          .returning({ staffId: staffPasswordLinks.staffId });
        if (!spent) return null;
        const [member] = await tx
          .update(staffUsers)
          .set({ passwordHash, passwordSetAt: now })
          .where(and(eq(staffUsers.id, spent.staffId), isNull(staffUsers.disabledAt)))
          .returning({ id: staffUsers.id });
        if (!member) return null;
        await writeAudit(tx, audit(member.id));
        return member.id;
      });
    },

    async purgeSpentLinks(cutoff: Date): Promise<number> {
      const removed = await db
        .delete(staffPasswordLinks)
        .where(
          and(
            lt(staffPasswordLinks.createdAt, cutoff),
            or(lt(staffPasswordLinks.expiresAt, cutoff), lt(staffPasswordLinks.usedAt, cutoff)),
          ),
        )
        .returning({ tokenHash: staffPasswordLinks.tokenHash });
      return removed.length;
    },

    /** Keeps the secret offered for enrolment, sealed; only while not yet enrolled. */
    async offerSecret(staffId: string, sealedSecret: string): Promise<void> {
      await db
        .update(staffUsers)
        .set({ totpSecret: sealedSecret })
        .where(and(eq(staffUsers.id, staffId), isNull(staffUsers.totpEnrolledAt)));
    },

    /** Confirms enrolment with the step of its first code and keeps the recovery codes' hashes;
     *  false when someone enrolled in between. */
    async enrol(
      staffId: string,
      step: number,
      recoveryCodeHashes: string[],
      now: Date,
      audit: AuditEntry,
    ): Promise<boolean> {
      return inTransaction(db, async (tx) => {
        const [enrolled] = await tx
          .update(staffUsers)
          .set({ totpEnrolledAt: now, totpLastStep: step })
          .where(and(eq(staffUsers.id, staffId), isNull(staffUsers.totpEnrolledAt)))
          .returning({ id: staffUsers.id });
        if (!enrolled) return false;
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
        await tx
          .insert(staffRecoveryCodes)
          .values(recoveryCodeHashes.map((codeHash) => ({ staffId, codeHash, createdAt: now })));
        await writeAudit(tx, audit);
        return true;
      });
    },

    /** Takes a code's time step when it is later than every step taken before: of two
     *  requests with the same code, exactly one wins. */
    async takeStep(staffId: string, step: number): Promise<boolean> {
      const taken = await db
        .update(staffUsers)
        .set({ totpLastStep: step })
        .where(
          and(
            eq(staffUsers.id, staffId),
            or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step)),
          ),
        )
        .returning({ id: staffUsers.id });
      return taken.length === 1;
    },

    /** Spends one recovery code; how many stay unused, or null when it was not a live code. */
    async spendRecoveryCode(staffId: string, codeHash: string, now: Date): Promise<number | null> {
      const spent = await db
        .update(staffRecoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(staffRecoveryCodes.staffId, staffId),
            eq(staffRecoveryCodes.codeHash, codeHash),
            isNull(staffRecoveryCodes.usedAt),
          ),
        )
        .returning({ staffId: staffRecoveryCodes.staffId });
      if (spent.length === 0) return null;
      const [left] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(staffRecoveryCodes)
        .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
      return left!.count;
    },
  };
}

export type StaffStore = ReturnType<typeof createStaffStore>;
