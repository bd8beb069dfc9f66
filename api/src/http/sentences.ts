import type { OrganizationType, PhoneInvalidReason } from '@lending/domain';

/** Organization types as a sentence names them. */
export const ORGANIZATION_TYPE_WORDS: Record<OrganizationType, string> = {
  SOLE_PROP: 'sole proprietorship',
  PARTNERSHIP: 'partnership',
  COMPANY: 'company',
};

/**
 * The sentence for a phone number the domain refused (spec section 5). The country code is either
 * a field of its own (the applicant picks it) or written at the start of the number.
 */
export function phoneSentence(
  reason: PhoneInvalidReason,
  label: string,
  countryCode: 'picked' | 'written',
): string {
  switch (reason) {
    case 'required':
      return `Please enter your ${label}`;
    case 'dash':
      return `Please enter your ${label} without dashes`;
    case 'countryCode':
      return countryCode === 'picked'
        ? `Please select the country code of your ${label}`
        : `Please enter your ${label} with its country code`;
    default:
      return `Please enter a valid ${label}`;
  }
}
