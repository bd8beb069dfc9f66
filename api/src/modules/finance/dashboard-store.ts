// What the portfolio dashboard reads: the journal summed per month, each loan's principal still
// receivable, the instalments falling due per month on the loans' current schedules, and the
// applications' journey counts. Always of one tenant.
import { and, eq, gte, lte, sql } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';

/** Whole-sen sums come back from PostgreSQL as text (bigint): read them as numbers. */
const n = (value: string | number | null | undefined) => Number(value ?? 0);

export function createDashboardStore(db: Orm) {
  return {
    /** Debits and credits per month, account and event, posted in the span. */
    async monthlyMovements(tenant: string, from: string, to: string) {
      const month = sql<string>`to_char(${t.journalEntries.postingDate}, 'YYYY-MM')`;
      const rows = await db
        .select({
          month,
          accountKey: t.journalLines.accountKey,
          event: t.journalEntries.event,
          debitSen: sql<string>`sum(${t.journalLines.debitSen})::text`,
          creditSen: sql<string>`sum(${t.journalLines.creditSen})::text`,
        })
        .from(t.journalLines)
        .innerJoin(t.journalEntries, eq(t.journalEntries.id, t.journalLines.entryId))
        .where(
          and(
            eq(t.journalLines.tenant, tenant),
            gte(t.journalEntries.postingDate, from),
            lte(t.journalEntries.postingDate, to),
          ),
        )
        .groupBy(month, t.journalLines.accountKey, t.journalEntries.event);
      return rows.map((row) => ({
        month: row.month,
        accountKey: row.accountKey,
        event: row.event,
        debitSen: n(row.debitSen),
        creditSen: n(row.creditSen),
      }));
    },

    /** Each loan's loans-receivable balance posted up to `to`, with its agreement; none at 0. */
    async principalByLoan(tenant: string, to: string) {
      const balance = sql<string>`sum(${t.journalLines.debitSen} - ${t.journalLines.creditSen})`;
      const rows = await db
        .select({
          loanAccountId: t.journalLines.loanAccountId,
          agreementId: t.loanAccounts.agreementId,
          principalSen: sql<string>`${balance}::text`,
        })
        .from(t.journalLines)
        .innerJoin(t.journalEntries, eq(t.journalEntries.id, t.journalLines.entryId))
        .leftJoin(t.loanAccounts, eq(t.loanAccounts.id, t.journalLines.loanAccountId))
        .where(
          and(
            eq(t.journalLines.tenant, tenant),
            eq(t.journalLines.accountKey, 'LOANS_RECEIVABLE'),
            lte(t.journalEntries.postingDate, to),
          ),
        )
        .groupBy(t.journalLines.loanAccountId, t.loanAccounts.agreementId)
        .having(sql`${balance} <> 0`);
      return rows.map((row) => ({
        loanAccountId: row.loanAccountId,
        agreementId: row.agreementId,
        principalSen: n(row.principalSen),
      }));
    },

    /** Instalments due per month in the span, on each account's latest schedule. */
    async dueByMonth(tenant: string, from: string, to: string) {
      const month = sql<string>`to_char(${t.repaymentScheduleRows.dueDate}, 'YYYY-MM')`;
      const rows = await db
        .select({
          month,
          dueSen: sql<string>`sum(${t.repaymentScheduleRows.instalmentSen})::text`,
        })
        .from(t.repaymentScheduleRows)
        .innerJoin(
          t.repaymentSchedules,
          eq(t.repaymentSchedules.id, t.repaymentScheduleRows.scheduleId),
        )
        .innerJoin(t.loanAccounts, eq(t.loanAccounts.id, t.repaymentSchedules.accountId))
        .where(
          and(
            eq(t.loanAccounts.tenant, tenant),
            gte(t.repaymentScheduleRows.dueDate, from),
            lte(t.repaymentScheduleRows.dueDate, to),
            sql`${t.repaymentSchedules.version} = (select max(s2.version) from repayment_schedules s2 where s2.account_id = ${t.repaymentSchedules.accountId})`,
          ),
        )
        .groupBy(month);
      return new Map(rows.map((row) => [row.month, n(row.dueSen)]));
    },

    /**
     * Applications submitted and approved (moved to PENDING, to APPROVED, each counted once), agreements
     * signed and loans paid out in the span: instants from `since` to before `until`, payout days
     * from `from` to `to`.
     */
    async funnel(
      tenant: string,
      span: { since: Date; until: Date; from: string; to: string },
    ): Promise<{ submitted: number; approved: number; signed: number; paidOut: number }> {
      const moved = (status: string) =>
        db
          .select({ count: sql<string>`count(distinct ${t.applications.id})::text` })
          .from(t.applicationStatusHistory)
          .innerJoin(
            t.applications,
            eq(t.applications.id, t.applicationStatusHistory.applicationId),
          )
          .where(
            and(
              eq(t.applications.tenant, tenant),
              eq(t.applicationStatusHistory.toStatus, status),
              gte(t.applicationStatusHistory.at, span.since),
              sql`${t.applicationStatusHistory.at} < ${span.until.toISOString()}`,
            ),
          );
      const [[submitted], [approved], [signed], [paidOut]] = await Promise.all([
        moved('PENDING'),
        moved('APPROVED'),
        db
          .select({ count: sql<string>`count(*)::text` })
          .from(t.agreements)
          .where(
            and(
              eq(t.agreements.tenant, tenant),
              gte(t.agreements.signedAt, span.since),
              sql`${t.agreements.signedAt} < ${span.until.toISOString()}`,
            ),
          ),
        db
          .select({ count: sql<string>`count(*)::text` })
          .from(t.loanAccounts)
          .where(
            and(
              eq(t.loanAccounts.tenant, tenant),
              gte(t.loanAccounts.disbursedOn, span.from),
              lte(t.loanAccounts.disbursedOn, span.to),
            ),
          ),
      ]);
      return {
        submitted: n(submitted?.count),
        approved: n(approved?.count),
        signed: n(signed?.count),
        paidOut: n(paidOut?.count),
      };
    },
  };
}

export type DashboardStore = ReturnType<typeof createDashboardStore>;
