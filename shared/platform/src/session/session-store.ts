import { BehaviorSubject, distinctUntilChanged, map, type Observable } from 'rxjs';

import { clearStoredExceptLanguage, readStored, STORAGE_KEYS, writeStored } from './storage';

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  redOneJwt?: string | null;
}

export interface Session {
  accessToken: string | null;
  refreshToken: string | null;
  redOneJwt: string | null;
  staffAccessToken: string | null;
  staffRefreshToken: string | null;
}

/** The session a page rendered ahead of time is drawn with, and so the one the page must be
 *  hydrated with before it shows the visitor's own. */
export const SIGNED_OUT: Session = Object.freeze({
  accessToken: null,
  refreshToken: null,
  redOneJwt: null,
  staffAccessToken: null,
  staffRefreshToken: null,
});

function readSession(): Session {
  const stored: Session = {
    accessToken: readStored(STORAGE_KEYS.accessToken),
    refreshToken: readStored(STORAGE_KEYS.refreshToken),
    redOneJwt: readStored(STORAGE_KEYS.redOneJwt),
    staffAccessToken: readStored(STORAGE_KEYS.staffAccessToken),
    staffRefreshToken: readStored(STORAGE_KEYS.staffRefreshToken),
  };
  // Nobody signed in is always the one object a rendered page was hydrated with: React compares
  // a store's value by identity, and an equal copy made it draw the whole page again at once,
  // in one long task, right after hydrating it.
  return Object.values(stored).every((value) => value === null) ? SIGNED_OUT : stored;
}

/** Tokens live in local storage under the spec's keys; this store mirrors them as a stream so
 *  every React root in the page sees the same session. */
export class SessionStore {
  private readonly state$ = new BehaviorSubject<Session>(readSession());

  constructor() {
    if (typeof window !== 'undefined') {
      // Another tab signing out removes the token: this tab follows at once.
      window.addEventListener('storage', (event) => {
        if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as never)) {
          this.state$.next(readSession());
        }
      });
    }
  }

  get current(): Session {
    return this.state$.value;
  }

  get changes(): Observable<Session> {
    return this.state$.asObservable();
  }

  get loggedIn$(): Observable<boolean> {
    return this.state$.pipe(
      map((s) => s.accessToken !== null),
      distinctUntilChanged(),
    );
  }

  setApplicantTokens(tokens: Tokens): void {
    writeStored(STORAGE_KEYS.accessToken, tokens.accessToken);
    writeStored(STORAGE_KEYS.refreshToken, tokens.refreshToken);
    if (tokens.redOneJwt !== undefined) writeStored(STORAGE_KEYS.redOneJwt, tokens.redOneJwt);
    this.state$.next(readSession());
  }

  setStaffTokens(tokens: Tokens): void {
    writeStored(STORAGE_KEYS.staffAccessToken, tokens.accessToken);
    writeStored(STORAGE_KEYS.staffRefreshToken, tokens.refreshToken);
    this.state$.next(readSession());
  }

  clearStaff(): void {
    writeStored(STORAGE_KEYS.staffAccessToken, null);
    writeStored(STORAGE_KEYS.staffRefreshToken, null);
    this.state$.next(readSession());
  }

  clear(): void {
    clearStoredExceptLanguage();
    this.state$.next(readSession());
  }

  /** Re-reads storage, e.g. after something outside the store changed it. */
  refresh(): void {
    this.state$.next(readSession());
  }
}

export const session = new SessionStore();
