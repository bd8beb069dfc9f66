import { SessionStore, SIGNED_OUT } from './session-store';
import { clearStoredExceptLanguage } from './storage';

describe('session', () => {
  beforeEach(() => localStorage.clear());

  it('keeps tokens in local storage under the spec keys', () => {
    const store = new SessionStore();
    store.setApplicantTokens({ accessToken: 'a1', refreshToken: 'r1', redOneJwt: 'j1' });
    expect(localStorage.getItem('accessToken')).toBe('a1');
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(localStorage.getItem('redOneJwt')).toBe('j1');
    expect(store.current.accessToken).toBe('a1');
  });

  it('is the very object a rendered page is hydrated with whenever nobody is signed in', () => {
    // React compares store values by identity: an equal copy redraws the page after hydration.
    expect(new SessionStore().current).toBe(SIGNED_OUT);
    const store = new SessionStore();
    store.setApplicantTokens({ accessToken: 'a1', refreshToken: 'r1' });
    expect(store.current).not.toBe(SIGNED_OUT);
    store.clear();
    expect(store.current).toBe(SIGNED_OUT);
  });

  it('clears everything but the language', () => {
    localStorage.setItem('language', 'MS');
    localStorage.setItem('draftApplication', '{}');
    const store = new SessionStore();
    store.setApplicantTokens({ accessToken: 'a1', refreshToken: 'r1' });
    store.clear();
    expect({ ...localStorage }).toEqual({ language: 'MS' });
    expect(store.current.accessToken).toBeNull();
  });

  it('follows a sign-out in another tab at once', () => {
    const store = new SessionStore();
    store.setApplicantTokens({ accessToken: 'a1', refreshToken: 'r1' });
    const seen: (string | null)[] = [];
    const subscription = store.changes.subscribe((state) => seen.push(state.accessToken));
    // The other tab's logout removes the key; this tab hears a storage event.
    localStorage.removeItem('accessToken');
    window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken', newValue: null }));
    expect(store.current.accessToken).toBeNull();
    expect(seen).toEqual(['a1', null]);
    subscription.unsubscribe();
  });

  it('leaves the language alone when nothing else is stored', () => {
    localStorage.setItem('language', 'EN');
    clearStoredExceptLanguage();
    expect({ ...localStorage }).toEqual({ language: 'EN' });
  });
});
