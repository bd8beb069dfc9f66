import {
  type ApplicationStatus,
  type AssignRequest,
  QUEUE_DRAFT_STATUSES,
  type QueueItem,
  type QueueResponse,
  type TenantId,
} from '@lending/contracts';
import {
  addDays,
  APPLICATION_STATUSES,
  isIsoDate,
  isOpenApplicationStatus,
  malaysiaInstant,
  normalizeNric,
  validatePassport,
} from '@lending/domain';

import type { Sealer } from '../../crypto/sealed';
import type { Principal } from '../../http/access';
import { badRequest, HttpError, type Sentence, sentence } from '../../kernel/errors';
import type { QueueQueryInput } from './schemas';
import type { QueueFilters, QueueRow, QueueSearch, QueueStore } from './store';

type Staff = Extract<Principal, { kind: 'staff' }>;

/** Every status the queue lists when none is asked for: what has been submitted. */
const SUBMITTED_STATUSES = APPLICATION_STATUSES.filter(
  (status) => !QUEUE_DRAFT_STATUSES.includes(status),
);

/** Midnight at the start of a Malaysia calendar date. */
const startOfMalaysiaDay = (date: string) => malaysiaInstant(date);

function day(value: string | undefined, label: Sentence): string | undefined {
  if (value === undefined) return undefined;
  if (!isIsoDate(value)) throw badRequest(sentence('Please enter a valid {label}', { label }));
  return value;
}

const WHOLE_REFERENCE = /^[A-Z]{2}-\d{4}-\d{6}$/;

/**
 * What a search box entry may be: a reference number (whole or part), a company or applicant
 * name, a business registration number (whole or its start) or an identity card number (whole:
 * it is stored sealed, and found through its keyed hash). An entry made only of digits, spaces
 * and dashes is a number, not a name; a name is looked for only in entries with something else.
 */
function searchOf(q: string, sealer: Sealer): QueueSearch {
  const text = q.trim().replace(/\s+/g, ' ');
  const upper = text.toUpperCase();
  if (WHOLE_REFERENCE.test(upper)) return { referenceNo: upper, identityHashes: [] };
  const compact = normalizeNric(text);
  const identityHashes: string[] = [];
  if (/^\d{12}$/.test(compact)) identityHashes.push(sealer.fingerprint(compact));
  const passport = validatePassport(text);
  if (passport.ok && passport.passport !== compact) {
    identityHashes.push(sealer.fingerprint(passport.passport));
  }
  return {
    // A reference holds at most ten digits, in runs of up to six: more is some other number.
    ...(/\d/.test(text) && !/\d{7}/.test(text) && !/^\d{11,}$/.test(compact)
      ? { referenceText: upper }
      : {}),
    ...(/^[\d\s-]+$/.test(text) ? {} : { nameText: text.toLowerCase() }),
    ...(/^\d{4,12}$/.test(compact) ? { digits: compact } : {}),
    identityHashes,
  };
}

function toItem(row: QueueRow, viewer: Staff): QueueItem {
  return {
    id: row.id,
    referenceNo: row.referenceNo,
    tenant: row.tenant as TenantId,
    status: row.status as ApplicationStatus,
    organizationType: row.organizationType,
    companyName: row.companyName,
    applicantName: row.applicantName,
    businessRegistrationNo: row.businessRegistrationNo,
    requestedAmountSen: row.requestedAmountSen,
    tenureMonths: row.tenureMonths,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    assignedOfficer:
      row.assignedOfficerId && row.assignedOfficerName !== null
        ? { id: row.assignedOfficerId, name: row.assignedOfficerName }
        : null,
    assignedAt: row.assignedAt?.toISOString() ?? null,
    assignedToMe: row.assignedOfficerId === viewer.staffId,
  };
}

