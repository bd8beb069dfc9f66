import {
  ADMIN_USER_MAX_PAGE_SIZE,
  ADMIN_USER_PAGE_SIZE,
  ADMIN_USER_PATHS,
  type AdminUpdateAuthRequest,
  type AdminUpdateUserRequest,
  type AdminUserDetail,
  type AdminUserPage,
  type AdminUserQuery,
  type UserDetails,
} from '@lending/contracts';
import { api } from '@lending/platform';

/** Every read of the applicants pages sits under this key, so a change refreshes them all. */
export const ADMIN_USERS_KEY = ['staff', 'applicants'] as const;
export const adminUsersKeys = {
  page: (query: string) => [...ADMIN_USERS_KEY, 'page', query] as const,
  detail: (userId: string) => [...ADMIN_USERS_KEY, 'detail', userId] as const,
};

const whole = (value: string | null, max: number): number | undefined => {
  if (value === null || !/^\d{1,7}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 && number <= max ? number : undefined;
};

/** The search as the address bar keeps it, so a result can be shared, reloaded and gone back to. */
export function queryFromParams(params: URLSearchParams): AdminUserQuery {
  const q = params.get('q')?.trim().slice(0, 100);
  const page = whole(params.get('page'), 1_000_000);
  const pageSize = whole(params.get('pageSize'), ADMIN_USER_MAX_PAGE_SIZE);
  return {
    ...(q ? { q } : {}),
    ...(page ? { page } : {}),
    ...(pageSize ? { pageSize } : {}),
  };
}

export function queryToParams(query: AdminUserQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.pageSize && query.pageSize !== ADMIN_USER_PAGE_SIZE) {
    params.set('pageSize', String(query.pageSize));
  }
  return params;
}

/** The list's address as last shown (`?q=...`), so an applicant's page leads back to the same
 *  search whichever way it was opened. */
let listSearch = '';
export const lastListSearch = {
  get: () => listSearch,
  set: (search: string) => {
    listSearch = search;
  },
};

/** The applicants calls of the back office. */
export const usersApi = {
  async search(query: AdminUserQuery): Promise<AdminUserPage> {
    return (await api.admin.get<AdminUserPage>(ADMIN_USER_PATHS.search, { params: query })).data;
  },
  async detail(userId: string): Promise<AdminUserDetail> {
    return (await api.admin.get<AdminUserDetail>(ADMIN_USER_PATHS.detail(userId))).data;
  },
  async updateProfile(userId: string, changes: AdminUpdateUserRequest): Promise<UserDetails> {
    return (await api.admin.patch<UserDetails>(ADMIN_USER_PATHS.update(userId), changes)).data;
  },
  async updateSignIn(userId: string, changes: AdminUpdateAuthRequest): Promise<UserDetails> {
    return (await api.admin.patch<UserDetails>(ADMIN_USER_PATHS.updateAuthOnly(userId), changes))
      .data;
  },
};
