// The one way an application's status changes: the status machine of shared/domain decides,
// and the change, its history row and its audit row are written in one transaction.
import { eq } from 'drizzle-orm';
import { APPLICATION_STATUS_MACHINE, transition, type Actor } from '@lending/domain';
import type { ApplicationStatus } from '@lending/contracts';
import type { Orm } from '../../db/database';
import { applicationStatusHistory, applications, auditLog } from '../../db/schema';
import { HttpError } from '../../kernel/errors';

export type OrmTransaction = Parameters<Parameters<Orm['transaction']>[0]>[0];

export interface StatusChange {
  applicationId: string;
  to: ApplicationStatus;
  actor: Actor;
  /** `user:<id>`, `staff:<id>` or `system:<job>`: who, for the history and the audit log. */
  actorRef: string;
  /** The staff member or user acting, for the rules that compare people (four eyes). */
  actorId?: string;
  firstApproverId?: string;
  reason?: string;
  ip?: string | null;
  /** More columns to set in the same update (submittedAt, cancelledAt...). */
  set?: Partial<typeof applications.$inferInsert>;
}

/** Moves an application to `to` inside `tx`, or throws 409 with the machine's reason. */
export async function changeStatusIn(
  tx: OrmTransaction,
  change: StatusChange,
): Promise<{ from: ApplicationStatus; to: ApplicationStatus }> {
  const [row] = await tx
    .select({ status: applications.status })
    .from(applications)
    .where(eq(applications.id, change.applicationId))
    .for('update');
  if (!row) throw new HttpError(404, 'Application Not Found', 'APPLICATION_NOT_FOUND');
  const from = row.status as ApplicationStatus;
  const verdict = transition(APPLICATION_STATUS_MACHINE, from, change.to, {
    actor: change.actor,
    ...(change.actorId ? { actorId: change.actorId } : {}),
    ...(change.firstApproverId ? { firstApproverId: change.firstApproverId } : {}),
  });
  if (!verdict.ok) {
    throw new HttpError(
      409,
      `The application cannot move from ${from} to ${change.to} (${verdict.reason})`,
      'STATUS_CHANGE_REFUSED',
    );
  }
  const now = new Date();
  await tx
    .update(applications)
    .set({ ...change.set, status: change.to, updatedAt: now })
    .where(eq(applications.id, change.applicationId));
  await tx.insert(applicationStatusHistory).values({
    applicationId: change.applicationId,
    fromStatus: from,
    toStatus: change.to,
    actor: change.actorRef,
    reason: change.reason ?? null,
    at: now,
  });
  await tx.insert(auditLog).values({
    action: 'application.status_changed',
    actor: change.actorRef,
    subject: `application:${change.applicationId}`,
    ip: change.ip ?? null,
    at: now,
    detail: { from, to: change.to, ...(change.reason ? { reason: change.reason } : {}) },
  });
  return { from, to: change.to };
}

/** `changeStatusIn` in a transaction of its own. */
export function changeStatus(db: Orm, change: StatusChange) {
  return db.transaction((tx) => changeStatusIn(tx, change));
}
