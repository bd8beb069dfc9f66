/**
 * The staff queue of applications (`/admin/applications`): every tenant's applications, since
 * staff accounts belong to the lender, not to one brand. Paged, sorted and filtered on the server.
 * Money is in sen; dates in filters are Malaysia calendar dates `YYYY-MM-DD`, both ends included.
 */
import type { TenantId } from '../brand';
import type { ApplicationStatus, OrganizationType } from './application';
import type { Page } from './master';

export const QUEUE_PATHS = {
  list: '/api/admin/applications',
  assign: (applicationId: string) => `/api/admin/applications/${applicationId}/assign`,
} as const;

export const QUEUE_PAGE_SIZE = 20;
export const QUEUE_MAX_PAGE_SIZE = 100;

export const QUEUE_SORT_FIELDS = [
  'submittedAt',
  'requestedAmount',
  'referenceNo',
  'status',
  'companyName',
] as const;
export type QueueSortField = (typeof QUEUE_SORT_FIELDS)[number];

/** Statuses the queue shows when no status is asked for: everything but unsubmitted drafts. */
export const QUEUE_DRAFT_STATUSES: readonly ApplicationStatus[] = ['DRAFT', 'IMPORTED_DRAFT'];

export interface QueueQuery {
  /** From 1; default 1. */
  page?: number;
  /** 1 to 100; default 20. */
  pageSize?: number;
  /** Default `submittedAt`. */
  sortBy?: QueueSortField;
  /** Default `desc` (newest first). */
  order?: 'asc' | 'desc';
  /** Any of these; every status but the drafts when none is given. */
  status?: ApplicationStatus[];
  organizationType?: OrganizationType[];
  tenant?: TenantId;
  submittedFrom?: string;
  submittedTo?: string;
  amountMinSen?: number;
  amountMaxSen?: number;
  /** A staff id, `me` (the caller) or `none` (nobody has taken it). */
  officer?: string;
  /** Reference number, company or applicant name, business registration number or NRIC /
   *  passport number (exact). */
  q?: string;
}

export interface QueueOfficer {
  id: string;
  name: string;
}

export interface QueueItem {
  id: string;
  referenceNo: string;
  tenant: TenantId;
  status: ApplicationStatus;
  organizationType: OrganizationType;
  companyName: string;
  applicantName: string;
  businessRegistrationNo: string;
  requestedAmountSen: number | null;
  tenureMonths: number | null;
  submittedAt: string | null;
  updatedAt: string;
  /** Name it on every decision: a change made since answers 409 `APPLICATION_CHANGED`. */
  version: number;
  assignedOfficer: QueueOfficer | null;
  assignedAt: string | null;
  /** Whether the caller holds the file. */
  assignedToMe: boolean;
}

export interface QueueResponse extends Page<QueueItem> {
  /** Applications per status under the same filters, the status filter aside (every status,
   *  zero included). */
  counts: Record<ApplicationStatus, number>;
  /** Credit officers who may hold a file, for the officer filter and for assigning. */
  officers: QueueOfficer[];
}

export interface AssignRequest {
  /** The version the caller saw. */
  version: number;
  /** Who takes the file: the caller when absent (credit officers); anyone else (admins). */
  officerId?: string;
  /** Take a file another officer holds. */
  reassign?: boolean;
}
