// The agreements module's one way into the database: agreements, their status changes with
// history and audit rows.
import type { TenantId } from '@lending/contracts';
import {
  type Actor,
  AGREEMENT_STATUS_MACHINE,
  type AgreementStatus,
  transition,
} from '@lending/domain';
import { desc, eq, sql } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import { writeAudit } from '../../kernel/audit';
import { HttpError, sentence } from '../../kernel/errors';
import type { OrmExecutor, OrmTransaction } from '../../kernel/transaction';

export type AgreementRow = typeof t.agreements.$inferSelect;
export type NewAgreement = Omit<
  typeof t.agreements.$inferInsert,
  'id' | 'agreementNo' | 'status' | 'version' | 'createdAt' | 'updatedAt'
>;

export const AGREEMENT_NOT_FOUND = 'Agreement Not Found';
export const AGREEMENT_CHANGED =
  'This agreement changed since you opened it; reload it and try again';

export interface AgreementStatusChange {
  agreementId: string;
  to: AgreementStatus;
  actor: Actor;
  /** `user:<id>`, `staff:<id>`, `guarantor:<id>` or `system:<job>`: for the history and the audit. */
  actorRef: string;
  actorId?: string;
  /** The version the actor read: a stale one is refused with 409 AGREEMENT_CHANGED. */
  expectedVersion?: number;
  /** Guarantors who still have to sign (the machine refuses PENDING_DISBURSEMENT before). */
  guarantorSignaturesPending?: number;
  /** Whether the direct-debit mandate is active (the machine refuses signing when false). */
  mandateActive?: boolean;
  reason?: string;
  ip?: string;
  /** Columns written in the same statement as the status. */
  set?: Partial<
    Pick<AgreementRow, 'acceptedAt' | 'acceptedOn' | 'signedAt' | 'cancelledAt' | 'cancelReason'>
  >;
  /** What the audit row records besides from/to. */
  detail?: Record<string, unknown>;
}

/** What a listener learns of a status change, inside the transaction that made it. */
export interface AgreementStatusEvent {
  agreement: AgreementRow;
  from: AgreementStatus;
  to: AgreementStatus;
  actorRef: string;
}

/**
 * Runs inside the transaction of the change, after its history and audit rows: what it writes (or
 * a further status change it makes through the same transaction) commits with it, and what it
 * throws undoes it.
 */
export type AgreementStatusListener = (
  tx: OrmTransaction,
  event: AgreementStatusEvent,
) => Promise<void>;

const TENANT_PREFIX: Record<TenantId, string> = { arkcash: 'AC', redcash: 'RC' };

