import {
  AUDIT_EXPORT_MAX_ROWS,
  type AuditActorKind,
  type AuditPage,
  type AuditRow,
} from '@lending/contracts';
import { addDays, isIsoDate, malaysiaInstant, malaysiaWallTime } from '@lending/domain';

import type { Principal } from '../../http/access';
import { type Audit, AUDIT_ACTIONS } from '../../kernel/audit';
import type { Clock } from '../../kernel/clock';
import { badRequest, HttpError, type Sentence, sentence } from '../../kernel/errors';
import { csvRecord, UTF8_BOM } from './csv';
import type { AuditExportQueryInput, AuditQueryInput } from './schemas';
import type { AuditFilters, AuditLogRow, AuditLogStore } from './store';

type Staff = Extract<Principal, { kind: 'staff' }>;

/** Midnight at the start of a Malaysia calendar date. */
const startOfMalaysiaDay = (date: string) => malaysiaInstant(date);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function day(value: string | undefined, label: Sentence): string | undefined {
  if (value === undefined) return undefined;
  if (!isIsoDate(value)) throw badRequest(sentence('Please enter a valid {label}', { label }));
  return value;
}

function actorFilter(actor: string): AuditFilters['actor'] {
  if (actor === 'none') return { none: true };
  if (actor === 'user' || actor === 'staff' || actor === 'system') return { prefix: `${actor}:` };
  // Ids are written lower-case; a pasted upper-case one finds the same person.
  if (UUID.test(actor)) return { ref: `staff:${actor.toLowerCase()}` };
  const [kind, ...rest] = actor.split(':');
  const id = rest.join(':');
  return { ref: `${kind}:${UUID.test(id) ? id.toLowerCase() : id}` };
}

export function filtersOf(query: AuditExportQueryInput): AuditFilters {
  const from = day(query.from, sentence('start date'));
  const to = day(query.to, sentence('end date'));
  if (from && to && from > to) throw badRequest('The start date must not be after the end date');
  const action = query.action;
  const entityId =
    query.entityId && UUID.test(query.entityId) ? query.entityId.toLowerCase() : query.entityId;
  return {
    ...(query.actor ? { actor: actorFilter(query.actor) } : {}),
    ...(query.entityType && entityId
      ? { entity: `${query.entityType}:${entityId}` }
      : query.entityType
        ? { entityType: query.entityType }
        : entityId
          ? { entityId }
          : {}),
    ...(action
      ? {
          action:
            action.endsWith('*') || action.endsWith('.')
              ? { prefix: action.replace(/\*$/, '') }
              : { exact: action },
        }
      : {}),
    ...(from ? { from: startOfMalaysiaDay(from) } : {}),
    ...(to ? { before: startOfMalaysiaDay(addDays(to, 1)) } : {}),
  };
}

function kindOf(ref: string | null): AuditActorKind {
  if (ref?.startsWith('staff:')) return 'staff';
  if (ref?.startsWith('user:')) return 'user';
  if (ref?.startsWith('system:')) return 'system';
  return 'none';
}

function toRow(row: AuditLogRow): AuditRow {
  return {
    id: Number(row.id),
    at: row.at.toISOString(),
    actor: { ref: row.actor, kind: kindOf(row.actor), name: row.actorName },
    action: row.action,
    subject: row.subject,
    entity: row.entity,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    reason: row.reason,
    ip: row.ip,
    requestId: row.requestId,
    detail: row.detail ?? {},
  };
}

/** `2026-11-24 22:05:09`: the Malaysia wall-clock time, as a spreadsheet reads a date-time. */
function malaysiaTime(at: Date): string {
  return malaysiaWallTime(at).slice(0, 19).replace('T', ' ');
}

export const AUDIT_CSV_COLUMNS = [
  'id',
  'time_malaysia',
  'time_utc',
  'actor',
  'actor_name',
  'action',
  'subject',
  'entity',
  'from_status',
  'to_status',
  'reason',
  'ip',
  'request_id',
  'detail',
] as const;

export interface AuditExport {
  fileName: string;
  rows: number;
  body: string;
}

export function createAuditLogService(deps: { store: AuditLogStore; audit: Audit; clock: Clock }) {
  const { store, audit, clock } = deps;

  return {
    async list(query: AuditQueryInput): Promise<AuditPage> {
      const filters = filtersOf(query);
      const [rows, total, staff] = await Promise.all([
        store.page(filters, { page: query.page, pageSize: query.pageSize, order: query.order }),
        store.count(filters),
        store.staff(),
      ]);
      return {
        data: rows.map(toRow),
        total,
        page: query.page,
        pageSize: query.pageSize,
        staff,
        actions: [...AUDIT_ACTIONS],
      };
    },

    /**
     * The rows the filters find, as one CSV file. More than one file may hold is refused with
     * the number found, so the person narrows the filters instead of receiving a partial log.
     * The export is itself recorded: who took which rows out, under which filters.
     */
    async export(viewer: Staff, query: AuditExportQueryInput, ip: string): Promise<AuditExport> {
      const filters = filtersOf(query);
      const found = await store.count(filters);
      if (found > AUDIT_EXPORT_MAX_ROWS) {
        throw new HttpError(
          422,
          sentence(
            'The export would hold {found} rows; at most {max} can be exported at once. ' +
              'Narrow the filters (dates, action or actor) and try again.',
            { found, max: AUDIT_EXPORT_MAX_ROWS },
          ),
          'AUDIT_EXPORT_TOO_LARGE',
        );
      }
      const rows = await store.all(filters, query.order, AUDIT_EXPORT_MAX_ROWS);
      let body = UTF8_BOM + csvRecord(AUDIT_CSV_COLUMNS);
      for (const row of rows) {
        body += csvRecord([
          Number(row.id),
          malaysiaTime(row.at),
          row.at.toISOString(),
          row.actor,
          row.actorName,
          row.action,
          row.subject,
          row.entity,
          row.fromStatus,
          row.toStatus,
          row.reason,
          row.ip,
          row.requestId,
          JSON.stringify(row.detail ?? {}),
        ]);
      }
      const at = clock.now();
      await audit({
        action: 'audit.exported',
        actor: `staff:${viewer.staffId}`,
        subject: null,
        ip,
        at,
        // The filters and the count, never the rows: the export's own row must not copy the
        // personal data it took out.
        detail: { filters: { ...query }, rows: rows.length },
      });
      const stamp = malaysiaTime(at).replace(/[-: ]/g, '').slice(0, 12);
      return { fileName: `audit-${stamp}.csv`, rows: rows.length, body };
    },
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
