// The mandates module's one way into the database: mandates, their status changes with history
// and audit rows.
import {
  type Actor,
  MANDATE_STATUS_MACHINE,
  type MandateStatus,
  transition,
} from '@lending/domain';
import { and, count, desc, eq, inArray } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import { writeAudit } from '../../kernel/audit';
import { HttpError, sentence } from '../../kernel/errors';
import type { OrmExecutor, OrmTransaction } from '../../kernel/transaction';

export type MandateRow = typeof t.mandates.$inferSelect;
export type NewMandate = Omit<
  typeof t.mandates.$inferInsert,
  'id' | 'status' | 'version' | 'createdAt' | 'updatedAt'
>;

const LIVE: MandateStatus[] = ['PENDING_AUTH', 'AUTHORISED', 'ACTIVE'];

export interface MandateStatusChange {
  to: MandateStatus;
  actor: Actor;
  actorRef: string;
  reason?: string;
  ip?: string;
  at: Date;
  set?: Partial<
    Pick<MandateRow, 'authorisedAt' | 'activatedAt' | 'endedAt' | 'bankMessage' | 'replacedBy'>
  >;
}

export function createMandateStore(db: Orm) {
  return {
    async byId(id: string, executor: OrmExecutor = db): Promise<MandateRow | undefined> {
      const [row] = await executor.select().from(t.mandates).where(eq(t.mandates.id, id));
      return row;
    },

    async lock(tx: OrmTransaction, id: string): Promise<MandateRow | undefined> {
      const [row] = await tx.select().from(t.mandates).where(eq(t.mandates.id, id)).for('update');
      return row;
    },

    async byProviderRef(provider: string, providerRef: string): Promise<MandateRow | undefined> {
      const [row] = await db
        .select()
        .from(t.mandates)
        .where(and(eq(t.mandates.provider, provider), eq(t.mandates.providerRef, providerRef)));
      return row;
    },

    /** The agreement's newest mandate, whatever its status. */
    async latestOf(agreementId: string, executor: OrmExecutor = db) {
      const [row] = await executor
        .select()
        .from(t.mandates)
        .where(eq(t.mandates.agreementId, agreementId))
        .orderBy(desc(t.mandates.createdAt))
        .limit(1);
      return row;
    },

    /** The agreement's mandates that ended with a given message, e.g. its cancellation. */
    endedWith(agreementId: string, bankMessage: string): Promise<MandateRow[]> {
      return db
        .select()
        .from(t.mandates)
        .where(
          and(
            eq(t.mandates.agreementId, agreementId),
            eq(t.mandates.status, 'TERMINATED'),
            eq(t.mandates.bankMessage, bankMessage),
          ),
        );
    },

    /** The agreement's mandates that are waiting, authorised or active (at most one). */
    live(agreementId: string, executor: OrmExecutor = db): Promise<MandateRow[]> {
      return executor
        .select()
        .from(t.mandates)
        .where(and(eq(t.mandates.agreementId, agreementId), inArray(t.mandates.status, LIVE)));
    },

    /** Every active mandate, oldest first: what direct debit collects on. */
    activeAll(): Promise<MandateRow[]> {
      return db
        .select()
        .from(t.mandates)
        .where(eq(t.mandates.status, 'ACTIVE'))
        .orderBy(t.mandates.createdAt);
    },

    async isActive(agreementId: string, executor: OrmExecutor = db): Promise<boolean> {
      const [row] = await executor
        .select({ n: count() })
        .from(t.mandates)
        .where(and(eq(t.mandates.agreementId, agreementId), eq(t.mandates.status, 'ACTIVE')));
      return (row?.n ?? 0) > 0;
    },

    async countOf(agreementId: string, executor: OrmExecutor = db): Promise<number> {
      const [row] = await executor
        .select({ n: count() })
        .from(t.mandates)
        .where(eq(t.mandates.agreementId, agreementId));
      return row?.n ?? 0;
    },

    async insert(
      tx: OrmTransaction,
      values: NewMandate,
      actorRef: string,
      at: Date,
      ip: string | null,
    ): Promise<MandateRow> {
      const [row] = await tx
        .insert(t.mandates)
        .values({ ...values, status: 'PENDING_AUTH', createdAt: at, updatedAt: at })
        .returning();
      await tx.insert(t.mandateStatusHistory).values({
        mandateId: row!.id,
        toStatus: 'PENDING_AUTH',
        actor: actorRef,
        at,
      });
      await writeAudit(tx, {
        action: 'mandate.registered',
        actor: actorRef,
        subject: `user:${values.userId}`,
        entity: `mandate:${row!.id}`,
        to: 'PENDING_AUTH',
        ip,
        at,
        detail: {
          agreementId: values.agreementId,
          referenceNo: values.referenceNo,
          bankCode: values.bankCode,
          maxAmountSen: values.maxAmountSen,
        },
      });
      return row!;
    },

    /** Moves a locked mandate through the domain's machine, with history and audit rows. */
    async changeStatus(
      tx: OrmTransaction,
      row: MandateRow,
      change: MandateStatusChange,
    ): Promise<MandateRow> {
      const from = row.status;
      const verdict = transition(MANDATE_STATUS_MACHINE, from, change.to, { actor: change.actor });
      if (!verdict.ok) {
        throw new HttpError(
          409,
          sentence('The mandate cannot move from {from} to {to} ({reason})', {
            from,
            to: change.to,
            reason: verdict.reason,
          }),
          'STATUS_CHANGE_REFUSED',
        );
      }
      const [updated] = await tx
        .update(t.mandates)
        .set({ ...change.set, status: change.to, version: row.version + 1, updatedAt: change.at })
        .where(eq(t.mandates.id, row.id))
        .returning();
      await tx.insert(t.mandateStatusHistory).values({
        mandateId: row.id,
        fromStatus: from,
        toStatus: change.to,
        actor: change.actorRef,
        reason: change.reason ?? null,
        at: change.at,
      });
      await writeAudit(tx, {
        action: 'mandate.status_changed',
        actor: change.actorRef,
        subject: `user:${row.userId}`,
        entity: `mandate:${row.id}`,
        from,
        to: change.to,
        reason: change.reason ?? null,
        ip: change.ip ?? null,
        at: change.at,
        detail: { agreementId: row.agreementId },
      });
      return updated!;
    },

    /** Points a replaced mandate at the one that took its place. */
    async changeStatusLink(tx: OrmTransaction, id: string, replacedBy: string): Promise<void> {
      await tx.update(t.mandates).set({ replacedBy }).where(eq(t.mandates.id, id));
    },

    history(mandateId: string, executor: OrmExecutor = db) {
      return executor
        .select()
        .from(t.mandateStatusHistory)
        .where(eq(t.mandateStatusHistory.mandateId, mandateId))
        .orderBy(t.mandateStatusHistory.at, t.mandateStatusHistory.id);
    },
  };
}

export type MandateStore = ReturnType<typeof createMandateStore>;
