import {
  checkOrganizationType,
  type OrganizationType,
  parseRegistrationNumber,
  type PhoneInvalidReason,
} from '@lending/domain';

/** Any translation function of the remote: the sentences live in its own namespace, so both the
 *  registration and the application forms read the same ones in either language. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const RULES = 'mf-onboarding:rules';

/** The sentence for a phone number the domain refused, naming the field. */
export function phoneSentence(t: Translate, reason: PhoneInvalidReason, label: string): string {
  switch (reason) {
    case 'dash':
      return t(`${RULES}.phone.dash`, { label });
    case 'countryCode':
      return countryCodeSentence(t);
    default:
      return t(`${RULES}.phone.invalid`, { label });
  }
}

export function countryCodeSentence(t: Translate): string {
  return t(`${RULES}.phone.countryCode`);
}

export interface RegistrationNumberProblem {
  reason: 'format' | 'organizationType';
  sentence: string;
}

/**
 * What is wrong with a business registration number: not the new twelve-digit format, or an
 * entity code of another organization type than the applicant's. Null when nothing is, or when
 * no type is chosen yet.
 */
export function registrationNumberProblem(
  t: Translate,
  value: string,
  organizationType: OrganizationType | '',
  currentYear: number,
): RegistrationNumberProblem | null {
  const format = { reason: 'format', sentence: t(`${RULES}.registrationNumber.format`) } as const;
  if (!parseRegistrationNumber(value, currentYear).ok) return format;
  if (!organizationType) return null;
  const fits = checkOrganizationType(value, organizationType);
  if (fits.ok) return null;
  if (fits.reason !== 'organizationTypeMismatch') return format;
  return {
    reason: 'organizationType',
    sentence: t(`${RULES}.registrationNumber.organizationType`, {
      expected: t(`${RULES}.organizationTypes.${fits.expected}`),
      chosen: t(`${RULES}.organizationTypes.${organizationType}`),
    }),
  };
}
