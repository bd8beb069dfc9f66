// The JomPAY module's one way into the database: imports of biller files and their lines.
import { and, desc, eq } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import type { OrmExecutor, OrmTransaction } from '../../kernel/transaction';

export type JompayImportRow = typeof t.jompayImports.$inferSelect;
export type JompayLineRow = typeof t.jompayImportLines.$inferSelect;

export function createJompayStore(db: Orm) {
  return {
    async insertImport(
      tx: OrmTransaction,
      values: typeof t.jompayImports.$inferInsert,
    ): Promise<JompayImportRow> {
      const [row] = await tx.insert(t.jompayImports).values(values).returning();
      return row!;
    },

    async finishImport(
      tx: OrmTransaction,
      id: string,
      counts: Pick<
        JompayImportRow,
        'appliedCount' | 'duplicateCount' | 'rejectedCount' | 'appliedSen' | 'lineCount'
      >,
    ): Promise<void> {
      await tx.update(t.jompayImports).set(counts).where(eq(t.jompayImports.id, id));
    },

    async insertLine(
      tx: OrmTransaction,
      values: typeof t.jompayImportLines.$inferInsert,
    ): Promise<void> {
      await tx.insert(t.jompayImportLines).values(values);
    },

    /** The line that applied a bank transaction reference, in any import. */
    async appliedLine(
      executor: OrmExecutor,
      transactionRef: string,
    ): Promise<JompayLineRow | undefined> {
      const [row] = await executor
        .select()
        .from(t.jompayImportLines)
        .where(
          and(
            eq(t.jompayImportLines.transactionRef, transactionRef),
            eq(t.jompayImportLines.outcome, 'APPLIED'),
          ),
        );
      return row;
    },

    async imports(tenant: string, limit = 50): Promise<JompayImportRow[]> {
      return db
        .select()
        .from(t.jompayImports)
        .where(eq(t.jompayImports.tenant, tenant))
        .orderBy(desc(t.jompayImports.importedAt))
        .limit(limit);
    },

    async importById(tenant: string, id: string): Promise<JompayImportRow | undefined> {
      const [row] = await db
        .select()
        .from(t.jompayImports)
        .where(and(eq(t.jompayImports.id, id), eq(t.jompayImports.tenant, tenant)));
      return row;
    },

    /** An import's lines in file order, with the agreement number each was matched to. */
    async lines(importId: string) {
      return db
        .select({ line: t.jompayImportLines, agreementNo: t.agreements.agreementNo })
        .from(t.jompayImportLines)
        .leftJoin(t.agreements, eq(t.agreements.id, t.jompayImportLines.agreementId))
        .where(eq(t.jompayImportLines.importId, importId))
        .orderBy(t.jompayImportLines.lineNo);
    },
  };
}

export type JompayStore = ReturnType<typeof createJompayStore>;
