// The gateway payments module's one way into the database: the orders borrowers pay online, their
// status changes with history and audit rows.
import {
  type Actor,
  GATEWAY_PAYMENT_STATUS_MACHINE,
  type GatewayPaymentStatus,
  transition,
} from '@lending/domain';
import { desc, eq } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import { writeAudit } from '../../kernel/audit';
import { HttpError, sentence } from '../../kernel/errors';
import type { OrmExecutor, OrmTransaction } from '../../kernel/transaction';

export type GatewayPaymentRow = typeof t.gatewayPayments.$inferSelect;
export type SettlementOrderRow = typeof t.gatewaySettlementOrders.$inferSelect;
export type NewGatewayPayment = Omit<
  typeof t.gatewayPayments.$inferInsert,
  'id' | 'status' | 'version' | 'createdAt' | 'updatedAt'
>;

export interface GatewayPaymentStatusChange {
  to: GatewayPaymentStatus;
  actor: Actor;
  actorRef: string;
  reason?: string;
  at: Date;
  set?: Partial<
    Pick<
      GatewayPaymentRow,
      'gatewayTxnId' | 'failureCode' | 'failureReason' | 'paymentId' | 'receiptNo' | 'paidAt'
    >
  >;
}

export function createGatewayPaymentStore(db: Orm) {
  return {
    async byOrderId(
      orderId: string,
      executor: OrmExecutor = db,
    ): Promise<GatewayPaymentRow | undefined> {
      const [row] = await executor
        .select()
        .from(t.gatewayPayments)
        .where(eq(t.gatewayPayments.orderId, orderId));
      return row;
    },

    async lockByOrderId(
      tx: OrmTransaction,
      orderId: string,
    ): Promise<GatewayPaymentRow | undefined> {
      const [row] = await tx
        .select()
        .from(t.gatewayPayments)
        .where(eq(t.gatewayPayments.orderId, orderId))
        .for('update');
      return row;
    },

    /** The agreement's orders, newest first (paid, failed and pending attempts). */
    ofAgreement(agreementId: string, executor: OrmExecutor = db): Promise<GatewayPaymentRow[]> {
      return executor
        .select()
        .from(t.gatewayPayments)
        .where(eq(t.gatewayPayments.agreementId, agreementId))
        .orderBy(desc(t.gatewayPayments.createdAt));
    },

    async insert(
      values: NewGatewayPayment,
      actorRef: string,
      at: Date,
      ip: string | null,
      /** For an order that pays an early settlement: the quote it was started from. */
      settlement?: { quoteDate: string; quoteSen: number },
    ): Promise<GatewayPaymentRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(t.gatewayPayments)
          .values({ ...values, status: 'PENDING', createdAt: at, updatedAt: at })
          .returning();
        if (settlement) {
          await tx.insert(t.gatewaySettlementOrders).values({
            gatewayPaymentId: row!.id,
            agreementId: values.agreementId,
            quoteDate: settlement.quoteDate,
            quoteSen: settlement.quoteSen,
            createdAt: at,
          });
        }
        await tx.insert(t.gatewayPaymentStatusHistory).values({
          gatewayPaymentId: row!.id,
          toStatus: 'PENDING',
          actor: actorRef,
          at,
        });
        await writeAudit(tx, {
          action: 'gateway_payment.started',
          actor: actorRef,
          subject: `user:${values.userId}`,
          entity: `gateway-payment:${row!.id}`,
          to: 'PENDING',
          ip,
          at,
          detail: {
            agreementId: values.agreementId,
            orderId: values.orderId,
            amountSen: values.amountSen,
            channel: values.channel,
            ...(settlement ? { purpose: 'SETTLEMENT', quoteDate: settlement.quoteDate } : {}),
          },
        });
        return row!;
      });
    },

    /** Keeps the gateway's transaction id of a payment still pending at the bank. */
    async recordTxn(tx: OrmTransaction, id: string, gatewayTxnId: string, at: Date) {
      const [row] = await tx
        .update(t.gatewayPayments)
        .set({ gatewayTxnId, updatedAt: at })
        .where(eq(t.gatewayPayments.id, id))
        .returning();
      return row!;
    },

    /** Moves a locked payment through the domain's machine, with history and audit rows. */
    async changeStatus(
      tx: OrmTransaction,
      row: GatewayPaymentRow,
      change: GatewayPaymentStatusChange,
    ): Promise<GatewayPaymentRow> {
      const from = row.status;
      const verdict = transition(GATEWAY_PAYMENT_STATUS_MACHINE, from, change.to, {
        actor: change.actor,
      });
      if (!verdict.ok) {
        throw new HttpError(
          409,
          sentence('The payment cannot move from {from} to {to} ({reason})', {
            from,
            to: change.to,
            reason: verdict.reason,
          }),
          'STATUS_CHANGE_REFUSED',
        );
      }
      const [updated] = await tx
        .update(t.gatewayPayments)
        .set({ ...change.set, status: change.to, version: row.version + 1, updatedAt: change.at })
        .where(eq(t.gatewayPayments.id, row.id))
        .returning();
      await tx.insert(t.gatewayPaymentStatusHistory).values({
        gatewayPaymentId: row.id,
        fromStatus: from,
        toStatus: change.to,
        actor: change.actorRef,
        reason: change.reason ?? null,
        at: change.at,
      });
      await writeAudit(tx, {
        action: 'gateway_payment.status_changed',
        actor: change.actorRef,
        subject: `user:${row.userId}`,
        entity: `gateway-payment:${row.id}`,
        from,
        to: change.to,
        reason: change.reason ?? null,
        at: change.at,
        detail: {
          agreementId: row.agreementId,
          orderId: row.orderId,
          amountSen: row.amountSen,
          gatewayTxnId: change.set?.gatewayTxnId ?? row.gatewayTxnId,
          ...(change.set?.paymentId ? { paymentId: change.set.paymentId } : {}),
        },
      });
      return updated!;
    },

    /** The quote a settlement order was started from; undefined for an instalment order. */
    async settlementOf(
      gatewayPaymentId: string,
      executor: OrmExecutor = db,
    ): Promise<SettlementOrderRow | undefined> {
      const [row] = await executor
        .select()
        .from(t.gatewaySettlementOrders)
        .where(eq(t.gatewaySettlementOrders.gatewayPaymentId, gatewayPaymentId));
      return row;
    },

    /** What became of a paid settlement order, with its audit row (in the payment's transaction). */
    async decideSettlement(
      tx: OrmTransaction,
      row: GatewayPaymentRow,
      settlement: SettlementOrderRow,
      outcome: NonNullable<SettlementOrderRow['outcome']>,
      actorRef: string,
      at: Date,
      businessDate: string,
    ): Promise<void> {
      await tx
        .update(t.gatewaySettlementOrders)
        .set({ outcome, decidedAt: at })
        .where(eq(t.gatewaySettlementOrders.gatewayPaymentId, row.id));
      await writeAudit(tx, {
        action: 'gateway_payment.settlement_decided',
        actor: actorRef,
        subject: `user:${row.userId}`,
        entity: `gateway-payment:${row.id}`,
        reason: outcome,
        at,
        detail: {
          agreementId: row.agreementId,
          orderId: row.orderId,
          amountSen: row.amountSen,
          quoteDate: settlement.quoteDate,
          quoteSen: settlement.quoteSen,
          businessDate,
          outcome,
        },
      });
    },

    history(gatewayPaymentId: string, executor: OrmExecutor = db) {
      return executor
        .select()
        .from(t.gatewayPaymentStatusHistory)
        .where(eq(t.gatewayPaymentStatusHistory.gatewayPaymentId, gatewayPaymentId))
        .orderBy(t.gatewayPaymentStatusHistory.at, t.gatewayPaymentStatusHistory.id);
    },
  };
}

export type GatewayPaymentStore = ReturnType<typeof createGatewayPaymentStore>;