export function createAgreementStore(db: Orm) {
  const listeners: AgreementStatusListener[] = [];

  async function rowIn(executor: OrmExecutor, agreementId: string, forUpdate = false) {
    const query = executor.select().from(t.agreements).where(eq(t.agreements.id, agreementId));
    const [row] = forUpdate ? await query.for('update') : await query;
    if (!row) throw new HttpError(404, AGREEMENT_NOT_FOUND, 'AGREEMENT_NOT_FOUND');
    return row;
  }

  return {
    /** Another module's reaction to a status change (e.g. the mandate moving a reviewed
     *  agreement on to signing), in the same transaction. */
    onStatusChanged(listener: AgreementStatusListener): void {
      listeners.push(listener);
    },

    /** Creates the agreement in LOANAPPLICATIONAPPROVED with the next agreement number. */
    async create(
      tx: OrmTransaction,
      values: NewAgreement,
      actorRef: string,
      at: Date,
    ): Promise<AgreementRow> {
      const result = await tx.execute<{ n: string }>(
        sql`select nextval('agreement_no_seq')::text as n`,
      );
      const [seq] = (result as unknown as { rows: { n: string }[] }).rows;
      const agreementNo = `AGR-${TENANT_PREFIX[values.tenant as TenantId]}-${at.getUTCFullYear()}-${String(seq!.n).padStart(6, '0')}`;
      const [row] = await tx
        .insert(t.agreements)
        .values({
          ...values,
          agreementNo,
          status: 'LOANAPPLICATIONAPPROVED',
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      await tx.insert(t.agreementStatusHistory).values({
        agreementId: row!.id,
        toStatus: 'LOANAPPLICATIONAPPROVED',
        actor: actorRef,
        at,
      });
      await writeAudit(tx, {
        action: 'agreement.created',
        actor: actorRef,
        subject: `user:${values.userId}`,
        entity: `agreement:${row!.id}`,
        to: 'LOANAPPLICATIONAPPROVED',
        at,
        detail: {
          applicationId: values.applicationId,
          agreementNo,
          pdpNoticeTemplateId: values.pdpNoticeTemplateId ?? null,
          loanTermsTemplateId: values.loanTermsTemplateId ?? null,
        },
      });
      return row!;
    },

    agreement(agreementId: string, executor: OrmExecutor = db): Promise<AgreementRow> {
      return rowIn(executor, agreementId);
    },

    /** The row, locked until the transaction ends: every change of an agreement starts here. */
    lock(tx: OrmTransaction, agreementId: string): Promise<AgreementRow> {
      return rowIn(tx, agreementId, true);
    },

    async ofApplication(
      applicationId: string,
      executor: OrmExecutor = db,
    ): Promise<AgreementRow | undefined> {
      const [row] = await executor
        .select()
        .from(t.agreements)
        .where(eq(t.agreements.applicationId, applicationId));
      return row;
    },

    /** The user's newest agreement, whatever its status. */
    async latestOfUser(
      userId: string,
      executor: OrmExecutor = db,
    ): Promise<AgreementRow | undefined> {
      const [row] = await executor
        .select()
        .from(t.agreements)
        .where(eq(t.agreements.userId, userId))
        .orderBy(desc(t.agreements.createdAt))
        .limit(1);
      return row;
    },

    async history(agreementId: string, executor: OrmExecutor = db) {
      return executor
        .select()
        .from(t.agreementStatusHistory)
        .where(eq(t.agreementStatusHistory.agreementId, agreementId))
        .orderBy(t.agreementStatusHistory.at, t.agreementStatusHistory.id);
    },

    /**
     * Moves the agreement through the domain's status machine: locks the row, checks the version
     * and the rule, writes the status, the history row and the audit row in the caller's
     * transaction (or its own).
     */
    changeStatus(
      change: AgreementStatusChange,
      tx?: OrmTransaction,
    ): Promise<{ from: AgreementStatus; to: AgreementStatus; version: number }> {
      const work = async (inner: OrmTransaction) => {
        const row = await rowIn(inner, change.agreementId, true);
        if (change.expectedVersion !== undefined && change.expectedVersion !== row.version) {
          throw new HttpError(409, AGREEMENT_CHANGED, 'AGREEMENT_CHANGED');
        }
        const from = row.status as AgreementStatus;
        const verdict = transition(AGREEMENT_STATUS_MACHINE, from, change.to, {
          actor: change.actor,
          ...(change.actorId ? { actorId: change.actorId } : {}),
          ...(change.guarantorSignaturesPending !== undefined
            ? { guarantorSignaturesPending: change.guarantorSignaturesPending }
            : {}),
          ...(change.mandateActive !== undefined ? { mandateActive: change.mandateActive } : {}),
        });
        if (!verdict.ok) {
          throw new HttpError(
            409,
            sentence('The agreement cannot move from {from} to {to} ({reason})', {
              from,
              to: change.to,
              reason: verdict.reason,
            }),
            'STATUS_CHANGE_REFUSED',
          );
        }
        const now = new Date();
        await inner
          .update(t.agreements)
          .set({ ...change.set, status: change.to, version: row.version + 1, updatedAt: now })
          .where(eq(t.agreements.id, change.agreementId));
        await inner.insert(t.agreementStatusHistory).values({
          agreementId: change.agreementId,
          fromStatus: from,
          toStatus: change.to,
          actor: change.actorRef,
          reason: change.reason ?? null,
          at: now,
        });
        await writeAudit(inner, {
          action: 'agreement.status_changed',
          actor: change.actorRef,
          subject: `user:${row.userId}`,
          entity: `agreement:${change.agreementId}`,
          from,
          to: change.to,
          reason: change.reason ?? null,
          ip: change.ip ?? null,
          at: now,
          ...(change.detail ? { detail: change.detail } : {}),
        });
        const agreement = await rowIn(inner, change.agreementId);
        for (const listener of listeners) {
          await listener(inner, { agreement, from, to: change.to, actorRef: change.actorRef });
        }
        return { from, to: change.to, version: row.version + 1 };
      };
      return tx ? work(tx) : db.transaction(work);
    },
  };
}

export type AgreementStore = ReturnType<typeof createAgreementStore>;
