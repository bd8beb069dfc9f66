// Settlement reconciliation's way into the database: the payments the gateway booked for a brand,
// and the runs with their lines (written once; only a line's resolution changes, with audit rows).
import { and, asc, desc, eq, gte, inArray, lt } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import { type AuditEntry, writeAudit } from '../../kernel/audit';
import type { OrmTransaction } from '../../kernel/transaction';

export type ReconciliationRunRow = typeof t.reconciliationRuns.$inferSelect;
export type ReconciliationLineRow = typeof t.reconciliationLines.$inferSelect;
export type NewReconciliationRun = Omit<typeof t.reconciliationRuns.$inferInsert, 'id'>;
export type NewReconciliationLine = Omit<typeof t.reconciliationLines.$inferInsert, 'id' | 'runId'>;

/** A payment booked from the gateway: the order it paid, under the gateway's transaction id. */
export interface BookedGatewayPayment {
  id: string;
  txnId: string;
  orderId: string;
  amountSen: number;
  paidAt: Date | null;
}

const booked = {
  id: t.gatewayPayments.id,
  txnId: t.gatewayPayments.gatewayTxnId,
  orderId: t.gatewayPayments.orderId,
  amountSen: t.gatewayPayments.amountSen,
  paidAt: t.gatewayPayments.paidAt,
};

const paidOf = (tenant: string) =>
  and(eq(t.gatewayPayments.tenant, tenant), eq(t.gatewayPayments.status, 'PAID'));

export function createReconciliationStore(db: Orm) {
  return {
    /** The brand's paid gateway payments with a payment time in [from, until). */
    async bookedBetween(tenant: string, from: Date, until: Date): Promise<BookedGatewayPayment[]> {
      const rows = await db
        .select(booked)
        .from(t.gatewayPayments)
        .where(
          and(
            paidOf(tenant),
            gte(t.gatewayPayments.paidAt, from),
            lt(t.gatewayPayments.paidAt, until),
          ),
        )
        .orderBy(asc(t.gatewayPayments.paidAt));
      return rows.map((row) => ({ ...row, txnId: row.txnId ?? '' }));
    },

    /** The brand's paid gateway payments under these transaction ids, whenever they were paid. */
    async bookedByTxn(tenant: string, txnIds: string[]): Promise<BookedGatewayPayment[]> {
      if (txnIds.length === 0) return [];
      const rows = await db
        .select(booked)
        .from(t.gatewayPayments)
        .where(and(paidOf(tenant), inArray(t.gatewayPayments.gatewayTxnId, txnIds)));
      return rows.map((row) => ({ ...row, txnId: row.txnId ?? '' }));
    },

    async insertRun(
      run: NewReconciliationRun,
      lines: NewReconciliationLine[],
      audit: (run: ReconciliationRunRow) => AuditEntry,
    ): Promise<ReconciliationRunRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(t.reconciliationRuns).values(run).returning();
        // Inserted in slices: a month of payments would pass the bind parameters' limit at once.
        for (let at = 0; at < lines.length; at += 500) {
          await tx
            .insert(t.reconciliationLines)
            .values(lines.slice(at, at + 500).map((line) => ({ ...line, runId: row!.id })));
        }
        await writeAudit(tx, audit(row!));
        return row!;
      });
    },

    async run(id: string): Promise<ReconciliationRunRow | undefined> {
      const [row] = await db
        .select()
        .from(t.reconciliationRuns)
        .where(eq(t.reconciliationRuns.id, id));
      return row;
    },

    runs(tenant: string): Promise<ReconciliationRunRow[]> {
      return db
        .select()
        .from(t.reconciliationRuns)
        .where(eq(t.reconciliationRuns.tenant, tenant))
        .orderBy(desc(t.reconciliationRuns.startedAt))
        .limit(50);
    },

    linesOf(runId: string): Promise<ReconciliationLineRow[]> {
      return db
        .select()
        .from(t.reconciliationLines)
        .where(eq(t.reconciliationLines.runId, runId))
        .orderBy(asc(t.reconciliationLines.kind), asc(t.reconciliationLines.paidAt));
    },

    /** Changes a line's resolution inside `work`'s transaction, the line locked first. */
    async changeLine(
      lineId: string,
      work: (
        line: ReconciliationLineRow,
        run: ReconciliationRunRow,
      ) => { set: Partial<ReconciliationLineRow>; audit: AuditEntry },
    ): Promise<ReconciliationLineRow | undefined> {
      return db.transaction(async (tx: OrmTransaction) => {
        const [line] = await tx
          .select()
          .from(t.reconciliationLines)
          .where(eq(t.reconciliationLines.id, lineId))
          .for('update');
        if (!line) return undefined;
        const [run] = await tx
          .select()
          .from(t.reconciliationRuns)
          .where(eq(t.reconciliationRuns.id, line.runId));
        const change = work(line, run!);
        const [updated] = await tx
          .update(t.reconciliationLines)
          .set({ ...change.set, version: line.version + 1 })
          .where(eq(t.reconciliationLines.id, lineId))
          .returning();
        await writeAudit(tx, change.audit);
        return updated;
      });
    },
  };
}

export type ReconciliationStore = ReturnType<typeof createReconciliationStore>;
