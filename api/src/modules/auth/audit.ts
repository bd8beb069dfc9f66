import { sql } from 'drizzle-orm';
import type { Orm } from '../../db/database';
import { auditLog } from '../../db/schema';

export type AuditAction =
  | 'auth.login'
  | 'auth.login_failed'
  | 'auth.logout'
  | 'auth.refresh_reuse'
  | 'auth.register'
  | 'auth.password_changed'
  | 'auth.password_reset_requested'
  | 'auth.password_reset'
  | 'auth.email_changed'
  | 'staff.login'
  | 'staff.login_failed'
  | 'staff.logout'
  | 'staff.user_updated'
  | 'staff.user_auth_updated'
  | 'user.deleted';

export interface AuditEntry {
  action: AuditAction;
  /** Who did it: `user:<id>`, `staff:<id>` or null for someone not signed in. */
  actor: string | null;
  /** Whom it concerns, in the same form. */
  subject: string | null;
  ip: string | null;
  detail?: Record<string, unknown>;
}

export function createAudit(db: Orm) {
  const insert = db
    .insert(auditLog)
    .values({
      action: sql.placeholder('action'),
      actor: sql.placeholder('actor'),
      subject: sql.placeholder('subject'),
      ip: sql.placeholder('ip'),
      detail: sql.placeholder('detail'),
    })
    .prepare('audit_insert');
  return async function audit(entry: AuditEntry): Promise<void> {
    await insert.execute({
      action: entry.action,
      actor: entry.actor,
      subject: entry.subject,
      ip: entry.ip,
      detail: JSON.stringify(entry.detail ?? {}),
    });
  };
}

export type Audit = ReturnType<typeof createAudit>;
