import { STAFF_ROLES, type StaffRole } from '@lending/contracts';
import { checkPassword, type PasswordInvalidReason } from '@lending/domain';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type NewStaffProblem = 'nameRequired' | 'emailRequired' | 'emailInvalid' | 'rolesRequired';

/** The new member form: a name, a valid email and at least one role. */
export function checkNewStaff(form: {
  name: string;
  email: string;
  roles: readonly StaffRole[];
}): NewStaffProblem[] {
  const problems: NewStaffProblem[] = [];
  if (!form.name.trim()) problems.push('nameRequired');
  const email = form.email.trim();
  if (!email) problems.push('emailRequired');
  else if (!EMAIL.test(email)) problems.push('emailInvalid');
  if (form.roles.length === 0) problems.push('rolesRequired');
  return problems;
}

/** Roles in the catalogue's order, whatever order they were ticked in. */
export function orderedRoles(roles: Iterable<StaffRole>): StaffRole[] {
  const chosen = new Set(roles);
  return STAFF_ROLES.filter((role) => chosen.has(role));
}

export function toggleRole(roles: readonly StaffRole[], role: StaffRole): StaffRole[] {
  return orderedRoles(roles.includes(role) ? roles.filter((r) => r !== role) : [...roles, role]);
}

/** The set-password form: the product's password policy, and the same password twice. */
export function checkNewPassword(
  password: string,
  confirmation: string,
): PasswordInvalidReason | null {
  const result = checkPassword(password, confirmation);
  return result.ok ? null : result.reason;
}

/** What a refused staff change tells the admin, by the server's error code. */
export const STAFF_ERROR_KEYS: Record<string, string> = {
  STAFF_EMAIL_EXISTS: 'staff.errors.emailExists',
  STAFF_LAST_ADMIN: 'staff.errors.lastAdmin',
  STAFF_SELF_DISABLE: 'staff.errors.selfDisable',
  FORBIDDEN: 'staff.notAllowed',
  NOT_FOUND: 'staff.errors.notFound',
};
