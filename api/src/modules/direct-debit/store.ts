// The direct debit module's one way into the database: collections and their status changes,
// each with its audit row.
import {
  DIRECT_DEBIT_COLLECTION_STATUS_MACHINE,
  type DirectDebitCollectionStatus,
  transition,
} from '@lending/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import { writeAudit } from '../../kernel/audit';
import type { OrmTransaction } from '../../kernel/transaction';

export type CollectionRow = typeof t.directDebitCollections.$inferSelect;

const ACTOR = 'system:direct-debit';

export function createDirectDebitStore(db: Orm) {
  return {
    async ofAgreement(agreementId: string): Promise<CollectionRow[]> {
      return db
        .select()
        .from(t.directDebitCollections)
        .where(eq(t.directDebitCollections.agreementId, agreementId))
        .orderBy(
          desc(t.directDebitCollections.createdAt),
          desc(t.directDebitCollections.attemptNo),
        );
    },

    async withStatus(statuses: DirectDebitCollectionStatus[]): Promise<CollectionRow[]> {
      return db
        .select()
        .from(t.directDebitCollections)
        .where(inArray(t.directDebitCollections.status, statuses))
        .orderBy(asc(t.directDebitCollections.createdAt));
    },

    async lock(tx: OrmTransaction, id: string): Promise<CollectionRow | undefined> {
      const [row] = await tx
        .select()
        .from(t.directDebitCollections)
        .where(eq(t.directDebitCollections.id, id))
        .for('update');
      return row;
    },

    /** Plans a collection with its audit row; false when that attempt was planned already. */
    async plan(
      tx: OrmTransaction,
      values: Omit<typeof t.directDebitCollections.$inferInsert, 'status'> & { createdAt: Date },
    ): Promise<boolean> {
      const [inserted] = await tx
        .insert(t.directDebitCollections)
        .values({ ...values, status: 'PLANNED' })
        .onConflictDoNothing()
        .returning();
      if (!inserted) return false;
      await writeAudit(tx, {
        action: 'direct_debit.planned',
        actor: ACTOR,
        subject: `user:${inserted.userId}`,
        entity: `direct-debit-collection:${inserted.id}`,
        to: 'PLANNED',
        at: values.createdAt,
        detail: {
          agreementId: inserted.agreementId,
          instalmentNo: inserted.instalmentNo,
          attemptNo: inserted.attemptNo,
          amountSen: inserted.amountSen,
          collectionDate: inserted.collectionDate,
        },
      });
      return true;
    },

    /** Moves a locked collection through the domain's machine, with its audit row. */
    async changeStatus(
      tx: OrmTransaction,
      row: CollectionRow,
      to: DirectDebitCollectionStatus,
      at: Date,
      set: Partial<
        Pick<
          CollectionRow,
          | 'batchRef'
          | 'submittedAt'
          | 'resolvedAt'
          | 'resolvedOn'
          | 'failureCode'
          | 'failureReason'
          | 'paymentId'
        >
      > = {},
    ): Promise<CollectionRow> {
      const verdict = transition(DIRECT_DEBIT_COLLECTION_STATUS_MACHINE, row.status, to, {
        actor: 'system',
      });
      if (!verdict.ok) throw new Error(`collection ${row.id}: ${row.status} to ${to} refused`);
      const [updated] = await tx
        .update(t.directDebitCollections)
        .set({ ...set, status: to, version: row.version + 1 })
        .where(
          and(
            eq(t.directDebitCollections.id, row.id),
            eq(t.directDebitCollections.version, row.version),
          ),
        )
        .returning();
      if (!updated) throw new Error(`collection ${row.id} changed meanwhile`);
      await writeAudit(tx, {
        action: 'direct_debit.status_changed',
        actor: ACTOR,
        subject: `user:${row.userId}`,
        entity: `direct-debit-collection:${row.id}`,
        from: row.status,
        to,
        reason: set.failureReason ?? null,
        at,
        detail: {
          agreementId: row.agreementId,
          collectionRef: row.collectionRef,
          amountSen: row.amountSen,
          ...(set.failureCode ? { failureCode: set.failureCode } : {}),
          ...(set.paymentId ? { paymentId: set.paymentId } : {}),
        },
      });
      return updated;
    },
  };
}

export type DirectDebitStore = ReturnType<typeof createDirectDebitStore>;
