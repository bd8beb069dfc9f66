import {
  type AssignRequest,
  QUEUE_PAGE_SIZE,
  QUEUE_PATHS,
  QUEUE_SORT_FIELDS,
  type QueueItem,
  type QueueQuery,
  type QueueResponse,
  type QueueSortField,
} from '@lending/contracts';
import { APPLICATION_STATUSES, type ApplicationStatus } from '@lending/domain';
import { api } from '@lending/platform';

const ORGANIZATION_TYPES = ['SOLE_PROP', 'PARTNERSHIP', 'COMPANY'] as const;
const TENANT_IDS = ['arkcash', 'redcash'] as const;

/** The queue's filters as the address bar keeps them, so a view can be shared, reloaded and
 *  gone back to. Each value repeats its parameter (`status=PENDING&status=KIV`), as the API
 *  reads it. */
export function queryToParams(query: QueueQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, String(one));
  }
  return params;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

const whole = (value: string | null, min: number, max: number): number | undefined => {
  if (value === null || !/^\d{1,10}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
};

const day = (value: string | null) =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;

/** What the address bar asks for, keeping only what the API would take. */
export function queryFromParams(params: URLSearchParams): QueueQuery {
  const statuses = params
    .getAll('status')
    .filter((s): s is ApplicationStatus => (APPLICATION_STATUSES as readonly string[]).includes(s));
  const types = params
    .getAll('organizationType')
    .filter((s): s is (typeof ORGANIZATION_TYPES)[number] =>
      (ORGANIZATION_TYPES as readonly string[]).includes(s),
    );
  const officer = params.get('officer');
  const q = params.get('q')?.trim();
  const query: QueueQuery = {
    page: whole(params.get('page'), 1, 1_000_000),
    pageSize: whole(params.get('pageSize'), 1, 100),
    sortBy: oneOf<QueueSortField>(QUEUE_SORT_FIELDS, params.get('sortBy')),
    order: oneOf(['asc', 'desc'] as const, params.get('order')),
    status: statuses.length ? statuses : undefined,
    organizationType: types.length ? types : undefined,
    tenant: oneOf(TENANT_IDS, params.get('tenant')),
    submittedFrom: day(params.get('submittedFrom')),
    submittedTo: day(params.get('submittedTo')),
    amountMinSen: whole(params.get('amountMinSen'), 0, 2_000_000_000),
    amountMaxSen: whole(params.get('amountMaxSen'), 0, 2_000_000_000),
    officer:
      officer &&
      /^(me|none|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.test(officer)
        ? officer
        : undefined,
    q: q ? q.slice(0, 100) : undefined,
  };
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined),
  ) as QueueQuery;
}

export const DEFAULT_PAGE_SIZE = QUEUE_PAGE_SIZE;

/** The queue's calls to the API. */
export const queueApi = {
  async list(query: QueueQuery): Promise<QueueResponse> {
    const params = queryToParams(query);
    const suffix = params.size ? `?${params.toString()}` : '';
    return (await api.admin.get<QueueResponse>(`${QUEUE_PATHS.list}${suffix}`)).data;
  },
  async assign(applicationId: string, request: AssignRequest): Promise<QueueItem> {
    return (await api.admin.post<QueueItem>(QUEUE_PATHS.assign(applicationId), request)).data;
  },
};
