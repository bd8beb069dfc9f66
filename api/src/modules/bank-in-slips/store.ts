// Bank-in slips' one way into the database.
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import type { OrmExecutor, OrmTransaction } from '../../kernel/transaction';

export type SlipRow = typeof t.bankInSlips.$inferSelect;
export type SlipStatus = SlipRow['status'];

const OPEN: SlipStatus[] = ['SUBMITTED', 'CONFIRMING'];

export function createSlipStore(db: Orm) {
  return {
    /** The loan's slips, newest first. */
    slipsOf(agreementId: string): Promise<SlipRow[]> {
      return db
        .select()
        .from(t.bankInSlips)
        .where(eq(t.bankInSlips.agreementId, agreementId))
        .orderBy(desc(t.bankInSlips.submittedAt));
    },

    /** The borrower's slips that still count against a duplicate (all but the rejected). */
    standingOf(userId: string, executor: OrmExecutor = db): Promise<SlipRow[]> {
      return executor
        .select()
        .from(t.bankInSlips)
        .where(and(eq(t.bankInSlips.userId, userId), ne(t.bankInSlips.status, 'REJECTED')));
    },

    /** The queue: undecided slips oldest first, or every slip newest first. */
    async queue(tenant: string, all: boolean) {
      const query = db
        .select({ slip: t.bankInSlips, agreementNo: t.agreements.agreementNo })
        .from(t.bankInSlips)
        .innerJoin(t.agreements, eq(t.agreements.id, t.bankInSlips.agreementId));
      const ofTenant = eq(t.bankInSlips.tenant, tenant);
      return all
        ? query.where(ofTenant).orderBy(desc(t.bankInSlips.submittedAt)).limit(200)
        : query
            .where(and(ofTenant, inArray(t.bankInSlips.status, OPEN)))
            .orderBy(asc(t.bankInSlips.submittedAt))
            .limit(200);
    },

    async byId(id: string): Promise<SlipRow | undefined> {
      const [row] = await db.select().from(t.bankInSlips).where(eq(t.bankInSlips.id, id));
      return row;
    },

    async agreementNoOf(agreementId: string): Promise<string> {
      const [row] = await db
        .select({ agreementNo: t.agreements.agreementNo })
        .from(t.agreements)
        .where(eq(t.agreements.id, agreementId));
      return row?.agreementNo ?? '';
    },

    async lock(tx: OrmTransaction, id: string): Promise<SlipRow | undefined> {
      const [row] = await tx
        .select()
        .from(t.bankInSlips)
        .where(eq(t.bankInSlips.id, id))
        .for('update');
      return row;
    },

    /** Null when a standing slip has the same bytes or the same amount and day. */
    async insert(
      tx: OrmTransaction,
      values: typeof t.bankInSlips.$inferInsert,
    ): Promise<SlipRow | null> {
      const [row] = await tx.insert(t.bankInSlips).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    /** Moves the slip on from `from`; false when someone moved it meanwhile. */
    async move(
      tx: OrmTransaction,
      id: string,
      from: SlipStatus,
      values: Partial<typeof t.bankInSlips.$inferInsert> & { status: SlipStatus },
    ): Promise<boolean> {
      const updated = await tx
        .update(t.bankInSlips)
        .set(values)
        .where(and(eq(t.bankInSlips.id, id), eq(t.bankInSlips.status, from)))
        .returning({ id: t.bankInSlips.id });
      return updated.length > 0;
    },

    async receiptNos(paymentIds: string[]): Promise<Map<string, string>> {
      if (paymentIds.length === 0) return new Map();
      const rows = await db
        .select({ id: t.payments.id, receiptNo: t.payments.receiptNo })
        .from(t.payments)
        .where(inArray(t.payments.id, paymentIds));
      return new Map(rows.map((row) => [row.id, row.receiptNo]));
    },
  };
}

export type SlipStore = ReturnType<typeof createSlipStore>;
