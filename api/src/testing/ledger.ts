// Reading the general ledger in tests: a loan account's entries with their lines, and whether
// every entry of the journal balances.
import { asc, eq, inArray, sql } from 'drizzle-orm';

import type { Orm } from '../db/database';
import * as t from '../db/schema';

export interface PostedEntry {
  event: string;
  reference: string;
  businessDate: string;
  postingDate: string;
  lateForPeriod: string | null;
  /** `ACCOUNT: +debit` or `ACCOUNT: -credit`, summed per account, in account order. */
  lines: Record<string, number>;
}

/** The entries posted for a loan account, oldest first, each line summed per account. */
export async function entriesOfLoan(db: Orm, loanAccountId: string): Promise<PostedEntry[]> {
  const entries = await db
    .select()
    .from(t.journalEntries)
    .where(eq(t.journalEntries.loanAccountId, loanAccountId))
    .orderBy(asc(t.journalEntries.entryNo));
  if (entries.length === 0) return [];
  const lines = await db
    .select()
    .from(t.journalLines)
    .where(
      inArray(
        t.journalLines.entryId,
        entries.map((entry) => entry.id),
      ),
    );
  return entries.map((entry) => {
    const sums: Record<string, number> = {};
    for (const line of lines.filter((row) => row.entryId === entry.id)) {
      sums[line.accountKey] = (sums[line.accountKey] ?? 0) + line.debitSen - line.creditSen;
    }
    return {
      event: entry.event,
      reference: entry.reference,
      businessDate: entry.businessDate,
      postingDate: entry.postingDate,
      lateForPeriod: entry.lateForPeriod,
      lines: Object.fromEntries(Object.entries(sums).sort(([a], [b]) => a.localeCompare(b))),
    };
  });
}

/** Entries whose debits differ from their credits, or that have fewer than two lines. */
export async function unbalancedEntries(db: Orm): Promise<string[]> {
  const rows = await db
    .select({ entryId: t.journalLines.entryId })
    .from(t.journalLines)
    .groupBy(t.journalLines.entryId)
    .having(
      sql`sum(${t.journalLines.debitSen}) <> sum(${t.journalLines.creditSen}) or count(*) < 2`,
    );
  return rows.map((row) => row.entryId);
}

/** A loan account's balance per ledger account over all its entries, debit less credit. */
export async function loanBalances(db: Orm, loanAccountId: string) {
  const rows = await db
    .select({
      key: t.journalLines.accountKey,
      sen: sql<string>`sum(${t.journalLines.debitSen} - ${t.journalLines.creditSen})::text`,
    })
    .from(t.journalLines)
    .where(eq(t.journalLines.loanAccountId, loanAccountId))
    .groupBy(t.journalLines.accountKey);
  return Object.fromEntries(rows.map((row) => [row.key, Number(row.sen)])) as Record<
    string,
    number
  >;
}
