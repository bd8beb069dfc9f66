import { brandStore } from '../brand/brand-store';
import { bus } from '../bus/event-bus';
import { currentLanguage, i18n } from '../i18n/i18n';
import { session } from '../session/session-store';
import {
  ApiError,
  headerOf,
  type HttpMethod,
  type HttpResponse,
  type RequestConfig,
  send,
} from './http-client';
import { REFRESH_PATHS, refreshIsDue, refreshSession, type SessionKind } from './session-refresh';

/** The services of spec section 7. They are one process today, but each keeps its own instance
 *  and base URL so a front end can also talk to separately deployed services. */
export type ServiceName = 'auth' | 'core' | 'collection' | 'master' | 'admin';

/** What a call may set besides its method, address and body. */
export type CallConfig = Omit<RequestConfig, 'method' | 'url' | 'data'>;

/** One service's calls; each resolves with a 2xx answer and rejects with an `ApiError`. */
export interface ServiceClient {
  request<T = unknown>(config: RequestConfig): Promise<HttpResponse<T>>;
  get<T = unknown>(url: string, config?: CallConfig): Promise<HttpResponse<T>>;
  delete<T = unknown>(url: string, config?: CallConfig): Promise<HttpResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, config?: CallConfig): Promise<HttpResponse<T>>;
  put<T = unknown>(url: string, data?: unknown, config?: CallConfig): Promise<HttpResponse<T>>;
  patch<T = unknown>(url: string, data?: unknown, config?: CallConfig): Promise<HttpResponse<T>>;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const SESSION_EXPIRED_REDIRECT_MS = 1000;

function tenantHeaders(): Record<string, string> {
  const brand = brandStore.current;
  return brand ? { 'x-tenant': brand.id } : {};
}

/** The API words its refusals (the `message` screens show) in the reader's current language. */
function languageHeaders(): Record<string, string> {
  return { 'Accept-Language': currentLanguage() === 'MS' ? 'ms' : 'en' };
}

let expiring = false;

/** Every request that failed with the session says so once: one toast, one redirect (none for
 *  staff: the back office shows its sign-in in place and returns to the page after it). */
function expireSession(kind: SessionKind): void {
  if (kind === 'staff') session.clearStaff();
  if (expiring) return;
  expiring = true;
  bus.emit('toast.requested', { status: 'error', title: i18n.t('platform:errors.sessionExpired') });
  setTimeout(() => {
    expiring = false;
    if (kind === 'applicant') bus.emit('navigation.requested', { to: '/logout', replace: true });
  }, SESSION_EXPIRED_REDIRECT_MS);
}

const requestHeaders = () => ({ ...tenantHeaders(), ...languageHeaders() });

/** Swaps a staff session's tokens while the member is at work, before a call finds the access
 *  token expired (the back office calls it on activity); a refused swap ends the session. */
export async function keepStaffSessionFresh(now = Date.now()): Promise<void> {
  if (!refreshIsDue('staff', now)) return;
  try {
    await refreshSession('staff', requestHeaders);
  } catch (error) {
    if (error instanceof ApiError && error.response?.status === 401) expireSession('staff');
  }
}

const withBearer = (config: RequestConfig, token: string): RequestConfig => ({
  ...config,
  headers: { ...config.headers, Authorization: `Bearer ${token}` },
});

function createServiceClient(service: ServiceName): ServiceClient {
  const isStaff = service === 'admin';

  async function request<T>(config: RequestConfig): Promise<HttpResponse<T>> {
    // A call that brings its own bearer (a password-reset token) keeps it and is never refreshed.
    const ownAuth = headerOf(config.headers, 'Authorization') !== undefined;
    const token = isStaff ? session.current.staffAccessToken : session.current.accessToken;
    const sent: RequestConfig = {
      timeout: DEFAULT_TIMEOUT_MS,
      ...config,
      headers: {
        ...config.headers,
        ...(!ownAuth && token ? { Authorization: `Bearer ${token}` } : {}),
        ...tenantHeaders(),
        ...languageHeaders(),
      },
    };
    try {
      return await send<T>(sent);
    } catch (error) {
      if (!(error instanceof ApiError) || error.response?.status !== 401 || ownAuth) throw error;
      const kind: SessionKind = isStaff ? 'staff' : 'applicant';
      if (sent.url?.includes(REFRESH_PATHS[kind])) throw error;
      const held = isStaff ? session.current.staffRefreshToken : session.current.refreshToken;
      if (!held) throw error;
      const latest = isStaff ? session.current.staffAccessToken : session.current.accessToken;
      if (latest && headerOf(sent.headers, 'Authorization') !== `Bearer ${latest}`) {
        // Another request refreshed the session while this one was in flight: reuse its token.
        return send<T>(withBearer(sent, latest));
      }
      let refreshed: string;
      try {
        refreshed = await refreshSession(kind, requestHeaders);
      } catch (refreshError) {
        if (refreshError instanceof ApiError && refreshError.response?.status === 401) {
          expireSession(kind);
        }
        throw error;
      }
      return send<T>(withBearer(sent, refreshed));
    }
  }

  const withoutBody =
    (method: HttpMethod) =>
    <T>(url: string, config?: CallConfig) =>
      request<T>({ ...config, method, url });
  const withBody =
    (method: HttpMethod) =>
    <T>(url: string, data?: unknown, config?: CallConfig) =>
      request<T>({ ...config, method, url, data });
  return {
    request,
    get: withoutBody('GET'),
    delete: withoutBody('DELETE'),
    post: withBody('POST'),
    put: withBody('PUT'),
    patch: withBody('PATCH'),
  };
}

export const api: Record<ServiceName, ServiceClient> = {
  auth: createServiceClient('auth'),
  core: createServiceClient('core'),
  collection: createServiceClient('collection'),
  master: createServiceClient('master'),
  admin: createServiceClient('admin'),
};

/** Spec section 8: the server's message, else the error's own message, else "Operation Failed"
 *  with the error text. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const data = error.response?.data as { message?: unknown } | undefined;
    if (data && typeof data.message === 'string' && data.message.trim() !== '') return data.message;
    if (!error.response) return i18n.t('platform:errors.network');
  }
  if (error instanceof Error && error.message) return error.message;
  return i18n.t('platform:errors.operationFailed', { message: String(error) });
}

/** The HTTP status of a failed call, or null when the server was not reached. */
export function httpStatus(error: unknown): number | null {
  return error instanceof ApiError ? (error.response?.status ?? null) : null;
}

/** The message the server put in its error body (spec section 8 shape), if any. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const data = error.response?.data as { message?: unknown } | undefined;
  return typeof data?.message === 'string' && data.message.trim() !== '' ? data.message : null;
}
