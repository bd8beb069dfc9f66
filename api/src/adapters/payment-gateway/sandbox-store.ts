// What the sandbox gateway keeps on its side, as a gateway would: the transactions opened on its
// hosted page, the buyer's outcome, and the notifications it owes the merchant.
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import { gatewaySandboxNotifications, gatewaySandboxTransactions } from '../../db/schema';

export type SandboxTransactionRow = typeof gatewaySandboxTransactions.$inferSelect;
export type SandboxNotificationRow = typeof gatewaySandboxNotifications.$inferSelect;

/** Notifications tried this often without an acknowledgement are given up, as the gateway does. */
export const MAX_NOTIFICATION_ATTEMPTS = 5;

export function createSandboxGatewayStore(db: Orm) {
  return {
    async insert(values: typeof gatewaySandboxTransactions.$inferInsert) {
      const [row] = await db.insert(gatewaySandboxTransactions).values(values).returning();
      return row!;
    },

    async byTokenHash(tokenHash: string): Promise<SandboxTransactionRow | undefined> {
      const [row] = await db
        .select()
        .from(gatewaySandboxTransactions)
        .where(eq(gatewaySandboxTransactions.tokenHash, tokenHash));
      return row;
    },

    /** The order's newest transaction. */
    async latestOfOrder(
      merchantId: string,
      orderId: string,
    ): Promise<SandboxTransactionRow | undefined> {
      const [row] = await db
        .select()
        .from(gatewaySandboxTransactions)
        .where(
          and(
            eq(gatewaySandboxTransactions.merchantId, merchantId),
            eq(gatewaySandboxTransactions.orderId, orderId),
          ),
        )
        .orderBy(desc(gatewaySandboxTransactions.createdAt))
        .limit(1);
      return row;
    },

    /** The merchant's paid transactions with a payment time in [from, until). */
    paidBetween(merchantId: string, from: Date, until: Date): Promise<SandboxTransactionRow[]> {
      return db
        .select()
        .from(gatewaySandboxTransactions)
        .where(
          and(
            eq(gatewaySandboxTransactions.merchantId, merchantId),
            eq(gatewaySandboxTransactions.status, 'PAID'),
            gte(gatewaySandboxTransactions.paidAt, from),
            lt(gatewaySandboxTransactions.paidAt, until),
          ),
        )
        .orderBy(asc(gatewaySandboxTransactions.paidAt), asc(gatewaySandboxTransactions.tranId));
    },

    /**
     * Records the buyer's outcome with the notifications it owes, in one transaction; undefined
     * when the transaction already reached a final outcome (a second click, another tab).
     */
    async decide(
      id: string,
      outcome: Pick<SandboxTransactionRow, 'status' | 'errorCode' | 'errorDesc' | 'paidAt'>,
      at: Date,
      notifications: (
        row: SandboxTransactionRow,
      ) => { fields: Record<string, string>; dueAt: Date }[],
    ): Promise<SandboxTransactionRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(gatewaySandboxTransactions)
          .set({ ...outcome, updatedAt: at })
          .where(
            and(
              eq(gatewaySandboxTransactions.id, id),
              or(
                isNull(gatewaySandboxTransactions.status),
                eq(gatewaySandboxTransactions.status, 'PENDING'),
              ),
            ),
          )
          .returning();
        if (!row) return undefined;
        const owed = notifications(row);
        if (owed.length > 0) {
          await tx
            .insert(gatewaySandboxNotifications)
            .values(owed.map((n) => ({ transactionId: row.id, fields: n.fields, dueAt: n.dueAt })));
        }
        return row;
      });
    },

    /**
     * Claims the notifications due by `now`: each claimed one is tried once more and pushed back by
     * `retryAfterMs`, so another process delivering at the same time does not take it too.
     */
    async claimDue(now: Date, retryAfterMs: number): Promise<SandboxNotificationRow[]> {
      const due = db
        .select({ id: gatewaySandboxNotifications.id })
        .from(gatewaySandboxNotifications)
        .where(
          and(
            isNull(gatewaySandboxNotifications.acknowledgedAt),
            lte(gatewaySandboxNotifications.dueAt, now),
            sql`${gatewaySandboxNotifications.attempts} < ${MAX_NOTIFICATION_ATTEMPTS}`,
          ),
        )
        .orderBy(gatewaySandboxNotifications.dueAt, gatewaySandboxNotifications.id)
        .limit(50)
        .for('update', { skipLocked: true });
      return db
        .update(gatewaySandboxNotifications)
        .set({
          attempts: sql`${gatewaySandboxNotifications.attempts} + 1`,
          dueAt: new Date(now.getTime() + retryAfterMs),
        })
        .where(inArray(gatewaySandboxNotifications.id, due))
        .returning();
    },

    async answered(id: number, answer: string, acknowledgedAt: Date | null): Promise<void> {
      await db
        .update(gatewaySandboxNotifications)
        .set({ lastAnswer: answer.slice(0, 200), acknowledgedAt })
        .where(eq(gatewaySandboxNotifications.id, id));
    },

    notificationsOf(transactionId: string) {
      return db
        .select()
        .from(gatewaySandboxNotifications)
        .where(eq(gatewaySandboxNotifications.transactionId, transactionId))
        .orderBy(gatewaySandboxNotifications.id);
    },
  };
}

export type SandboxGatewayStore = ReturnType<typeof createSandboxGatewayStore>;
