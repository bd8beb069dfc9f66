import type { StaffRole } from '@lending/domain';

import type { TokenPair } from '../auth';

/** Staff accounts and the second step of staff sign-in. */
export const STAFF_PATHS = {
  list: '/arkcash/admin/api/v1.0/staff',
  create: '/arkcash/admin/api/v1.0/staff',
  roles: (staffId: string) => `/arkcash/admin/api/v1.0/staff/${staffId}/roles`,
  disable: (staffId: string) => `/arkcash/admin/api/v1.0/staff/${staffId}/disable`,
  enable: (staffId: string) => `/arkcash/admin/api/v1.0/staff/${staffId}/enable`,
  passwordLink: (staffId: string) => `/arkcash/admin/api/v1.0/staff/${staffId}/password-link`,
  /** Sign-in, second step: the challenge from the password step and a code. */
  secondFactor: '/arkcash/admin/api/v1.0/auth/second-factor',
  checkPasswordLink: '/arkcash/admin/api/v1.0/auth/password-link/check',
  setPassword: '/arkcash/admin/api/v1.0/auth/password-link/password',
} as const;

/** The back-office page the emailed set-password link opens (`?token=...`). */
export const STAFF_SET_PASSWORD_PAGE = '/admin/set-password';

export interface StaffMember {
  id: string;
  name: string;
  email: string;
  roles: StaffRole[];
  createdAt: string;
  /** When an admin disabled the account; null while it may sign in. */
  disabledAt: string | null;
  /** Whether the member chose a password through their link (or was the first admin). */
  passwordSet: boolean;
  /** Whether an authenticator app is enrolled. */
  secondFactorEnrolled: boolean;
}

export interface StaffList {
  items: StaffMember[];
}

/** POST .../staff (ADMIN): the member gets an emailed set-password link; 201 with the member. */
export interface CreateStaffRequest {
  name: string;
  email: string;
  roles: StaffRole[];
}

/** PUT .../staff/{staffId}/roles (ADMIN): the roles the member holds from now on (at least one). */
export interface SetStaffRolesRequest {
  roles: StaffRole[];
}

/**
 * The answer to a correct staff email and password: not tokens yet, but the second step.
 * `ENROL` the first time (scan `otpauthUrl` or type `secret`, then confirm with a first code),
 * `CODE` afterwards. The challenge lives a few minutes.
 */
export type StaffLoginStep =
  | { step: 'ENROL'; challengeToken: string; otpauthUrl: string; secret: string }
  | { step: 'CODE'; challengeToken: string };

/** POST .../auth/second-factor: a 6-digit code from the app, or one recovery code. */
export interface StaffSecondFactorRequest {
  challengeToken: string;
  code?: string;
  recoveryCode?: string;
}

/** Signed in. `recoveryCodes` only right after enrolment: shown once, never again. */
export interface StaffSignedIn extends TokenPair {
  recoveryCodes: string[] | null;
}

export interface SetStaffPasswordRequest {
  token: string;
  password: string;
}
