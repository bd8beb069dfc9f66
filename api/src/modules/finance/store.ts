// The finance area's one way into the database: the chart of accounts, the journal (entries and
// lines, written once), the months closed, the entry counter and each loan account's running
// totals as posted so far.
import { and, asc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import type { OrmExecutor, OrmTransaction } from '../../kernel/transaction';

export type LedgerAccountRow = typeof t.ledgerAccounts.$inferSelect;
export type JournalEntryRow = typeof t.journalEntries.$inferSelect;
export type JournalLineRow = typeof t.journalLines.$inferSelect;
export type JournalEvent = JournalEntryRow['event'];

export interface NewLine {
  accountKey: string;
  debitSen: number;
  creditSen: number;
  loanAccountId?: string | null;
  figure?: string | null;
}

export interface NewEntry {
  tenant: string;
  entryNo: number;
  businessDate: string;
  postingDate: string;
  lateForPeriod: string | null;
  event: JournalEvent;
  reference: string;
  loanAccountId: string | null;
  reverses: string | null;
  actor: string;
}

/** Sums per account over a span of posting dates (both ends included, either may be open). */
export interface Span {
  from?: string;
  to?: string;
}

export function createFinanceStore(db: Orm) {
  const spanOf = (span: Span) => [
    ...(span.from ? [gte(t.journalEntries.postingDate, span.from)] : []),
    ...(span.to ? [lte(t.journalEntries.postingDate, span.to)] : []),
  ];

  return {
    chart(tenant: string, executor: OrmExecutor = db): Promise<LedgerAccountRow[]> {
      return executor
        .select()
        .from(t.ledgerAccounts)
        .where(eq(t.ledgerAccounts.tenant, tenant))
        .orderBy(asc(t.ledgerAccounts.code));
    },

    /** The next entry number of the tenant; the counter's row lock queues posting and closing. */
    async nextEntryNo(tx: OrmTransaction, tenant: string): Promise<number> {
      const [row] = await tx
        .insert(t.ledgerCounters)
        .values({ tenant, lastNo: 1 })
        .onConflictDoUpdate({
          target: t.ledgerCounters.tenant,
          set: { lastNo: sql`${t.ledgerCounters.lastNo} + 1` },
        })
        .returning({ lastNo: t.ledgerCounters.lastNo });
      return row!.lastNo;
    },

    /** Takes the tenant's counter lock without using a number (closing a month). */
    async lockCounter(tx: OrmTransaction, tenant: string): Promise<void> {
      await tx.insert(t.ledgerCounters).values({ tenant, lastNo: 0 }).onConflictDoNothing();
      await tx
        .select({ tenant: t.ledgerCounters.tenant })
        .from(t.ledgerCounters)
        .where(eq(t.ledgerCounters.tenant, tenant))
        .for('update');
    },

    /** The months closed, with who closed each as staff know them (name, else email). */
    async closedPeriods(tenant: string, executor: OrmExecutor = db) {
      return executor
        .select({
          period: t.ledgerPeriods.period,
          closedAt: t.ledgerPeriods.closedAt,
          closedBy: t.ledgerPeriods.closedBy,
          closedByName: sql<
            string | null
          >`coalesce(nullif(${t.staffUsers.name}, ''), ${t.staffUsers.email})`,
        })
        .from(t.ledgerPeriods)
        .leftJoin(
          t.staffUsers,
          sql`'staff:' || ${t.staffUsers.id}::text = ${t.ledgerPeriods.closedBy}`,
        )
        .where(eq(t.ledgerPeriods.tenant, tenant))
        .orderBy(asc(t.ledgerPeriods.period));
    },

    async closePeriod(tx: OrmTransaction, tenant: string, period: string, by: string, at: Date) {
      const rows = await tx
        .insert(t.ledgerPeriods)
        .values({ tenant, period, closedBy: by, closedAt: at })
        .onConflictDoNothing()
        .returning({ period: t.ledgerPeriods.period });
      return rows.length === 1;
    },

    /** The earliest posting date of the tenant's journal, if anything is posted. */
    async firstPostingDate(tenant: string, executor: OrmExecutor = db): Promise<string | null> {
      const [row] = await executor
        .select({ first: sql<string | null>`min(${t.journalEntries.postingDate})::text` })
        .from(t.journalEntries)
        .where(eq(t.journalEntries.tenant, tenant));
      return row?.first ?? null;
    },

    async insertEntry(tx: OrmTransaction, entry: NewEntry, lines: readonly NewLine[]) {
      const [row] = await tx.insert(t.journalEntries).values(entry).returning();
      await tx.insert(t.journalLines).values(
        lines.map((line) => ({
          entryId: row!.id,
          tenant: entry.tenant,
          accountKey: line.accountKey,
          loanAccountId: line.loanAccountId ?? null,
          figure: line.figure ?? null,
          debitSen: line.debitSen,
          creditSen: line.creditSen,
        })),
      );
      return row!;
    },

    async linesOf(entryIds: readonly string[], executor: OrmExecutor = db) {
      if (entryIds.length === 0) return [];
      return executor
        .select()
        .from(t.journalLines)
        .where(inArray(t.journalLines.entryId, [...entryIds]))
        .orderBy(asc(t.journalLines.id));
    },

    /** Entries posted in the span, in number order. */
    entries(tenant: string, span: Span, executor: OrmExecutor = db) {
      return executor
        .select()
        .from(t.journalEntries)
        .where(and(eq(t.journalEntries.tenant, tenant), ...spanOf(span)))
        .orderBy(asc(t.journalEntries.entryNo));
    },

    /** Debits and credits per account posted in the span. */
    async sums(tenant: string, span: Span, executor: OrmExecutor = db) {
      const rows = await executor
        .select({
          accountKey: t.journalLines.accountKey,
          debitSen: sql<string>`coalesce(sum(${t.journalLines.debitSen}), 0)::text`,
          creditSen: sql<string>`coalesce(sum(${t.journalLines.creditSen}), 0)::text`,
        })
        .from(t.journalLines)
        .innerJoin(t.journalEntries, eq(t.journalEntries.id, t.journalLines.entryId))
        .where(and(eq(t.journalLines.tenant, tenant), ...spanOf(span)))
        .groupBy(t.journalLines.accountKey);
      return rows.map((row) => ({
        accountKey: row.accountKey,
        debitSen: Number(row.debitSen),
        creditSen: Number(row.creditSen),
      }));
    },

    /** Debits and credits of one account posted before `date`. */
    async sumBefore(tenant: string, accountKey: string, date: string, executor: OrmExecutor = db) {
      const [row] = await executor
        .select({
          debitSen: sql<string>`coalesce(sum(${t.journalLines.debitSen}), 0)::text`,
          creditSen: sql<string>`coalesce(sum(${t.journalLines.creditSen}), 0)::text`,
        })
        .from(t.journalLines)
        .innerJoin(t.journalEntries, eq(t.journalEntries.id, t.journalLines.entryId))
        .where(
          and(
            eq(t.journalLines.tenant, tenant),
            eq(t.journalLines.accountKey, accountKey),
            lt(t.journalEntries.postingDate, date),
          ),
        );
      return { debitSen: Number(row?.debitSen ?? 0), creditSen: Number(row?.creditSen ?? 0) };
    },

    /** One account's lines posted in the span, with their entries, in entry order. */
    accountLines(tenant: string, accountKey: string, span: Span, executor: OrmExecutor = db) {
      return executor
        .select({ line: t.journalLines, entry: t.journalEntries })
        .from(t.journalLines)
        .innerJoin(t.journalEntries, eq(t.journalEntries.id, t.journalLines.entryId))
        .where(
          and(
            eq(t.journalLines.tenant, tenant),
            eq(t.journalLines.accountKey, accountKey),
            ...spanOf(span),
          ),
        )
        .orderBy(asc(t.journalEntries.entryNo), asc(t.journalLines.id));
    },

    /** The loan account's running totals as posted so far, locked with the account. */
    async loanTotals(tx: OrmTransaction, accountId: string): Promise<Map<string, number>> {
      const rows = await tx
        .select()
        .from(t.loanBookTotals)
        .where(eq(t.loanBookTotals.accountId, accountId))
        .for('update');
      return new Map(rows.map((row) => [row.figure, row.amountSen]));
    },

    async setLoanTotals(
      tx: OrmTransaction,
      accountId: string,
      totals: ReadonlyMap<string, number>,
    ) {
      if (totals.size === 0) return;
      await tx
        .insert(t.loanBookTotals)
        .values([...totals].map(([figure, amountSen]) => ({ accountId, figure, amountSen })))
        .onConflictDoUpdate({
          target: [t.loanBookTotals.accountId, t.loanBookTotals.figure],
          set: { amountSen: sql`excluded.amount_sen` },
        });
    },
  };
}

export type FinanceStore = ReturnType<typeof createFinanceStore>;
