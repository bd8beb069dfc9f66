import type { OrganizationType, PhoneInvalidReason } from '@lending/domain';

import { type Sentence, sentence } from '../kernel/errors';

/** Organization types as a sentence names them. */
export const ORGANIZATION_TYPE_WORDS: Record<OrganizationType, Sentence> = {
  SOLE_PROP: sentence('sole proprietorship'),
  PARTNERSHIP: sentence('partnership'),
  COMPANY: sentence('company'),
};

/**
 * The sentence for a phone number the domain refused (spec section 5). The country code is either
 * a field of its own (the applicant picks it) or written at the start of the number.
 */
export function phoneSentence(
  reason: PhoneInvalidReason,
  label: Sentence,
  countryCode: 'picked' | 'written',
): Sentence {
  switch (reason) {
    case 'required':
      return sentence('Please enter your {label}', { label });
    case 'dash':
      return sentence('Please enter your {label} without dashes', { label });
    case 'countryCode':
      return countryCode === 'picked'
        ? sentence('Please select the country code of your {label}', { label })
        : sentence('Please enter your {label} with its country code', { label });
    default:
      return sentence('Please enter a valid {label}', { label });
  }
}
