import { sql } from 'drizzle-orm';

import type { Orm } from '../db/database';
import { auditLog } from '../db/schema';
import { currentRequestId } from './request-context';
import type { OrmExecutor, OrmTransaction } from './transaction';

/** Every action the audit log records. A new action is added here first, so the log's
 *  vocabulary stays one list that reports and reviews can rely on. */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.login_failed',
  /** Too many failed sign-ins of one account: locked for the rest of the window, owner told. */
  'auth.account_locked',
  'auth.logout',
  'auth.refresh_reuse',
  'auth.register',
  'auth.password_changed',
  'auth.password_reset_requested',
  'auth.password_reset',
  'auth.email_changed',
  'telecom.nric_checked',
  'telecom.password_reset_requested',
  'staff.login',
  'staff.login_failed',
  'staff.account_locked',
  'staff.logout',
  'staff.user_updated',
  'staff.user_auth_updated',
  'staff.created',
  'staff.roles_changed',
  'staff.disabled',
  'staff.enabled',
  'staff.password_link_sent',
  'staff.password_set',
  'staff.second_factor_enrolled',
  'staff.second_factor_failed',
  'staff.recovery_code_used',
  /** A sandbox start seeded a demo team member (DEMO_STAFF), enrolled from the start. */
  'staff.demo_seeded',
  /** A sandbox start gave a demo member the configured password back. */
  'staff.demo_password_reset',
  'staff.sign_in_challenge_reused',
  'staff.refresh_reuse',
  'user.deleted',
  'user.tin_stored',
  'user.tin_rejected',
  'application.created',
  'application.status_changed',
  'application.assigned',
  'ekyc.started',
  'ekyc.biometric_consent',
  'ekyc.completed',
  'ekyc.confirmed',
  'file.uploaded',
  'file.deleted',
  'psychometric.submitted',
  'case_file.note_added',
  'case_file.document_viewed',
  'case_file.ekyc_image_viewed',
  'interview.outcome_recorded',
  'settings.updated',
  'agreement.created',
  'agreement.status_changed',
  'signing.code_sent',
  'signing.document_opened',
  'signing.borrower_signed',
  'signing.guarantor_invited',
  'signing.guarantor_verified',
  'signing.guarantor_signed',
  'agreement.document_frozen',
  'agreement.document_signed',
  'agreement.guarantee_frozen',
  'agreement.guarantee_signed',
  'agreement.document_completed',
  'agreement.stamped',
  'agreement.certificate_enrolled',
  'offer.terms_changed',
  'mandate.registered',
  'mandate.status_changed',
  'attestation.option_chosen',
  'attestation.video_started',
  'attestation.video_watched',
  'attestation.check_submitted',
  'attestation.video_replaced',
  'attestation.slots_opened',
  'attestation.slot_removed',
  'attestation.booked',
  'attestation.rescheduled',
  'attestation.booking_cancelled',
  'attestation.outcome_recorded',
  'attestation.reminder_sent',
  'master_file.uploaded',
  'master_file.activated',
  'master_file.shipped',
  'disbursement.recorded',
  'disbursement.sent',
  'disbursement.paid',
  'disbursement.rejected',
  'account.opened',
  'schedule.stored',
  'payment.applied',
  'account.closed',
  'account.written_off',
  'waiver.proposed',
  'waiver.approved',
  'waiver.rejected',
  'writeoff.proposed',
  'writeoff.rejected',
  'refund.proposed',
  'refund.approved',
  'refund.rejected',
  'refund_letter.issued',
  'bank_in_slip.submitted',
  'bank_in_slip.first_approved',
  'bank_in_slip.approved',
  'bank_in_slip.rejected',
  'bank_in_slip.file_opened',
  'statement.downloaded',
  'ledger.downloaded',
  'regulator.ideal_exported',
  'regulator.ideal_refused',
  'gateway_payment.started',
  'gateway_payment.status_changed',
  'gateway_payment.refused',
  'gateway_payment.settlement_decided',
  'discharge_letter.issued',
  'collection.stage_changed',
  'collection.reminder_sent',
  'collection.arrears_notice_sent',
  'collection.default_notice_issued',
  'collection.case_assigned',
  'collection.call_logged',
  'collection.message_sent',
  'promise.recorded',
  'promise.kept',
  'promise.broken',
  'termination.proposed',
  'termination.approved',
  'termination.rejected',
  'account.terminated',
  'jompay.imported',
  'direct_debit.planned',
  'direct_debit.status_changed',
  'job.completed',
  'job.failed',
  /** A sandbox's business date moved forward by an admin. */
  'business_date.moved',
  /** Close of business brought the books up to a business day, or a job of it failed. */
  'business_day.closed',
  'business_day.failed',
  'audit.exported',
  'contact.received',
  'contact.viewed',
  'contact.assigned',
  'contact.answered',
  'contact.reply_sent',
  'contact.closed',
  'evidence.pack_downloaded',
  'personal_data.exported',
  'retention.documents_removed',
  /** A month of the general ledger closed: nothing posts into it after. */
  'ledger.period_closed',
  'ledger.exported',
  /** The gateway's settlement report reconciled with the payments booked; a line's resolution
   *  proposed by one finance member and confirmed by another. */
  'reconciliation.run',
  'reconciliation.line_proposed',
  'reconciliation.line_resolved',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  action: AuditAction;
  /** Who did it: `user:<id>`, `staff:<id>`, `system:<job>` or null for someone not signed in. */
  actor: string | null;
  /** Whom it concerns, in the same form (or the entity, for rows that predate `entity`). */
  subject: string | null;
  /** What changed: `application:<id>`, `file:<id>`, `ekyc-session:<id>`... */
  entity?: string | null;
  /** The status the entity left and the one it reached, for a state change. */
  from?: string | null;
  to?: string | null;
  /** Why, as the actor gave it. */
  reason?: string | null;
  ip?: string | null;
  /** The request the change came in on, to find its log lines; the current request's when not
   *  given. */
  requestId?: string | null;
  /** When; the database's now() when not given. */
  at?: Date;
  detail?: Record<string, unknown>;
}

