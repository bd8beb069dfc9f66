import {
  CONTACT_INBOX_MAX_PAGE_SIZE,
  CONTACT_INBOX_PAGE_SIZE,
  CONTACT_INBOX_PATHS,
  type ContactAnswerRequest,
  type ContactAssignRequest,
  type ContactCloseRequest,
  type ContactInboxPage,
  type ContactInboxQuery,
  type ContactInboxStatusFilter,
  type ContactMessageDetail,
  type TenantId,
  TENANTS,
} from '@lending/contracts';
import { CONTACT_MESSAGE_STATUSES } from '@lending/domain';
import { api } from '@lending/platform';

/** Every read of the inbox sits under this key, so a step refreshes the list and the message. */
export const CONTACT_INBOX_KEY = ['staff', 'contact-inbox'] as const;
export const contactInboxKeys = {
  page: (query: string) => [...CONTACT_INBOX_KEY, 'page', query] as const,
  message: (messageId: string) => [...CONTACT_INBOX_KEY, 'message', messageId] as const,
};

export const STATUS_FILTERS: readonly ContactInboxStatusFilter[] = [
  'OPEN',
  ...CONTACT_MESSAGE_STATUSES,
];
/** What the inbox shows when the address names no status: the messages still to be worked. */
export const DEFAULT_STATUS: ContactInboxStatusFilter = 'OPEN';
/** In the address, "every status" (the default is the open ones). */
export const ANY_STATUS = 'ANY';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const whole = (value: string | null, max: number): number | undefined => {
  if (value === null || !/^\d{1,7}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 && number <= max ? number : undefined;
};

/** The inbox's filters as the address bar keeps them, so a view can be shared and reloaded. */
export function queryFromParams(params: URLSearchParams): ContactInboxQuery {
  const status = params.get('status');
  const assignee = params.get('assignee');
  const tenant = params.get('tenant');
  const q = params.get('q')?.trim().slice(0, 100);
  const page = whole(params.get('page'), 1_000_000);
  const pageSize = whole(params.get('pageSize'), CONTACT_INBOX_MAX_PAGE_SIZE);
  return {
    ...(status === ANY_STATUS
      ? {}
      : {
          status: (STATUS_FILTERS as readonly string[]).includes(status ?? '')
            ? (status as ContactInboxStatusFilter)
            : DEFAULT_STATUS,
        }),
    ...(assignee && (assignee === 'me' || assignee === 'none' || UUID.test(assignee))
      ? { assignee }
      : {}),
    ...(tenant && (TENANTS as readonly string[]).includes(tenant)
      ? { tenant: tenant as TenantId }
      : {}),
    ...(q ? { q } : {}),
    ...(page ? { page } : {}),
    ...(pageSize ? { pageSize } : {}),
  };
}

export function queryToParams(query: ContactInboxQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (!query.status) params.set('status', ANY_STATUS);
  else if (query.status !== DEFAULT_STATUS) params.set('status', query.status);
  if (query.assignee) params.set('assignee', query.assignee);
  if (query.tenant) params.set('tenant', query.tenant);
  if (query.q) params.set('q', query.q);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.pageSize && query.pageSize !== CONTACT_INBOX_PAGE_SIZE) {
    params.set('pageSize', String(query.pageSize));
  }
  return params;
}

/** The list's address as last shown, so a message leads back to the same view. */
let listSearch = '';
export const lastInboxSearch = {
  get: () => listSearch,
  set: (search: string) => {
    listSearch = search;
  },
};

/** The contact inbox calls of the back office. */
export const contactApi = {
  async list(query: ContactInboxQuery): Promise<ContactInboxPage> {
    return (await api.admin.get<ContactInboxPage>(CONTACT_INBOX_PATHS.list, { params: query }))
      .data;
  },
  async message(messageId: string): Promise<ContactMessageDetail> {
    return (await api.admin.get<ContactMessageDetail>(CONTACT_INBOX_PATHS.detail(messageId))).data;
  },
  async assign(messageId: string, request: ContactAssignRequest): Promise<ContactMessageDetail> {
    return (
      await api.admin.post<ContactMessageDetail>(CONTACT_INBOX_PATHS.assign(messageId), request)
    ).data;
  },
  async answer(messageId: string, request: ContactAnswerRequest): Promise<ContactMessageDetail> {
    return (
      await api.admin.post<ContactMessageDetail>(CONTACT_INBOX_PATHS.answer(messageId), request)
    ).data;
  },
  async resend(messageId: string, replyId: string): Promise<ContactMessageDetail> {
    return (
      await api.admin.post<ContactMessageDetail>(CONTACT_INBOX_PATHS.resend(messageId, replyId))
    ).data;
  },
  async close(messageId: string, request: ContactCloseRequest): Promise<ContactMessageDetail> {
    return (
      await api.admin.post<ContactMessageDetail>(CONTACT_INBOX_PATHS.close(messageId), request)
    ).data;
  },
};
