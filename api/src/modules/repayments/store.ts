// The repayments module's one way into the database: the loan account and its schedule (opened by
// disbursement), payments, their allocations, the account's credit, late charge accruals, the
// receipt counter and receipts.
import {
  type AllocationLine,
  borrowerName,
  type LateChargeDay,
  type ScheduledInstalment,
} from '@lending/domain';
import { and, asc, desc, eq, inArray, isNull, like, sql, sum } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import type { OrmExecutor, OrmTransaction } from '../../kernel/transaction';

export type LoanAccountRow = typeof t.loanAccounts.$inferSelect;
export type PaymentRow = typeof t.payments.$inferSelect;
export type AllocationRow = typeof t.paymentAllocations.$inferSelect;
export type ReceiptRow = typeof t.paymentReceipts.$inferSelect;

export interface AccountWithAgreement {
  account: LoanAccountRow;
  agreementNo: string;
  tenureMonths: number;
  /** The agreement's late charge rate a year: every late charge of the account is at it. */
  lateChargeRateBp: number;
}

export function createRepaymentStore(db: Orm) {
  async function accountWhere(
    executor: OrmExecutor,
    agreementId: string,
    lock: boolean,
  ): Promise<AccountWithAgreement | undefined> {
    const query = executor
      .select({
        account: t.loanAccounts,
        agreementNo: t.agreements.agreementNo,
        tenureMonths: t.agreements.tenureMonths,
        lateChargeRateBp: t.agreements.lateChargeRateBp,
      })
      .from(t.loanAccounts)
      .innerJoin(t.agreements, eq(t.agreements.id, t.loanAccounts.agreementId))
      .where(eq(t.loanAccounts.agreementId, agreementId));
    const [row] = lock ? await query.for('update', { of: t.loanAccounts }) : await query;
    return row;
  }

  return {
    /** The account a disbursed agreement opened, with the agreement's number and tenure. */
    account(agreementId: string, executor: OrmExecutor = db) {
      return accountWhere(executor, agreementId, false);
    },

    /** The borrower of the agreement, named by the rule every document of a loan follows. */
    async borrowerNameOf(agreementId: string): Promise<string> {
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

    /** The same, locked until the transaction ends: payments on one account go one at a time. */
    lockAccount(tx: OrmTransaction, agreementId: string) {
      return accountWhere(tx, agreementId, true);
    },

    /** The tenant's account whose agreement number ends in `suffix` (`-<year>-<serial>`). */
    async accountByNumberSuffix(
      tenant: string,
      suffix: string,
      executor: OrmExecutor = db,
    ): Promise<AccountWithAgreement | undefined> {
      const [row] = await executor
        .select({
          account: t.loanAccounts,
          agreementNo: t.agreements.agreementNo,
          tenureMonths: t.agreements.tenureMonths,
          lateChargeRateBp: t.agreements.lateChargeRateBp,
        })
        .from(t.loanAccounts)
        .innerJoin(t.agreements, eq(t.agreements.id, t.loanAccounts.agreementId))
        .where(
          and(eq(t.loanAccounts.tenant, tenant), like(t.agreements.agreementNo, `AGR-%${suffix}`)),
        )
        .limit(1);
      return row;
    },

    /** A borrower's accounts, newest first. */
    accountsOfUser(userId: string) {
      return db
        .select({ account: t.loanAccounts, agreementNo: t.agreements.agreementNo })
        .from(t.loanAccounts)
        .innerJoin(t.agreements, eq(t.agreements.id, t.loanAccounts.agreementId))
        .where(eq(t.loanAccounts.userId, userId))
        .orderBy(desc(t.loanAccounts.openedAt));
    },

    /** Agreements of the accounts still being repaid, for the daily job. */
    async activeAgreementIds(): Promise<string[]> {
      const rows = await db
        .select({ agreementId: t.loanAccounts.agreementId })
        .from(t.loanAccounts)
        .where(eq(t.loanAccounts.status, 'ACTIVE'))
        .orderBy(asc(t.loanAccounts.openedAt));
      return rows.map((row) => row.agreementId);
    },

    /** The newest schedule version and its instalments in order. */
    async schedule(
      accountId: string,
      executor: OrmExecutor = db,
    ): Promise<{ version: number; instalments: ScheduledInstalment[] } | undefined> {
      const [schedule] = await executor
        .select()
        .from(t.repaymentSchedules)
        .where(eq(t.repaymentSchedules.accountId, accountId))
        .orderBy(desc(t.repaymentSchedules.version))
        .limit(1);
      if (!schedule) return undefined;
      const rows = await executor
        .select()
        .from(t.repaymentScheduleRows)
        .where(eq(t.repaymentScheduleRows.scheduleId, schedule.id))
        .orderBy(asc(t.repaymentScheduleRows.instalmentNo));
      return {
        version: schedule.version,
        instalments: rows.map((row) => ({
          instalmentNo: row.instalmentNo,
          dueDate: row.dueDate,
          instalmentSen: row.instalmentSen,
          principalSen: row.principalSen,
          interestSen: row.interestSen,
        })),
      };
    },

    /** What has been put on the account's instalments (credit rows excluded). */
    async allocations(accountId: string, executor: OrmExecutor = db): Promise<AllocationLine[]> {
      const rows = await executor
        .select()
        .from(t.paymentAllocations)
        .where(eq(t.paymentAllocations.accountId, accountId))
        .orderBy(asc(t.paymentAllocations.id));
      return rows.flatMap((row) =>
        row.kind === 'CREDIT' || row.instalmentNo === null
          ? []
          : [
              {
                instalmentNo: row.instalmentNo,
                kind: row.kind,
                amountSen: row.amountSen,
                businessDate: row.businessDate,
              },
            ],
      );
    },

    async accruals(accountId: string, executor: OrmExecutor = db): Promise<LateChargeDay[]> {
      return executor
        .select({
          instalmentNo: t.lateChargeAccruals.instalmentNo,
          day: t.lateChargeAccruals.day,
          daysInDefault: t.lateChargeAccruals.daysInDefault,
          overdueSen: t.lateChargeAccruals.overdueSen,
          amountSen: t.lateChargeAccruals.amountSen,
        })
        .from(t.lateChargeAccruals)
        .where(eq(t.lateChargeAccruals.accountId, accountId))
        .orderBy(asc(t.lateChargeAccruals.instalmentNo), asc(t.lateChargeAccruals.day));
    },

    async rebates(accountId: string, executor: OrmExecutor = db) {
      return executor
        .select({
          instalmentNo: t.settlementRebates.instalmentNo,
          amountSen: t.settlementRebates.amountSen,
          businessDate: t.settlementRebates.businessDate,
        })
        .from(t.settlementRebates)
        .where(eq(t.settlementRebates.accountId, accountId));
    },

    async addRebates(
      tx: OrmTransaction,
      rows: (typeof t.settlementRebates.$inferInsert)[],
    ): Promise<void> {
      if (rows.length > 0) await tx.insert(t.settlementRebates).values(rows);
    },

    /** Late charges waived (approved waivers of the back office), per instalment. */
    async waivers(accountId: string, executor: OrmExecutor = db) {
      return executor
        .select({
          instalmentNo: t.lateChargeWaivers.instalmentNo,
          amountSen: t.lateChargeWaivers.amountSen,
        })
        .from(t.lateChargeWaivers)
        .where(eq(t.lateChargeWaivers.accountId, accountId));
    },

    async credit(accountId: string, executor: OrmExecutor = db): Promise<number> {
      const [row] = await executor
        .select({ creditSen: t.accountCredits.creditSen })
        .from(t.accountCredits)
        .where(eq(t.accountCredits.accountId, accountId));
      return row?.creditSen ?? 0;
    },

    /** Each payment's money still kept as credit, oldest payment first: what credit is spent from. */
    async creditSources(
      tx: OrmTransaction,
      accountId: string,
    ): Promise<{ paymentId: string; creditSen: number }[]> {
      const rows = await tx
        .select({
          paymentId: t.paymentAllocations.paymentId,
          creditSen: sum(t.paymentAllocations.amountSen).mapWith(Number),
          paidAt: t.payments.paidAt,
        })
        .from(t.paymentAllocations)
        .innerJoin(t.payments, eq(t.payments.id, t.paymentAllocations.paymentId))
        .where(
          and(
            eq(t.paymentAllocations.accountId, accountId),
            eq(t.paymentAllocations.kind, 'CREDIT'),
          ),
        )
        .groupBy(t.paymentAllocations.paymentId, t.payments.paidAt, t.payments.createdAt)
        .orderBy(asc(t.payments.paidAt), asc(t.payments.createdAt));
      return rows
        .filter((row) => row.creditSen > 0)
        .map((row) => ({ paymentId: row.paymentId, creditSen: row.creditSen }));
    },

    async setCredit(tx: OrmTransaction, accountId: string, creditSen: number): Promise<void> {
      await tx
        .insert(t.accountCredits)
        .values({ accountId, creditSen })
        .onConflictDoUpdate({
          target: t.accountCredits.accountId,
          set: { creditSen, updatedAt: new Date() },
        });
    },

    /** Adds late charge days; a day already charged stays as it was (the unique index). */
    async addAccruals(
      tx: OrmTransaction,
      accountId: string,
      accruals: readonly LateChargeDay[],
    ): Promise<number> {
      if (accruals.length === 0) return 0;
      const added = await tx
        .insert(t.lateChargeAccruals)
        .values(accruals.map((accrual) => ({ ...accrual, accountId })))
        .onConflictDoNothing()
        .returning({ id: t.lateChargeAccruals.id });
      return added.length;
    },

    async addAllocations(
      tx: OrmTransaction,
      rows: (typeof t.paymentAllocations.$inferInsert)[],
    ): Promise<void> {
      if (rows.length > 0) await tx.insert(t.paymentAllocations).values(rows);
    },

    async paymentByRef(
      executor: OrmExecutor,
      channel: PaymentRow['channel'],
      externalRef: string,
    ): Promise<PaymentRow | undefined> {
      const [row] = await executor
        .select()
        .from(t.payments)
        .where(and(eq(t.payments.channel, channel), eq(t.payments.externalRef, externalRef)));
      return row;
    },

    async payment(paymentId: string, executor: OrmExecutor = db): Promise<PaymentRow | undefined> {
      const [row] = await executor.select().from(t.payments).where(eq(t.payments.id, paymentId));
      return row;
    },

    /** The tenant's next receipt number. The counter row stays locked until the payment's
     *  transaction ends, so numbers are given in commit order and a rollback gives its back. */
    async nextReceiptNo(tx: OrmTransaction, tenant: string): Promise<number> {
      const [row] = await tx
        .insert(t.receiptCounters)
        .values({ tenant, lastNo: 1 })
        .onConflictDoUpdate({
          target: t.receiptCounters.tenant,
          set: { lastNo: sql`${t.receiptCounters.lastNo} + 1` },
        })
        .returning({ lastNo: t.receiptCounters.lastNo });
      return row!.lastNo;
    },

    /** The next version of the account's schedule (a change is a new version, never an edit). */
    async addScheduleVersion(
      tx: OrmTransaction,
      values: Omit<typeof t.repaymentSchedules.$inferInsert, 'version'>,
      rows: readonly ScheduledInstalment[],
    ): Promise<number> {
      const [latest] = await tx
        .select({ version: sql<number>`max(${t.repaymentSchedules.version})`.mapWith(Number) })
        .from(t.repaymentSchedules)
        .where(eq(t.repaymentSchedules.accountId, values.accountId));
      const version = (latest?.version ?? 0) + 1;
      const [schedule] = await tx
        .insert(t.repaymentSchedules)
        .values({ ...values, version })
        .returning({ id: t.repaymentSchedules.id });
      await tx
        .insert(t.repaymentScheduleRows)
        .values(rows.map((row) => ({ ...row, scheduleId: schedule!.id })));
      return version;
    },

    /** Null when the channel reference was taken meanwhile by another account's payment. */
    async insertPayment(
      tx: OrmTransaction,
      values: typeof t.payments.$inferInsert,
    ): Promise<PaymentRow | null> {
      const [row] = await tx.insert(t.payments).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    /** From the status the caller read to another, if unchanged meanwhile, with its history row. */
    async changeStatus(
      tx: OrmTransaction,
      account: LoanAccountRow,
      to: LoanAccountRow['status'],
      actor: string,
      at: Date,
      reason: string,
      /** The day the books make the change on; `at` stays the wall clock's instant. */
      businessDate: string,
    ): Promise<boolean> {
      const updated = await tx
        .update(t.loanAccounts)
        .set({ status: to, version: account.version + 1, updatedAt: at })
        .where(and(eq(t.loanAccounts.id, account.id), eq(t.loanAccounts.status, account.status)))
        .returning({ id: t.loanAccounts.id });
      if (updated.length === 0) return false;
      await tx.insert(t.loanAccountStatusHistory).values({
        accountId: account.id,
        fromStatus: account.status,
        toStatus: to,
        actor,
        reason,
        at,
        businessDate,
      });
      return true;
    },

    /** The account's payments, newest first, with their allocations and receipts. */
    async paymentsOf(accountId: string) {
      const rows = await db
        .select({ payment: t.payments, receiptId: t.paymentReceipts.id })
        .from(t.payments)
        .leftJoin(t.paymentReceipts, eq(t.paymentReceipts.paymentId, t.payments.id))
        .where(eq(t.payments.accountId, accountId))
        .orderBy(desc(t.payments.paidAt), desc(t.payments.createdAt));
      const ids = rows.map((row) => row.payment.id);
      const allocations = ids.length
        ? await db
            .select()
            .from(t.paymentAllocations)
            .where(inArray(t.paymentAllocations.paymentId, ids))
            .orderBy(asc(t.paymentAllocations.id))
        : [];
      return rows.map((row) => ({
        ...row,
        allocations: allocations.filter((line) => line.paymentId === row.payment.id),
      }));
    },

    async allocationsOfPayment(paymentId: string, executor: OrmExecutor = db) {
      return executor
        .select()
        .from(t.paymentAllocations)
        .where(eq(t.paymentAllocations.paymentId, paymentId))
        .orderBy(asc(t.paymentAllocations.id));
    },

    async receiptOfPayment(paymentId: string): Promise<ReceiptRow | undefined> {
      const [row] = await db
        .select()
        .from(t.paymentReceipts)
        .where(eq(t.paymentReceipts.paymentId, paymentId));
      return row;
    },

    async receipt(receiptId: string): Promise<ReceiptRow | undefined> {
      const [row] = await db
        .select()
        .from(t.paymentReceipts)
        .where(eq(t.paymentReceipts.id, receiptId));
      return row;
    },

    /** Null when another process stored the payment's receipt first. */
    async insertReceipt(values: typeof t.paymentReceipts.$inferInsert): Promise<ReceiptRow | null> {
      const [row] = await db
        .insert(t.paymentReceipts)
        .values(values)
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    /** Takes the receipt's email to send: false when it was sent (or is being sent) already, so
     *  a handler run twice, or beside the daily job, emails once. */
    async claimReceiptEmail(receiptId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(t.paymentReceipts)
        .set({ emailedAt: at })
        .where(and(eq(t.paymentReceipts.id, receiptId), isNull(t.paymentReceipts.emailedAt)))
        .returning({ id: t.paymentReceipts.id });
      return rows.length === 1;
    },

    /** Gives a claim back when the email could not be sent, for the next try. */
    async releaseReceiptEmail(receiptId: string, at: Date): Promise<void> {
      await db
        .update(t.paymentReceipts)
        .set({ emailedAt: null })
        .where(and(eq(t.paymentReceipts.id, receiptId), eq(t.paymentReceipts.emailedAt, at)));
    },

    /** Agreements of the closed accounts, for the discharge letters' daily check. */
    async closedAgreementIds(): Promise<string[]> {
      const rows = await db
        .select({ agreementId: t.loanAccounts.agreementId })
        .from(t.loanAccounts)
        .where(eq(t.loanAccounts.status, 'CLOSED'))
        .orderBy(asc(t.loanAccounts.openedAt));
      return rows.map((row) => row.agreementId);
    },

    /** When and why the account closed (its newest move to CLOSED). */
    async closedEntry(accountId: string) {
      return this.statusEntry(accountId, 'CLOSED');
    },

    /** The newest change of the account to `status`, if it ever went there. */
    async statusEntry(
      accountId: string,
      status: LoanAccountRow['status'],
      executor: OrmExecutor = db,
    ) {
      const [row] = await executor
        .select({
          at: t.loanAccountStatusHistory.at,
          businessDate: t.loanAccountStatusHistory.businessDate,
          reason: t.loanAccountStatusHistory.reason,
        })
        .from(t.loanAccountStatusHistory)
        .where(
          and(
            eq(t.loanAccountStatusHistory.accountId, accountId),
            eq(t.loanAccountStatusHistory.toStatus, status),
          ),
        )
        .orderBy(desc(t.loanAccountStatusHistory.at), desc(t.loanAccountStatusHistory.id))
        .limit(1);
      return row;
    },

    /** Payments that have no receipt yet (a receipt failed to build, or the payment was booked
     *  in a caller's transaction), oldest first. */
    async paymentsWithoutReceipt(limit = 500): Promise<string[]> {
      const rows = await db
        .select({ id: t.payments.id })
        .from(t.payments)
        .leftJoin(t.paymentReceipts, eq(t.paymentReceipts.paymentId, t.payments.id))
        .where(sql`${t.paymentReceipts.id} is null`)
        .orderBy(asc(t.payments.createdAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },
  };
}

export type RepaymentStore = ReturnType<typeof createRepaymentStore>;
