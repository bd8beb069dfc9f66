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
  ilike,
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
  /** Matched anywhere in the reference number and the company and applicant names. */
  text: string;
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
      return sql`lower(${o.companyName})`;
  }
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
  const search = filters.search;
  if (search) {
    const pattern = `%${likeText(search.text)}%`;
    const any: SQL[] = [
      ilike(a.referenceNo, pattern),
      ilike(o.companyName, pattern),
      ilike(o.applicantName, pattern),
    ];
    if (search.digits) any.push(like(o.newBusinessRegistrationNo, `${search.digits}%`));
    if (search.identityHashes.length) {
      any.push(inArray(o.applicantIdentityCardHash, search.identityHashes));
    }
    where.push(or(...any)!);
  }
  return where;
}

export function createQueueStore(db: Orm) {
  return {
    /** One page of the queue and the number of files per status under the same filters. */
    async page(filters: QueueFilters, request: QueuePageRequest) {
      const others = conditionsOf(filters);
      const key = sortKey(request.sortBy);
      const direction = request.order === 'asc' ? sql`asc` : sql`desc`;
      const [rows, counts] = await Promise.all([
        db
          .select(ITEM_COLUMNS)
          .from(a)
          .innerJoin(o, eq(o.id, a.organizationId))
          .leftJoin(s, eq(s.id, a.assignedOfficerId))
          .where(and(inArray(a.status, [...filters.statuses]), ...others))
          .orderBy(
            sql`${key} ${direction} nulls last`,
            request.order === 'asc' ? asc(a.referenceNo) : desc(a.referenceNo),
          )
          .limit(request.pageSize)
          .offset((request.page - 1) * request.pageSize),
        db
          .select({ status: a.status, n: count() })
          .from(a)
          .innerJoin(o, eq(o.id, a.organizationId))
          .where(and(...others))
          .groupBy(a.status),
      ]);
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
