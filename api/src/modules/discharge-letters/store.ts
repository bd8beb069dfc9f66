// The discharge letters module's one way into the database: the letters issued for closed loans,
// only ever added (a new issue is the next version).
import { desc, eq, inArray } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import type { OrmExecutor, OrmTransaction } from '../../kernel/transaction';

export type DischargeLetterRow = typeof t.dischargeLetters.$inferSelect;

export function createDischargeLetterStore(db: Orm) {
  return {
    /** The agreement's letters, newest version first. */
    ofAgreement(agreementId: string, executor: OrmExecutor = db): Promise<DischargeLetterRow[]> {
      return executor
        .select()
        .from(t.dischargeLetters)
        .where(eq(t.dischargeLetters.agreementId, agreementId))
        .orderBy(desc(t.dischargeLetters.version));
    },

    async byId(id: string): Promise<DischargeLetterRow | undefined> {
      const [row] = await db.select().from(t.dischargeLetters).where(eq(t.dischargeLetters.id, id));
      return row;
    },

    /** Of these agreements, the ones that have a letter. */
    async withLetters(agreementIds: readonly string[]): Promise<Set<string>> {
      if (agreementIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ agreementId: t.dischargeLetters.agreementId })
        .from(t.dischargeLetters)
        .where(inArray(t.dischargeLetters.agreementId, [...agreementIds]));
      return new Set(rows.map((row) => row.agreementId));
    },

    /** Null when that version was taken meanwhile (another process issued it first). */
    async insert(
      tx: OrmTransaction,
      values: typeof t.dischargeLetters.$inferInsert,
    ): Promise<DischargeLetterRow | null> {
      const [row] = await tx
        .insert(t.dischargeLetters)
        .values(values)
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    async markEmailed(id: string, at: Date): Promise<void> {
      await db
        .update(t.dischargeLetters)
        .set({ emailedAt: at })
        .where(eq(t.dischargeLetters.id, id));
    },
  };
}

export type DischargeLetterStore = ReturnType<typeof createDischargeLetterStore>;
