import type { StaffRole } from '@lending/domain';

import { AUTH_PATHS, type UserDetails } from '../auth';
import type { TenantId } from '../brand';

/**
 * The back office's applicants (`/admin/users`): search, one applicant's whole picture, and the two
 * changes staff may make (spec section 7: the profile, and the sign-in details only).
 */
export const ADMIN_USER_PATHS = {
  search: '/arkcash/admin/api/v1.0/user',
  detail: (userId: string) => `/arkcash/admin/api/v1.0/user/${userId}`,
  update: AUTH_PATHS.adminUpdateUser,
  updateAuthOnly: AUTH_PATHS.adminUpdateAuthOnly,
} as const;

/** Who may find, read and change an applicant's profile. */
export const USER_ADMIN_ROLES: readonly StaffRole[] = ['ADMIN', 'CUSTOMER_SERVICE'];
/** Who may change what an applicant signs in with (email, phone number, password). */
export const USER_AUTH_ADMIN_ROLES: readonly StaffRole[] = ['ADMIN'];

export const ADMIN_USER_PAGE_SIZE = 20;
export const ADMIN_USER_MAX_PAGE_SIZE = 100;

/**
 * GET .../user: `q` is matched against the name (the account's and the applicant's or company's
 * on their application), the email, the phone number (digits, with or without the trunk 0 or
 * country code) and the identity card number (whole: it is kept sealed and found through its
 * keyed hash). Newest accounts first.
 */
export interface AdminUserQuery {
  q?: string;
  page?: number;
  pageSize?: number;
}

export interface AdminUserListItem {
  id: string;
  tenant: TenantId;
  firstName: string;
  email: string;
  phoneNo: string | null;
  /** The applicant's name as on their identity card, from their latest organization. */
  applicantName: string | null;
  companyName: string | null;
  /** Masked: the first six digits only. */
  identityCardNo: string | null;
  createdAt: string;
}

export interface AdminUserPage {
  items: AdminUserListItem[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminUserApplication {
  id: string;
  referenceNo: string;
  status: string;
  organizationType: string;
  requestedAmountSen: number | null;
  createdAt: string;
}

export interface AdminUserAgreement {
  id: string;
  agreementNo: string;
  applicationId: string;
  status: string;
  signedAt: string | null;
  createdAt: string;
}

export interface AdminUserAccount {
  agreementId: string;
  agreementNo: string;
  accountStatus: string;
  disbursedOn: string;
  principalSen: number;
  totalRepayableSen: number;
  outstandingSen: number;
}

export const CONSENT_KINDS = ['TERMS', 'MARKETING', 'BIOMETRIC'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** A consent as recorded (PDPA): when, and which version of the text was accepted. */
export interface AdminUserConsent {
  kind: ConsentKind;
  given: boolean;
  at: string | null;
  textVersion: string | null;
}

export interface AdminUserSession {
  id: string;
  startedAt: string;
  /** When it was ended (sign-out, password change, staff change); null while it lives. */
  endedAt: string | null;
  endReason: string | null;
  /** Not ended and still able to refresh. */
  active: boolean;
}

export interface AdminUserDetail {
  user: UserDetails & { tenant: TenantId; acceptMarketingConsent: boolean };
  applicantName: string | null;
  companyName: string | null;
  /** Masked: the first six digits only. */
  identityCardNo: string | null;
  applications: AdminUserApplication[];
  agreements: AdminUserAgreement[];
  accounts: AdminUserAccount[];
  consents: AdminUserConsent[];
  /** The latest sign-in sessions, newest first. */
  sessions: AdminUserSession[];
}
