import {
  ATTESTATION_OFFICER_ROLES,
  ATTESTATION_REVIEWER_ROLES,
  ATTESTATION_VIDEO_ROLES,
  type StaffRole,
} from '@lending/contracts';

const LINKS = [
  { path: '/admin/attestation', label: 'nav.reviews', roles: ATTESTATION_REVIEWER_ROLES },
  { path: '/admin/attestation/calendar', label: 'nav.calendar', roles: ATTESTATION_OFFICER_ROLES },
  { path: '/admin/videos', label: 'nav.videos', roles: ATTESTATION_VIDEO_ROLES },
] as const;

/** The attestation screens this member's roles open (the API's rules), one click apart. */
export function attestationLinks(roles: readonly StaffRole[]) {
  return LINKS.filter((link) => link.roles.some((role) => roles.includes(role)));
}