function row(entry: AuditEntry): typeof auditLog.$inferInsert {
  return {
    action: entry.action,
    actor: entry.actor,
    subject: entry.subject,
    entity: entry.entity ?? null,
    fromStatus: entry.from ?? null,
    toStatus: entry.to ?? null,
    reason: entry.reason ?? null,
    ip: entry.ip ?? null,
    requestId: entry.requestId ?? currentRequestId(),
    ...(entry.at ? { at: entry.at } : {}),
    detail: entry.detail ?? {},
  };
}

/** Writes one audit row through `db`: pass the transaction handle to commit it with the change
 *  it records. */
export async function writeAudit(db: OrmExecutor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(row(entry));
}

/**
 * The audit writer services are given. On its own it uses one statement prepared once (sign-in
 * writes a row on every attempt); given a transaction it writes inside it.
 */
export function createAudit(db: Orm) {
  const insert = db
    .insert(auditLog)
    .values({
      action: sql.placeholder('action'),
      actor: sql.placeholder('actor'),
      subject: sql.placeholder('subject'),
      entity: sql.placeholder('entity'),
      fromStatus: sql.placeholder('fromStatus'),
      toStatus: sql.placeholder('toStatus'),
      reason: sql.placeholder('reason'),
      ip: sql.placeholder('ip'),
      requestId: sql.placeholder('requestId'),
      at: sql`coalesce(${sql.placeholder('at')}::timestamptz, now())`,
      detail: sql.placeholder('detail'),
    })
    .prepare('audit_insert');
  return async function audit(entry: AuditEntry, tx?: OrmTransaction): Promise<void> {
    if (tx) return writeAudit(tx, entry);
    const values = row(entry);
    await insert.execute({
      ...values,
      at: entry.at?.toISOString() ?? null,
      detail: JSON.stringify(values.detail),
    });
  };
}

export type Audit = ReturnType<typeof createAudit>;
