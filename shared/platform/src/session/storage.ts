/** Client storage keys of spec section 3. */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  redOneJwt: 'redOneJwt',
  language: 'language',
  staffAccessToken: 'staffAccessToken',
  staffRefreshToken: 'staffRefreshToken',
} as const;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled (private mode, policy); the product then keeps state in memory only.
    return null;
  }
}

export function readStored(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

export function writeStored(key: string, value: string | null): void {
  const store = storage();
  if (!store) return;
  if (value === null) store.removeItem(key);
  else store.setItem(key, value);
}

/** Logout, login start and the auth routes clear everything the product stored but the language. */
export function clearStoredExceptLanguage(): void {
  const store = storage();
  if (!store) return;
  const language = store.getItem(STORAGE_KEYS.language);
  store.clear();
  if (language !== null) store.setItem(STORAGE_KEYS.language, language);
}
