// The queue's one way into the database: a read of applications with their organizations and
// the officer holding each, and the assignment of a file to an officer (with its audit row).
import type {
  ApplicationStatus,
  OrganizationType,
  QueueSortField,
  TenantId,
} from '@lending/contracts';
import { APPLICATION_STATUSES } from '@lending/domain';
import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  like,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import { writeAudit } from '../../kernel/audit';
import { HttpError } from '../../kernel/errors';

export interface QueueFilters {
  statuses: readonly ApplicationStatus[];
  organizationTypes?: readonly OrganizationType[];
  tenant?: TenantId;
  /** Submitted at or after. */
  submittedFrom?: Date;
  /** Submitted before. */
  submittedBefore?: Date;
  amountMinSen?: number;
  amountMaxSen?: number;
  /** A staff id, or null for files nobody holds. */
  officer?: string | null;
  search?: QueueSearch;
}

export interface QueueSearch {
  /** A whole reference number: only that file. */
  referenceNo?: string;
  /** Matched anywhere in the reference number (upper case). */
  referenceText?: string;
  /** Matched anywhere in the company and applicant names (lower case). */
  nameText?: string;
  /** Matched at the start of the business registration number. */
  digits?: string;
  /** Keyed hashes of the identity card numbers the text may be. */
  identityHashes: string[];
}

export interface QueuePageRequest {
  page: number;
  pageSize: number;
  sortBy: QueueSortField;
  order: 'asc' | 'desc';
}

export interface AssignmentFacts {
  id: string;
  status: ApplicationStatus;
  version: number;
  assignedOfficerId: string | null;
}

const a = t.applications;
const o = t.organizations;
const s = t.staffUsers;

/** In the order a file moves through, so sorting by status reads like the workflow. */
const STATUS_ORDER = sql.raw(`array[${APPLICATION_STATUSES.map((x) => `'${x}'`).join(',')}]`);

/** What a row of the queue shows. */
const ITEM_COLUMNS = {
  id: a.id,
  referenceNo: a.referenceNo,
  tenant: a.tenant,
  status: a.status,
  organizationType: o.organizationType,
  companyName: o.companyName,
  applicantName: o.applicantName,
  businessRegistrationNo: o.newBusinessRegistrationNo,
  requestedAmountSen: a.requestedAmountSen,
  tenureMonths: a.tenureMonths,
  submittedAt: a.submittedAt,
  updatedAt: a.updatedAt,
  version: a.version,
  assignedOfficerId: a.assignedOfficerId,
  assignedOfficerName: s.name,
  assignedAt: a.assignedAt,
};

/** Sorts an index of migration 0520 serves, in both directions. */
const INDEXED_SORTS: readonly QueueSortField[] = ['submittedAt', 'requestedAmount', 'referenceNo'];

/** Above this many files found, the page is read by matching again rather than by id. */
const MAX_IDS_PER_PAGE_READ = 2000;

const likeText = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function sortKey(field: QueueSortField): SQL {
  switch (field) {
    case 'submittedAt':
      return sql`${a.submittedAt}`;
    case 'requestedAmount':
      return sql`${a.requestedAmountSen}`;
    case 'referenceNo':
      return sql`${a.referenceNo}`;
    case 'status':
      return sql`array_position(${STATUS_ORDER}::text[], ${a.status})`;
    case 'companyName':
      // Lower-cased already, and the applicant's name after it.
      return sql`${o.nameSearch}`;
  }
}

/**
 * What a search box entry is matched against. Names through their lower-cased column with LIKE:
 * every row is looked at, and ILIKE over the two names cost four times as much on the embedded
 * database.
 */
function searchCondition(search: QueueSearch): SQL {
  if (search.referenceNo) return eq(a.referenceNo, search.referenceNo);
  const any: SQL[] = [];
  if (search.referenceText) {
    any.push(like(a.referenceNo, `%${likeText(search.referenceText)}%`));
  }
  if (search.nameText) {
    any.push(like(o.nameSearch, `%${likeText(search.nameText)}%`));
  }
  if (search.digits) any.push(like(o.newBusinessRegistrationNo, `${search.digits}%`));
  if (search.identityHashes.length) {
    any.push(inArray(o.applicantIdentityCardHash, search.identityHashes));
  }
  return any.length ? or(...any)! : sql`false`;
}

/** Every condition but the status one, so the counts per status can use them as they are. */
function conditionsOf(filters: QueueFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.organizationTypes?.length) {
    where.push(inArray(o.organizationType, [...filters.organizationTypes]));
  }
  if (filters.tenant) where.push(eq(a.tenant, filters.tenant));
  if (filters.submittedFrom) where.push(gte(a.submittedAt, filters.submittedFrom));
  if (filters.submittedBefore) where.push(lt(a.submittedAt, filters.submittedBefore));
  if (filters.amountMinSen !== undefined) {
    where.push(gte(a.requestedAmountSen, filters.amountMinSen));
  }
  if (filters.amountMaxSen !== undefined) {
    where.push(lte(a.requestedAmountSen, filters.amountMaxSen));
  }
  if (filters.officer === null) where.push(isNull(a.assignedOfficerId));
  else if (filters.officer) where.push(eq(a.assignedOfficerId, filters.officer));
  if (filters.search) where.push(searchCondition(filters.search));
  return where;
}

