import { errorMessage } from '@lending/platform';

import { errorCodeOf } from '../staff/staff-api';

/** Refusals of the attestation screens staff can act on, in the screen's language; the server's
 *  message for anything else. */
const CODED = [
  'ATTESTATION_SAME_STAFF',
  'AGREEMENT_CHANGED',
  'SLOT_TAKEN',
  'SLOT_NOT_BOOKABLE',
] as const;

export function attestationFailure(error: unknown, t: (key: string) => string): string {
  const code = errorCodeOf(error);
  return CODED.find((known) => known === code) ? t(`errors.${code}`) : errorMessage(error);
}
