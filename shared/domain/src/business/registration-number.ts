export type OrganizationType = 'SOLE_PROP' | 'PARTNERSHIP' | 'COMPANY';

export const ORGANIZATION_TYPES: readonly OrganizationType[] = [
  'SOLE_PROP',
  'PARTNERSHIP',
  'COMPANY',
];

/** SSM entity codes (the `TT` of `YYYY TT NNNNNN`) and the organization type each one means. */
export const ENTITY_CODE_ORGANIZATION_TYPES: Readonly<Record<string, OrganizationType>> = {
  '01': 'COMPANY',
  '02': 'COMPANY',
  '03': 'SOLE_PROP',
  '04': 'PARTNERSHIP',
  '05': 'PARTNERSHIP',
  '06': 'PARTNERSHIP',
};

export const EARLIEST_REGISTRATION_YEAR = 1900;

export interface RegistrationNumber {
  /** The twelve digits, without separators. */
  digits: string;
  year: number;
  entityCode: string;
  sequence: string;
  organizationType: OrganizationType;
}

export type RegistrationNumberInvalidReason = 'format' | 'year' | 'entityCode';

export type RegistrationNumberResult =
  | { ok: true; registrationNumber: RegistrationNumber }
  | { ok: false; reason: RegistrationNumberInvalidReason };

export function organizationTypeForEntityCode(entityCode: string): OrganizationType | undefined {
  return ENTITY_CODE_ORGANIZATION_TYPES[entityCode];
}

/**
 * Reads an SSM business registration number in the new twelve-digit format `YYYY TT NNNNNN`
 * (spaces and hyphens between groups are ignored). The year runs from 1900 to `currentYear`.
 */
export function parseRegistrationNumber(
  input: string,
  currentYear: number,
): RegistrationNumberResult {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d{12}$/.test(digits)) return { ok: false, reason: 'format' };
  const year = Number(digits.slice(0, 4));
  if (year < EARLIEST_REGISTRATION_YEAR || year > currentYear) return { ok: false, reason: 'year' };
  const entityCode = digits.slice(4, 6);
  const organizationType = organizationTypeForEntityCode(entityCode);
  if (!organizationType) return { ok: false, reason: 'entityCode' };
  return {
    ok: true,
    registrationNumber: { digits, year, entityCode, sequence: digits.slice(6), organizationType },
  };
}

export type OrganizationTypeCheck =
  | { ok: true }
  | { ok: false; reason: 'format' | 'entityCode' }
  | { ok: false; reason: 'organizationTypeMismatch'; expected: OrganizationType };

/**
 * Whether a registration number fits the organization type the applicant chose. The entity code
 * decides the type (01, 02 COMPANY; 03 SOLE_PROP; 04-06 PARTNERSHIP); any other choice is
 * refused, and `expected` names the type the number belongs to so the message can say so.
 *
 * The spec's second table ("01 and 02 allow SOLE_PROP or PARTNERSHIP; 03 to 06 allow COMPANY")
 * contradicts the mapping; DOMAIN.md reads it as the types refused for that code, which is what
 * this check does. Whether the number is already registered is the server's check, not this one.
 */
export function checkOrganizationType(
  registrationNumber: string,
  chosenType: OrganizationType,
): OrganizationTypeCheck {
  const digits = registrationNumber.replace(/[\s-]/g, '');
  if (!/^\d{12}$/.test(digits)) return { ok: false, reason: 'format' };
  const expected = organizationTypeForEntityCode(digits.slice(4, 6));
  if (!expected) return { ok: false, reason: 'entityCode' };
  return expected === chosenType
    ? { ok: true }
    : { ok: false, reason: 'organizationTypeMismatch', expected };
}