export function createQueueStore(db: Orm) {
  return {
    /** One page of the queue and the number of files per status under the same filters. */
    async page(filters: QueueFilters, request: QueuePageRequest) {
      const others = conditionsOf(filters);
      const key = sortKey(request.sortBy);
      // Files without the value (drafts: no submission date) count as the smallest, so one
      // index serves both directions.
      const direction = request.order === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
      const ordering = [
        sql`${key} ${direction}`,
        request.order === 'asc' ? asc(a.referenceNo) : desc(a.referenceNo),
      ];
      const rowsOf = (where: SQL | undefined) =>
        db
          .select(ITEM_COLUMNS)
          .from(a)
          .innerJoin(o, eq(o.id, a.organizationId))
          .leftJoin(s, eq(s.id, a.assignedOfficerId))
          .where(where)
          .orderBy(...ordering);
      // A sort no index serves sorts every row found: only their ids are carried through the
      // sort, and the page's rows are read whole afterwards (half the time on the embedded
      // database for a sort by company name).
      const pageOf = (where: SQL | undefined) =>
        INDEXED_SORTS.includes(request.sortBy)
          ? rowsOf(where)
              .limit(request.pageSize)
              .offset((request.page - 1) * request.pageSize)
          : rowsOf(
              inArray(
                a.id,
                db
                  .select({ id: a.id })
                  .from(a)
                  .innerJoin(o, eq(o.id, a.organizationId))
                  .where(where)
                  .orderBy(...ordering)
                  .limit(request.pageSize)
                  .offset((request.page - 1) * request.pageSize),
              ),
            );
      const inStatus = inArray(a.status, [...filters.statuses]);

      if (!filters.search) {
        const [rows, counts] = await Promise.all([
          pageOf(and(inStatus, ...others)),
          db
            .select({ status: a.status, n: count() })
            .from(a)
            .innerJoin(o, eq(o.id, a.organizationId))
            .where(and(...others))
            .groupBy(a.status),
        ]);
        return { rows, counts };
      }
      // A search looks at every row once: the files it finds are counted here and the page is
      // read by their ids, instead of matching every row a second time for the page.
      const found = await db
        .select({ id: a.id, status: a.status })
        .from(a)
        .innerJoin(o, eq(o.id, a.organizationId))
        .where(and(...others));
      const tally = new Map<string, number>();
      for (const row of found) tally.set(row.status, (tally.get(row.status) ?? 0) + 1);
      const counts = [...tally].map(([status, n]) => ({ status, n }));
      const wanted = found
        .filter((row) => filters.statuses.includes(row.status as ApplicationStatus))
        .map((row) => row.id);
      if (wanted.length === 0) return { rows: [], counts };
      const rows = await pageOf(
        wanted.length <= MAX_IDS_PER_PAGE_READ
          ? // One array literal as one parameter: both drivers take it the same way.
            sql`${a.id} = any(${`{${wanted.join(',')}}`}::uuid[])`
          : and(inStatus, ...others),
      );
      return { rows, counts };
    },

    /** Staff who may hold a file: credit officers whose account is not disabled. */
    async officers(): Promise<{ id: string; name: string }[]> {
      return db
        .select({ id: s.id, name: s.name })
        .from(s)
        .where(and(arrayContains(s.roles, ['CREDIT_OFFICER']), isNull(s.disabledAt)))
        .orderBy(asc(s.name));
    },

    async staffMember(id: string) {
      const [row] = await db
        .select({ id: s.id, name: s.name, roles: s.roles, disabledAt: s.disabledAt })
        .from(s)
        .where(eq(s.id, id));
      return row;
    },

    /**
     * Gives the file to an officer in one transaction: the application is locked and read,
     * `decide` checks it (throwing to refuse) and names the officer, or null when nothing is to
     * change; the assignment bumps the version and writes its audit row.
     */
    async assign(
      applicationId: string,
      decide: (current: AssignmentFacts) => string | null,
      actor: { ref: string; ip: string | null; reassign: boolean },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({
            id: a.id,
            status: a.status,
            version: a.version,
            assignedOfficerId: a.assignedOfficerId,
          })
          .from(a)
          .where(eq(a.id, applicationId))
          .for('update');
        if (!row) throw new HttpError(404, 'Application Not Found', 'APPLICATION_NOT_FOUND');
        const officerId = decide({ ...row, status: row.status as ApplicationStatus });
        if (officerId === null) return;
        const now = new Date();
        await tx
          .update(a)
          .set({
            assignedOfficerId: officerId,
            assignedAt: now,
            version: sql`${a.version} + 1`,
            updatedAt: now,
          })
          .where(eq(a.id, applicationId));
        await writeAudit(tx, {
          action: 'application.assigned',
          actor: actor.ref,
          subject: `application:${applicationId}`,
          entity: `application:${applicationId}`,
          ip: actor.ip,
          at: now,
          detail: {
            officer: `staff:${officerId}`,
            previousOfficer: row.assignedOfficerId ? `staff:${row.assignedOfficerId}` : null,
            reassign: actor.reassign,
          },
        });
      });
    },

    /** One row of the queue, as the list shows it. */
    async item(applicationId: string) {
      const [row] = await db
        .select(ITEM_COLUMNS)
        .from(a)
        .innerJoin(o, eq(o.id, a.organizationId))
        .leftJoin(s, eq(s.id, a.assignedOfficerId))
        .where(eq(a.id, applicationId));
      return row;
    },
  };
}

export type QueueStore = ReturnType<typeof createQueueStore>;
export type QueueRow = NonNullable<Awaited<ReturnType<QueueStore['item']>>>;
