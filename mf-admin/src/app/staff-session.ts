import type { StaffRole } from '@lending/contracts';

export interface StaffIdentity {
  email: string;
  /** The name the token carries; the email stands in for a token issued without one. */
  name: string;
  roles: StaffRole[];
}

/** Who the staff token says is signed in. Read for display only: the API checks the token. */
export function staffIdentity(accessToken: string | null): StaffIdentity | null {
  if (!accessToken) return null;
  const payload = accessToken.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(
      atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')),
    ) as {
      email?: unknown;
      name?: unknown;
      roles?: unknown;
      aud?: unknown;
    };
    if (claims.aud !== 'staff' || typeof claims.email !== 'string' || !Array.isArray(claims.roles))
      return null;
    const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name : claims.email;
    return { email: claims.email, name, roles: claims.roles as StaffRole[] };
  } catch {
    return null;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type StaffLoginProblem = 'emailRequired' | 'emailInvalid' | 'passwordRequired';

/** Spec section 5, login form 2: email required and valid, password required. */
export function checkStaffLogin(email: string, password: string): StaffLoginProblem[] {
  const problems: StaffLoginProblem[] = [];
  const trimmed = email.trim();
  if (!trimmed) problems.push('emailRequired');
  else if (!EMAIL.test(trimmed)) problems.push('emailInvalid');
  if (!password) problems.push('passwordRequired');
  return problems;
}