export function createQueueService(deps: { store: QueueStore; sealer: Sealer }) {
  const { store, sealer } = deps;

  function filtersOf(query: QueueQueryInput, viewer: Staff): QueueFilters {
    const from = day(query.submittedFrom, sentence('start date'));
    const to = day(query.submittedTo, sentence('end date'));
    if (from && to && from > to) throw badRequest('The start date must not be after the end date');
    const { amountMinSen: min, amountMaxSen: max } = query;
    if (min !== undefined && max !== undefined && min > max) {
      throw badRequest('The smallest amount must not be more than the largest');
    }
    return {
      statuses: query.status?.length ? [...new Set(query.status)] : SUBMITTED_STATUSES,
      ...(query.organizationType?.length ? { organizationTypes: query.organizationType } : {}),
      ...(query.tenant ? { tenant: query.tenant } : {}),
      ...(from ? { submittedFrom: startOfMalaysiaDay(from) } : {}),
      ...(to ? { submittedBefore: startOfMalaysiaDay(addDays(to, 1)) } : {}),
      ...(min !== undefined ? { amountMinSen: min } : {}),
      ...(max !== undefined ? { amountMaxSen: max } : {}),
      ...(query.officer === undefined
        ? {}
        : {
            officer:
              query.officer === 'none'
                ? null
                : query.officer === 'me'
                  ? viewer.staffId
                  : query.officer.toLowerCase(),
          }),
      ...(query.q?.trim() ? { search: searchOf(query.q, sealer) } : {}),
    };
  }

  return {
    async list(viewer: Staff, query: QueueQueryInput): Promise<QueueResponse> {
      const filters = filtersOf(query, viewer);
      const [{ rows, counts: found }, officers] = await Promise.all([
        store.page(filters, {
          page: query.page,
          pageSize: query.pageSize,
          sortBy: query.sortBy,
          order: query.order,
        }),
        store.officers(),
      ]);
      const counts = Object.fromEntries(
        APPLICATION_STATUSES.map((status) => [status, 0]),
      ) as QueueResponse['counts'];
      for (const { status, n } of found) counts[status as ApplicationStatus] = Number(n);
      const total = filters.statuses.reduce((sum, status) => sum + counts[status], 0);
      return {
        data: rows.map((row) => toItem(row, viewer)),
        total,
        page: query.page,
        pageSize: query.pageSize,
        counts,
        officers,
      };
    },

    /**
     * A credit officer takes a file, or an admin gives it to a credit officer. The caller names
     * the version they saw: a file that changed since is refused, so two people taking the same
     * file at once cannot both think they hold it. Taking a file someone else holds must be
     * asked for (`reassign`).
     */
    async assign(
      viewer: Staff,
      applicationId: string,
      request: AssignRequest,
      ip: string,
    ): Promise<QueueItem> {
      if (!(await store.item(applicationId))) {
        throw new HttpError(404, 'Application Not Found', 'APPLICATION_NOT_FOUND');
      }
      const officerId = request.officerId?.toLowerCase() ?? viewer.staffId;
      if (officerId !== viewer.staffId && !viewer.roles.includes('ADMIN')) {
        throw new HttpError(403, 'Only an admin may give a file to someone else', 'FORBIDDEN');
      }
      const officer = await store.staffMember(officerId);
      if (!officer || officer.disabledAt || !officer.roles.includes('CREDIT_OFFICER')) {
        throw new HttpError(
          400,
          officerId === viewer.staffId
            ? 'Only a credit officer may take a file; name the officer who takes it'
            : 'A file can only be given to an active credit officer',
          'NOT_A_CREDIT_OFFICER',
        );
      }
      const reassign = request.reassign ?? false;
      await store.assign(
        applicationId,
        (current) => {
          if (
            QUEUE_DRAFT_STATUSES.includes(current.status) ||
            !isOpenApplicationStatus(current.status)
          ) {
            throw new HttpError(
              409,
              'Only a submitted application that is still open can be taken',
              'NOT_ASSIGNABLE',
            );
          }
          if (current.version !== request.version) {
            throw new HttpError(
              409,
              'This application changed since you opened it; reload it and try again',
              'APPLICATION_CHANGED',
            );
          }
          if (current.assignedOfficerId === officerId) return null;
          if (current.assignedOfficerId && !reassign) {
            throw new HttpError(
              409,
              'Another officer holds this file; reassign it to take it over',
              'ALREADY_ASSIGNED',
            );
          }
          return officerId;
        },
        { ref: `staff:${viewer.staffId}`, ip, reassign },
      );
      return toItem((await store.item(applicationId))!, viewer);
    },
  };
}

export type QueueService = ReturnType<typeof createQueueService>;
