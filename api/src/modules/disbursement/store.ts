// The disbursement module's one way into the database: payouts, the loan account a paid payout
// opens (with its status history) and the versioned repayment schedule.
import { borrowerName } from '@lending/domain';
import { and, asc, desc, eq, inArray, max } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import type { OrmExecutor, OrmTransaction } from '../../kernel/transaction';

export type PayoutRow = typeof t.disbursements.$inferSelect;
export type LoanAccountRow = typeof t.loanAccounts.$inferSelect;
export type ScheduleRow = typeof t.repaymentSchedules.$inferSelect;
export type ScheduleLine = typeof t.repaymentScheduleRows.$inferSelect;

/** Payouts that hold the agreement: waiting to be confirmed, being sent, or paid. */
export const LIVE_PAYOUT_STATUSES = ['RECORDED', 'SENDING', 'PAID'] as const;

export function createDisbursementStore(db: Orm) {
  return {
    /** Agreements waiting for their payout, oldest signature first, with the borrower named by
     *  the rule every document of the loan follows (a business, not the person applying). */
    async pending() {
      const rows = await db
        .select({
          agreement: t.agreements,
          organizationType: t.organizations.organizationType,
          companyName: t.organizations.companyName,
          applicantName: t.organizations.applicantName,
        })
        .from(t.agreements)
        .innerJoin(t.applications, eq(t.applications.id, t.agreements.applicationId))
        .innerJoin(t.organizations, eq(t.organizations.id, t.applications.organizationId))
        .where(eq(t.agreements.status, 'PENDING_DISBURSEMENT'))
        .orderBy(asc(t.agreements.signedAt), asc(t.agreements.agreementNo))
        .limit(500);
      return rows.map(({ agreement, ...names }) => ({
        agreement,
        borrowerName: borrowerName(names),
      }));
    },

    /** The agreement's borrower, named by the same rule. */
    async borrowerName(agreementId: string): Promise<string> {
      const [row] = await db
        .select({
          organizationType: t.organizations.organizationType,
          companyName: t.organizations.companyName,
          applicantName: t.organizations.applicantName,
        })
        .from(t.agreements)
        .innerJoin(t.applications, eq(t.applications.id, t.agreements.applicationId))
        .innerJoin(t.organizations, eq(t.organizations.id, t.applications.organizationId))
        .where(eq(t.agreements.id, agreementId));
      return row ? borrowerName(row) : '';
    },

    /** The positions of the agreement's guarantors with no passed identity check (eKYC). */
    async guarantorsUnverified(agreementId: string, executor: OrmExecutor = db): Promise<number[]> {
      const rows = await executor
        .select({
          position: t.agreementGuarantors.position,
          verifiedAt: t.agreementGuarantors.verifiedAt,
          ekycProviderRef: t.agreementGuarantors.ekycProviderRef,
        })
        .from(t.agreementGuarantors)
        .where(eq(t.agreementGuarantors.agreementId, agreementId))
        .orderBy(asc(t.agreementGuarantors.position));
      return rows
        .filter((row) => row.verifiedAt === null || row.ekycProviderRef === null)
        .map((row) => row.position);
    },

    /** Every payout of these agreements, newest first. */
    payoutsOf(agreementIds: string[], executor: OrmExecutor = db): Promise<PayoutRow[]> {
      if (agreementIds.length === 0) return Promise.resolve([]);
      return executor
        .select()
        .from(t.disbursements)
        .where(inArray(t.disbursements.agreementId, agreementIds))
        .orderBy(desc(t.disbursements.createdAt), desc(t.disbursements.reference));
    },

    async staffNames(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: t.staffUsers.id, name: t.staffUsers.name })
        .from(t.staffUsers)
        .where(inArray(t.staffUsers.id, [...new Set(ids)]));
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    async bank(bankId: number) {
      const [row] = await db.select().from(t.banks).where(eq(t.banks.id, bankId));
      return row;
    },

    async insertPayout(
      tx: OrmTransaction,
      values: typeof t.disbursements.$inferInsert,
    ): Promise<PayoutRow> {
      const [row] = await tx.insert(t.disbursements).values(values).returning();
      return row!;
    },

    /** The payout, locked until the transaction ends. */
    async lockPayout(
      tx: OrmTransaction,
      agreementId: string,
      payoutId: string,
    ): Promise<PayoutRow | undefined> {
      const [row] = await tx
        .select()
        .from(t.disbursements)
        .where(and(eq(t.disbursements.id, payoutId), eq(t.disbursements.agreementId, agreementId)))
        .for('update');
      return row;
    },

    async updatePayout(
      tx: OrmTransaction,
      row: PayoutRow,
      set: Partial<typeof t.disbursements.$inferInsert>,
    ): Promise<PayoutRow> {
      const [updated] = await tx
        .update(t.disbursements)
        .set({ ...set, version: row.version + 1, updatedAt: new Date() })
        .where(eq(t.disbursements.id, row.id))
        .returning();
      return updated!;
    },

    async openAccount(
      tx: OrmTransaction,
      values: Omit<typeof t.loanAccounts.$inferInsert, 'status'>,
      actorRef: string,
    ): Promise<LoanAccountRow> {
      const [row] = await tx
        .insert(t.loanAccounts)
        .values({ ...values, status: 'ACTIVE' })
        .returning();
      await tx.insert(t.loanAccountStatusHistory).values({
        accountId: row!.id,
        toStatus: 'ACTIVE',
        actor: actorRef,
        at: values.openedAt,
        businessDate: values.disbursedOn,
      });
      return row!;
    },

    async account(agreementId: string): Promise<LoanAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(t.loanAccounts)
        .where(eq(t.loanAccounts.agreementId, agreementId));
      return row;
    },

    /** Stores the next version of the agreement's schedule with its rows. */
    async storeSchedule(
      tx: OrmTransaction,
      values: Omit<typeof t.repaymentSchedules.$inferInsert, 'version'>,
      rows: Omit<ScheduleLine, 'scheduleId'>[],
    ): Promise<ScheduleRow> {
      const [latest] = await tx
        .select({ version: max(t.repaymentSchedules.version) })
        .from(t.repaymentSchedules)
        .where(eq(t.repaymentSchedules.agreementId, values.agreementId));
      const [schedule] = await tx
        .insert(t.repaymentSchedules)
        .values({ ...values, version: (latest?.version ?? 0) + 1 })
        .returning();
      await tx
        .insert(t.repaymentScheduleRows)
        .values(rows.map((row) => ({ ...row, scheduleId: schedule!.id })));
      return schedule!;
    },

    /** The agreement's newest schedule with its rows in order. */
    async latestSchedule(
      agreementId: string,
    ): Promise<{ schedule: ScheduleRow; rows: ScheduleLine[] } | undefined> {
      const [schedule] = await db
        .select()
        .from(t.repaymentSchedules)
        .where(eq(t.repaymentSchedules.agreementId, agreementId))
        .orderBy(desc(t.repaymentSchedules.version))
        .limit(1);
      if (!schedule) return undefined;
      const rows = await db
        .select()
        .from(t.repaymentScheduleRows)
        .where(eq(t.repaymentScheduleRows.scheduleId, schedule.id))
        .orderBy(asc(t.repaymentScheduleRows.instalmentNo));
      return { schedule, rows };
    },
  };
}

export type DisbursementStore = ReturnType<typeof createDisbursementStore>;
