/**
 * The audit viewer (`/admin/audit`): the audit log read back, newest first, paged and filtered on
 * the server, and the same rows as a CSV file. Rows may hold personal data (names, reasons,
 * addresses in `detail`), so only the roles below read them. Dates in filters are Malaysia
 * calendar dates `YYYY-MM-DD`, both ends included.
 */
import type { StaffRole } from '@lending/domain';

import type { Page } from './master';

export const AUDIT_PATHS = {
  list: '/api/admin/audit',
  export: '/api/admin/audit/export.csv',
} as const;

/** Who may read the audit log. The spec names no compliance or auditor role: only admins. */
export const AUDIT_VIEWER_ROLES: readonly StaffRole[] = ['ADMIN'];

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 200;
/** The most rows one export holds; more is refused (`AUDIT_EXPORT_TOO_LARGE`), not cut short, so
 *  a file never looks complete when it is not. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

/** Kinds of actor: an applicant (`user:`), staff, a job (`system:`), or nobody signed in. */
export const AUDIT_ACTOR_KINDS = ['user', 'staff', 'system', 'none'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

export interface AuditQuery {
  /** From 1; default 1. */
  page?: number;
  /** 1 to 200; default 50. */
  pageSize?: number;
  /** Default `desc` (newest first). */
  order?: 'asc' | 'desc';
  /** A kind (`staff`, `user`, `system`, `none`), a whole reference (`staff:<id>`,
   *  `user:<id>`, `system:<job>`) or a bare staff id. */
  actor?: string;
  /** The kind of entity (`application`, `file`, `agreement`...). */
  entityType?: string;
  /** The entity's id; with `entityType` only that entity, alone any entity with that id. Rows
   *  that predate the entity column are matched on their subject. */
  entityId?: string;
  /** An action (`disbursement.sent`), or a prefix when it ends with `.` or `*`
   *  (`disbursement.`). */
  action?: string;
  from?: string;
  to?: string;
}

export interface AuditActor {
  /** As recorded: `staff:<id>`, `user:<id>`, `system:<job>`, or null. */
  ref: string | null;
  kind: AuditActorKind;
  /** The staff member's name, for staff actors whose account exists. */
  name: string | null;
}

export interface AuditRow {
  id: number;
  at: string;
  actor: AuditActor;
  action: string;
  subject: string | null;
  entity: string | null;
  fromStatus: string | null;
  toStatus: string | null;
  reason: string | null;
  ip: string | null;
  requestId: string | null;
  detail: Record<string, unknown>;
}

export interface AuditStaffOption {
  id: string;
  name: string;
}

export interface AuditPage extends Page<AuditRow> {
  /** Staff accounts, for the actor filter. */
  staff: AuditStaffOption[];
  /** Every action the log records, for the action filter. */
  actions: string[];
}
