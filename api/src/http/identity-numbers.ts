import { identityNumberFor, type IdentityNumberReader } from '@lending/domain';

import type { Principal } from './access';

/**
 * Who reads an answer about the person `ownerUserId`, for the one rule of `@lending/domain` on
 * identity numbers: the person themself, staff by role, or anyone else (masked).
 */
export function identityReaderOf(
  principal: Principal | null,
  ownerUserId: string | null,
): IdentityNumberReader {
  if (principal?.kind === 'staff') return { kind: 'staff', roles: principal.roles };
  if (principal?.kind === 'applicant' && ownerUserId !== null && principal.userId === ownerUserId)
    return { kind: 'owner' };
  return { kind: 'someone-else' };
}

/** An identity number for the caller of a request about `ownerUserId`; null stays null. */
export function identityNumberOf(
  principal: Principal | null,
  ownerUserId: string | null,
  value: string | null,
): string | null {
  return value === null ? null : identityNumberFor(identityReaderOf(principal, ownerUserId), value);
}
