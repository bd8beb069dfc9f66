// Credit refunds' one way into the database: the requests, the payout a refund is paid back to,
// and the negative CREDIT rows an approved refund books against the payments that left the credit.
import { and, asc, desc, eq, isNull, sum } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import type { OrmExecutor, OrmTransaction } from '../../kernel/transaction';

export type RefundRow = typeof t.creditRefunds.$inferSelect;

export function createRefundStore(db: Orm) {
  return {
    /** The account's refunds, newest first. */
    refundsOf(accountId: string, executor: OrmExecutor = db): Promise<RefundRow[]> {
      return executor
        .select()
        .from(t.creditRefunds)
        .where(eq(t.creditRefunds.accountId, accountId))
        .orderBy(desc(t.creditRefunds.proposedAt));
    },

    /** Approved refunds whose letter was not built or not emailed: the daily job's work. */
    unsentLetters(): Promise<RefundRow[]> {
      return db
        .select()
        .from(t.creditRefunds)
        .where(and(eq(t.creditRefunds.status, 'APPROVED'), isNull(t.creditRefunds.letterEmailedAt)))
        .orderBy(asc(t.creditRefunds.decidedAt));
    },

    async byId(id: string): Promise<RefundRow | undefined> {
      const [row] = await db.select().from(t.creditRefunds).where(eq(t.creditRefunds.id, id));
      return row;
    },

    /** The agreement's confirmed payout: the account the borrower nominated for the loan. */
    async paidPayout(agreementId: string, executor: OrmExecutor = db) {
      const [row] = await executor
        .select()
        .from(t.disbursements)
        .where(
          and(eq(t.disbursements.agreementId, agreementId), eq(t.disbursements.status, 'PAID')),
        )
        .orderBy(desc(t.disbursements.paidAt))
        .limit(1);
      return row;
    },

    /** Null when the account already has a refund waiting for a decision. */
    async propose(
      tx: OrmTransaction,
      values: typeof t.creditRefunds.$inferInsert,
    ): Promise<RefundRow | null> {
      const [row] = await tx
        .insert(t.creditRefunds)
        .values(values)
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    async lock(tx: OrmTransaction, id: string): Promise<RefundRow | undefined> {
      const [row] = await tx
        .select()
        .from(t.creditRefunds)
        .where(eq(t.creditRefunds.id, id))
        .for('update');
      return row;
    },

    /** PROPOSED to APPROVED or REJECTED; false when it was decided meanwhile. */
    async decide(
      tx: OrmTransaction,
      id: string,
      decision: {
        status: 'APPROVED' | 'REJECTED';
        decidedBy: string;
        decidedAt: Date;
        decisionNote: string | null;
        businessDate?: string;
      },
    ): Promise<boolean> {
      const updated = await tx
        .update(t.creditRefunds)
        .set(decision)
        .where(and(eq(t.creditRefunds.id, id), eq(t.creditRefunds.status, 'PROPOSED')))
        .returning({ id: t.creditRefunds.id });
      return updated.length > 0;
    },

    /** Each payment's money still kept as credit, oldest payment first. */
    async creditSources(tx: OrmTransaction, accountId: string) {
      const rows = await tx
        .select({
          paymentId: t.paymentAllocations.paymentId,
          creditSen: sum(t.paymentAllocations.amountSen).mapWith(Number),
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
      return rows.filter((row) => row.creditSen > 0);
    },

    /** The refund's CREDIT rows, and the account's credit set to what is left. */
    async bookRefund(
      tx: OrmTransaction,
      refund: { id: string; accountId: string; businessDate: string },
      taken: { paymentId: string; amountSen: number }[],
      creditLeftSen: number,
    ): Promise<void> {
      await tx.insert(t.paymentAllocations).values(
        taken.map((row) => ({
          paymentId: row.paymentId,
          accountId: refund.accountId,
          instalmentNo: null,
          kind: 'CREDIT' as const,
          amountSen: -row.amountSen,
          fromCredit: true,
          businessDate: refund.businessDate,
          refundId: refund.id,
        })),
      );
      await tx
        .update(t.accountCredits)
        .set({ creditSen: creditLeftSen, updatedAt: new Date() })
        .where(eq(t.accountCredits.accountId, refund.accountId));
    },

    async setLetter(
      id: string,
      letter: { letterLanguage: 'EN' | 'MS'; letterStorageKey: string; letterSha256: string },
    ): Promise<boolean> {
      const updated = await db
        .update(t.creditRefunds)
        .set(letter)
        .where(
          and(
            eq(t.creditRefunds.id, id),
            eq(t.creditRefunds.status, 'APPROVED'),
            // Another process's letter, recorded first, stands.
            isNull(t.creditRefunds.letterStorageKey),
          ),
        )
        .returning({ id: t.creditRefunds.id });
      return updated.length > 0;
    },

    async markLetterEmailed(id: string, at: Date): Promise<void> {
      await db
        .update(t.creditRefunds)
        .set({ letterEmailedAt: at })
        .where(eq(t.creditRefunds.id, id));
    },

    /** Approved refunds of the account (for its statement), oldest first. */
    approvedOf(accountId: string) {
      return db
        .select()
        .from(t.creditRefunds)
        .where(
          and(eq(t.creditRefunds.accountId, accountId), eq(t.creditRefunds.status, 'APPROVED')),
        )
        .orderBy(asc(t.creditRefunds.decidedAt));
    },
  };
}

export type RefundStore = ReturnType<typeof createRefundStore>;
