import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';

import { brandStore } from '../brand/brand-store';
import { bus } from '../bus/event-bus';
import { currentLanguage, i18n } from '../i18n/i18n';
import { session } from '../session/session-store';

/** The services of spec section 7. They are one process today, but each keeps its own instance
 *  and base URL so a front end can also talk to separately deployed services. */
export type ServiceName = 'auth' | 'core' | 'collection' | 'master' | 'admin';

type RetriableConfig = InternalAxiosRequestConfig & { _retried?: boolean; _ownAuth?: boolean };

const SESSION_EXPIRED_REDIRECT_MS = 1000;

let refreshInFlight: Promise<string> | null = null;

/** Concurrent 401s wait for the one refresh in flight instead of each starting their own. */
async function refreshAccessToken(): Promise<string> {
  if (!refreshInFlight) {
    const refreshToken = session.current.refreshToken;
    refreshInFlight = (async () => {
      if (!refreshToken) throw new Error('No refresh token');
      const response = await axios.post<{ accessToken: string; refreshToken: string }>(
        '/api/auth/refreshToken',
        { refreshToken },
        { headers: { ...tenantHeaders(), ...languageHeaders() } },
      );
      session.setApplicantTokens(response.data);
      return response.data.accessToken;
    })().finally(() => {
      refreshInFlight = null;
    });
  }
  return refreshInFlight;
}

function tenantHeaders(): Record<string, string> {
  const brand = brandStore.current;
  return brand ? { 'x-tenant': brand.id } : {};
}

/** The API words its refusals (the `message` screens show) in the reader's current language. */
function languageHeaders(): Record<string, string> {
  return { 'Accept-Language': currentLanguage() === 'MS' ? 'ms' : 'en' };
}

let expiring = false;

/** Every request that failed with the session says so once: one toast, one redirect. */
function expireSession(to = '/logout'): void {
  if (expiring) return;
  expiring = true;
  bus.emit('toast.requested', { status: 'error', title: i18n.t('platform:errors.sessionExpired') });
  setTimeout(() => {
    expiring = false;
    bus.emit('navigation.requested', { to, replace: true });
  }, SESSION_EXPIRED_REDIRECT_MS);
}

function createServiceClient(service: ServiceName, baseURL: string): AxiosInstance {
  const client = axios.create({ baseURL, timeout: 30_000 });
  const isStaff = service === 'admin';

  client.interceptors.request.use((config: RetriableConfig) => {
    // A call that brings its own bearer (a password-reset token) keeps it and is never refreshed.
    if (config.headers.has('Authorization')) {
      config._ownAuth = true;
    } else {
      const token = isStaff ? session.current.staffAccessToken : session.current.accessToken;
      if (token) config.headers.set('Authorization', `Bearer ${token}`);
    }
    for (const [name, value] of Object.entries({ ...tenantHeaders(), ...languageHeaders() })) {
      config.headers.set(name, value);
    }
    return config;
  });

  client.interceptors.response.use(undefined, async (error: AxiosError) => {
    const config = error.config as RetriableConfig | undefined;
    const isRefreshCall = config?.url?.includes('/api/auth/refreshToken');
    if (error.response?.status !== 401 || !config || config._retried || config._ownAuth) {
      throw error;
    }
    if (isStaff) {
      // Staff sessions are short and not refreshed in the background: back to the staff login.
      if (session.current.staffAccessToken) {
        session.clearStaff();
        expireSession('/admin/login');
      }
      throw error;
    }
    if (isRefreshCall) throw error;
    if (!session.current.refreshToken) throw error;
    config._retried = true;
    const sentWith = config.headers.get('Authorization');
    const latest = session.current.accessToken;
    if (latest && sentWith !== `Bearer ${latest}`) {
      // Another request refreshed the session while this one was in flight: reuse its token.
      config.headers.set('Authorization', `Bearer ${latest}`);
      return client.request(config);
    }
    try {
      const accessToken = await refreshAccessToken();
      config.headers.set('Authorization', `Bearer ${accessToken}`);
      return client.request(config);
    } catch (refreshError) {
      if (refreshError instanceof AxiosError && refreshError.response?.status === 401) {
        expireSession();
      }
      throw error;
    }
  });
  return client;
}

export const api: Record<ServiceName, AxiosInstance> = {
  auth: createServiceClient('auth', ''),
  core: createServiceClient('core', ''),
  collection: createServiceClient('collection', ''),
  master: createServiceClient('master', ''),
  admin: createServiceClient('admin', ''),
};

/** Spec section 8: the server's message, else the error's own message, else "Operation Failed"
 *  with the error text. */
export function errorMessage(error: unknown): string {
  if (error instanceof AxiosError) {
    const data = error.response?.data as { message?: unknown } | undefined;
    if (data && typeof data.message === 'string' && data.message.trim() !== '') return data.message;
    if (!error.response) return i18n.t('platform:errors.network');
  }
  if (error instanceof Error && error.message) return error.message;
  return i18n.t('platform:errors.operationFailed', { message: String(error) });
}

/** The HTTP status of a failed call, or null when the server was not reached. */
export function httpStatus(error: unknown): number | null {
  return error instanceof AxiosError ? (error.response?.status ?? null) : null;
}

/** The message the server put in its error body (spec section 8 shape), if any. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof AxiosError)) return null;
  const data = error.response?.data as { message?: unknown } | undefined;
  return typeof data?.message === 'string' && data.message.trim() !== '' ? data.message : null;
}
