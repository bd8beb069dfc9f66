import type { StaffRole } from '../decisions/decision-matrix';
import { maskNric } from './nric';

/**
 * Staff whose work needs an identity number whole: deciding on a file, paying out, running the
 * back office. Customer service, and anyone else, read it masked (PDPA: need to know).
 */
export const STAFF_READING_IDENTITY_NUMBERS: readonly StaffRole[] = [
  'ADMIN',
  'CREDIT_OFFICER',
  'APPROVER',
];

/** Who reads an answer that carries an NRIC or passport number. */
export type IdentityNumberReader =
  { kind: 'owner' } | { kind: 'staff'; roles: readonly StaffRole[] } | { kind: 'someone-else' };

const MYKAD = /^\d{6}-?\d{2}-?\d{4}$/;
/** What a masked passport number keeps: its first two characters (the issuing series). */
const PASSPORT_KEPT = 2;

/**
 * The one masked form of an identity number: a MyKad number keeps its first six digits (the
 * birth date, DOMAIN.md), hyphens as written; a passport number keeps its first two characters
 * and hides its length.
 */
export function maskIdentityNumber(value: string): string {
  const trimmed = value.trim();
  if (MYKAD.test(trimmed)) return maskNric(trimmed);
  return `${trimmed.slice(0, PASSPORT_KEPT)}${'*'.repeat(6)}`;
}

/** Whether this reader is given identity numbers whole. */
export function readsIdentityNumbersWhole(reader: IdentityNumberReader): boolean {
  if (reader.kind === 'owner') return true;
  if (reader.kind === 'staff') {
    return reader.roles.some((role) => STAFF_READING_IDENTITY_NUMBERS.includes(role));
  }
  return false;
}

/** An identity number as this reader may read it: whole, or masked. */
export function identityNumberFor(reader: IdentityNumberReader, value: string): string {
  return readsIdentityNumbersWhole(reader) ? value : maskIdentityNumber(value);
}
