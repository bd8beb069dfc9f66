import { AUTH_PATHS } from '@lending/contracts';

import { session } from '../session/session-store';
import { tokenExpiresAt } from '../session/token-claims';
import { send } from './http-client';

/** Applicants and staff keep separate sessions, each with its own refresh path. */
export type SessionKind = 'applicant' | 'staff';

export const REFRESH_PATHS: Readonly<Record<SessionKind, string>> = {
  applicant: AUTH_PATHS.refresh,
  staff: AUTH_PATHS.staffRefresh,
};

/** A token this close to its end is swapped while its holder is active, before a call fails. */
export const REFRESH_AHEAD_MS = 2 * 60 * 1000;
const REFRESH_TIMEOUT_MS = 30_000;

const inFlight: Partial<Record<SessionKind, Promise<string>>> = {};

function tokensOf(kind: SessionKind) {
  const current = session.current;
  return kind === 'staff'
    ? { access: current.staffAccessToken, refresh: current.staffRefreshToken }
    : { access: current.accessToken, refresh: current.refreshToken };
}

/**
 * One tab at a time: a refresh token works once and a second use ends the whole session, so two
 * tabs of one person must never spend the same one. Browsers without Web Locks run it as it is.
 */
function oneTabAtATime<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(name, work) as Promise<T>) : work();
}

/**
 * Swaps the session's refresh token for a new pair, once for every call waiting on it; answers
 * the new access token. A tab that finds another tab already swapped it takes that tab's pair.
 */
export function refreshSession(
  kind: SessionKind,
  headers: () => Record<string, string>,
): Promise<string> {
  const seen = tokensOf(kind).refresh;
  inFlight[kind] ??= oneTabAtATime(`lending-refresh-${kind}`, async () => {
    // Read again under the lock: storage is where the other tabs leave their pairs.
    session.refresh();
    const { access, refresh } = tokensOf(kind);
    if (!refresh) throw new Error('No refresh token');
    if (access && refresh !== seen) return access;
    const response = await send<{ accessToken: string; refreshToken: string }>({
      method: 'POST',
      url: REFRESH_PATHS[kind],
      data: { refreshToken: refresh },
      headers: headers(),
      timeout: REFRESH_TIMEOUT_MS,
    });
    if (kind === 'staff') session.setStaffTokens(response.data);
    else session.setApplicantTokens(response.data);
    return response.data.accessToken;
  }).finally(() => {
    delete inFlight[kind];
  });
  return inFlight[kind];
}

/** Whether the session's access token ends within `REFRESH_AHEAD_MS` of `now`. */
export function refreshIsDue(kind: SessionKind, now = Date.now()): boolean {
  const { access, refresh } = tokensOf(kind);
  if (!access || !refresh) return false;
  const expiresAt = tokenExpiresAt(access);
  return expiresAt !== null && expiresAt - now <= REFRESH_AHEAD_MS;
}
