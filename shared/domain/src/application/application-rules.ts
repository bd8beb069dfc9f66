import type { OrganizationType } from '../business/registration-number';
import { type PhoneResult, toE164 } from '../contact/phone';
import type { ApplicationStatus } from '../status/application-status';

export type ApplicationSectionName =
  'company' | 'applicant' | 'disbursement' | 'emergencyContacts' | 'directors';

/** The detail sections every application needs, in the order the form asks for them. */
const SECTIONS_FOR_EVERY_ORGANIZATION: readonly ApplicationSectionName[] = [
  'company',
  'applicant',
  'disbursement',
  'emergencyContacts',
];

/** A sole proprietor has no partners or directors to list; the other types must list them. */
export function requiredSections(organizationType: OrganizationType): ApplicationSectionName[] {
  return organizationType === 'SOLE_PROP'
    ? [...SECTIONS_FOR_EVERY_ORGANIZATION]
    : [...SECTIONS_FOR_EVERY_ORGANIZATION, 'directors'];
}

/** The statuses in which the applicant may still change the loan and the form. */
export const EDITABLE_APPLICATION_STATUSES: readonly ApplicationStatus[] = [
  'DRAFT',
  'IMPORTED_DRAFT',
  'REFERBACK',
];

export function isEditableApplicationStatus(status: string): boolean {
  return (EDITABLE_APPLICATION_STATUSES as readonly string[]).includes(status);
}

/** At least 2 partners for a partnership and at least 1 director for a company (spec 9). */
export const MIN_PARTNERS = 2;
export const MIN_DIRECTORS = 1;
/** Emergency contacts are numbered 1 to 3. */
export const MAX_EMERGENCY_CONTACTS = 3;

export type PersonRole = 'PARTNER' | 'DIRECTOR';

export type PeopleCheck =
  | { ok: true }
  | { ok: false; reason: 'notApplicable' }
  | { ok: false; reason: 'wrongRole'; expected: PersonRole }
  | { ok: false; reason: 'tooFew'; expected: PersonRole; minimum: number };

/**
 * Whether the partners and directors listed fit the organization: a partnership lists only
 * partners (at least 2), a company only directors (at least 1), a sole proprietor none.
 */
export function checkPeopleForOrganization(
  organizationType: OrganizationType,
  roles: readonly PersonRole[],
): PeopleCheck {
  if (organizationType === 'SOLE_PROP') return { ok: false, reason: 'notApplicable' };
  const expected: PersonRole = organizationType === 'PARTNERSHIP' ? 'PARTNER' : 'DIRECTOR';
  const minimum = organizationType === 'PARTNERSHIP' ? MIN_PARTNERS : MIN_DIRECTORS;
  if (roles.some((role) => role !== expected)) return { ok: false, reason: 'wrongRole', expected };
  if (roles.length < minimum) return { ok: false, reason: 'tooFew', expected, minimum };
  return { ok: true };
}

/** A bank account number: 6 to 20 digits, nothing else. */
export function isValidBankAccountNumber(input: string): boolean {
  return /^\d{6,20}$/.test(input);
}

/** The reference-number prefix of each tenant: ArkCash `AC`, RedCash `RC`. */
export const REFERENCE_PREFIXES: Readonly<Record<string, string>> = {
  arkcash: 'AC',
  redcash: 'RC',
};

/** `AC-2026-000001`: tenant prefix, year of creation, a running number of at least 6 digits. */
export function formatReferenceNo(tenant: string, year: number, sequence: number): string {
  const prefix = REFERENCE_PREFIXES[tenant];
  if (!prefix) throw new RangeError(`no reference prefix for tenant ${tenant}`);
  if (!Number.isSafeInteger(sequence) || sequence <= 0) {
    throw new RangeError('the running number must be a positive whole number');
  }
  return `${prefix}-${String(year)}-${String(sequence).padStart(6, '0')}`;
}

/**
 * A phone number typed in one field with its country code, e.g. `+60123456789` or
 * `+60 12 345 6789`: the code is required, dashes are refused, and a Malaysian number must be a
 * real mobile or landline number. The same rules as the form's two-field `toE164`.
 */
export function parsePhoneWithCountryCode(input: string): PhoneResult {
  const typed = input.trim();
  if (typed === '') return { ok: false, reason: 'required' };
  if (typed.includes('-')) return { ok: false, reason: 'dash' };
  if (!typed.startsWith('+')) return { ok: false, reason: 'countryCode' };
  const digits = typed.slice(1).replace(/\s/g, '');
  if (!/^\d+$/.test(digits)) return { ok: false, reason: 'digits' };
  if (digits.startsWith('60')) return toE164('60', digits.slice(2));
  // Country codes are one to three digits and no code is the start of another; outside Malaysia
  // the length is all that can be checked without a numbering plan.
  if (digits.startsWith('0')) return { ok: false, reason: 'countryCode' };
  if (digits.length < 8 || digits.length > 15) return { ok: false, reason: 'length' };
  return { ok: true, e164: `+${digits}`, kind: 'international' };
}
