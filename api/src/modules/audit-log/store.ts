// The audit viewer's one way into the database: a read of the audit log with the name of the
// staff member who acted, and the staff list for the actor filter.
import { and, asc, count, desc, eq, gte, isNull, like, lt, or, type SQL, sql } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';

/** What a filter narrows to, already in the log's own terms. */
export interface AuditFilters {
  /** A whole actor reference (`staff:<id>`), or a kind: its prefix, or null for nobody. */
  actor?: { ref: string } | { prefix: string } | { none: true };
  /** Whole entity reference (`application:<id>`). */
  entity?: string;
  /** Entity kind: references starting `<type>:`. */
  entityType?: string;
  /** An id of any kind of entity: references ending `:<id>`. */
  entityId?: string;
  action?: { exact: string } | { prefix: string };
  /** At or after. */
  from?: Date;
  /** Before. */
  before?: Date;
}

const log = t.auditLog;
const staff = t.staffUsers;

const likeText = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** An entity column, or the subject of rows written before the entity column existed. */
const entityOrSubject = (condition: (column: typeof log.entity | typeof log.subject) => SQL) =>
  or(condition(log.entity), and(isNull(log.entity), condition(log.subject)))!;

function conditionsOf(filters: AuditFilters): SQL | undefined {
  const where: SQL[] = [];
  const { actor, action } = filters;
  if (actor && 'ref' in actor) where.push(eq(log.actor, actor.ref));
  else if (actor && 'prefix' in actor) where.push(like(log.actor, `${likeText(actor.prefix)}%`));
  else if (actor) where.push(isNull(log.actor));
  if (filters.entity) {
    const entity = filters.entity;
    where.push(entityOrSubject((column) => eq(column, entity)));
  } else if (filters.entityType) {
    const prefix = `${likeText(filters.entityType)}:%`;
    where.push(entityOrSubject((column) => like(column, prefix)));
  } else if (filters.entityId) {
    const suffix = `%:${likeText(filters.entityId)}`;
    where.push(entityOrSubject((column) => like(column, suffix)));
  }
  if (action && 'exact' in action) where.push(eq(log.action, action.exact));
  else if (action) where.push(like(log.action, `${likeText(action.prefix)}%`));
  if (filters.from) where.push(gte(log.at, filters.from));
  if (filters.before) where.push(lt(log.at, filters.before));
  return where.length ? and(...where) : undefined;
}

const ROW_COLUMNS = {
  id: log.id,
  at: log.at,
  actor: log.actor,
  actorName: staff.name,
  action: log.action,
  subject: log.subject,
  entity: log.entity,
  fromStatus: log.fromStatus,
  toStatus: log.toStatus,
  reason: log.reason,
  ip: log.ip,
  requestId: log.requestId,
  detail: log.detail,
};

export function createAuditLogStore(db: Orm) {
  const rows = (filters: AuditFilters, order: 'asc' | 'desc') =>
    db
      .select(ROW_COLUMNS)
      .from(log)
      // Staff actors are `staff:<uuid>`; the name is read for them only.
      .leftJoin(
        staff,
        and(like(log.actor, 'staff:%'), eq(sql`${staff.id}::text`, sql`substr(${log.actor}, 7)`)),
      )
      .where(conditionsOf(filters))
      // Rows written in one transaction share a time: the id keeps their order stable.
      .orderBy(...(order === 'asc' ? [asc(log.at), asc(log.id)] : [desc(log.at), desc(log.id)]));

  return {
    async count(filters: AuditFilters): Promise<number> {
      const [row] = await db.select({ n: count() }).from(log).where(conditionsOf(filters));
      return Number(row?.n ?? 0);
    },

    async page(
      filters: AuditFilters,
      page: { page: number; pageSize: number; order: 'asc' | 'desc' },
    ) {
      return rows(filters, page.order)
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize);
    },

    /** Every row the filters find, up to `limit` (the caller has counted them). */
    async all(filters: AuditFilters, order: 'asc' | 'desc', limit: number) {
      return rows(filters, order).limit(limit);
    },

    async staff(): Promise<{ id: string; name: string }[]> {
      return db.select({ id: staff.id, name: staff.name }).from(staff).orderBy(asc(staff.name));
    },
  };
}

export type AuditLogStore = ReturnType<typeof createAuditLogStore>;
export type AuditLogRow = Awaited<ReturnType<AuditLogStore['page']>>[number];
