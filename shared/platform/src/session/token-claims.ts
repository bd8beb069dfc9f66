/**
 * The claims of a token as the page reads them: for display and for timing a refresh only. The
 * API checks every token itself; nothing here is trusted for access.
 */
export function tokenClaims(token: string | null): Record<string, unknown> | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const claims: unknown = JSON.parse(json);
    return claims !== null && typeof claims === 'object'
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** When a token stops working (its `exp`), in milliseconds; null when it says nothing. */
export function tokenExpiresAt(token: string | null): number | null {
  const exp = tokenClaims(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}
