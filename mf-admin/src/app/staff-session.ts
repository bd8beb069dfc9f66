import type { StaffRole } from '@lending/contracts';
import { tokenClaims } from '@lending/platform';

export interface StaffIdentity {
  /** The staff member's id (the token's subject). */
  id: string | null;
  email: string;
  /** The name the token carries; the email stands in for a token issued without one. */
  name: string;
  roles: StaffRole[];
}

/** Who the staff token says is signed in. Read for display only: the API checks the token. */
export function staffIdentity(accessToken: string | null): StaffIdentity | null {
  const claims = tokenClaims(accessToken);
  if (!claims) return null;
  if (claims.aud !== 'staff' || typeof claims.email !== 'string' || !Array.isArray(claims.roles))
    return null;
  const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name : claims.email;
  return {
    id: typeof claims.sub === 'string' ? claims.sub : null,
    email: claims.email,
    name,
    roles: claims.roles as StaffRole[],
  };
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
