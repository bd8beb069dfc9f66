import type { IdentityCardType, OrganizationType, PersonRole } from '@lending/contracts';
import {
  FIELD_LIMITS,
  MIN_DIRECTORS,
  MIN_PARTNERS,
  NRIC_DIGITS,
  parseNric,
  validatePassport,
} from '@lending/domain';
import * as yup from 'yup';

import {
  countryCode,
  email,
  identityCardType,
  nameText,
  phone,
  type Translate,
  validationMessages,
} from '../../journey/form-schema';

export interface PersonValues {
  name: string;
  identityCardType: IdentityCardType;
  identityCardNo: string;
  contactCountryCode: string;
  contactNo: string;
  personalEmail: string;
}

export interface PeopleFormValues {
  people: PersonValues[];
}

export const EMPTY_PERSON: PersonValues = {
  name: '',
  identityCardType: 'MYKAD',
  identityCardNo: '',
  contactCountryCode: '+60',
  contactNo: '',
  personalEmail: '',
};

/** Partners for a partnership (at least 2), directors for a company (at least 1). */
export function peopleRule(organizationType: OrganizationType): {
  role: PersonRole;
  minimum: number;
} {
  return organizationType === 'PARTNERSHIP'
    ? { role: 'PARTNER', minimum: MIN_PARTNERS }
    : { role: 'DIRECTOR', minimum: MIN_DIRECTORS };
}

export function peopleSchema(t: Translate, options: { organizationType: OrganizationType }) {
  const m = validationMessages(t);
  const { role, minimum } = peopleRule(options.organizationType);
  const person = yup.object({
    name: nameText(m, 'personName', FIELD_LIMITS.personName),
    identityCardType: identityCardType(m),
    identityCardNo: yup
      .string()
      .required(m.required('identityCardNo'))
      .test('identity', function validatePersonIdentity(value) {
        if (!value) return true;
        if ((this.parent as PersonValues).identityCardType === 'PASSPORT') {
          return (
            validatePassport(value).ok || this.createError({ message: m.invalid('passportNo') })
          );
        }
        // The applicant's rule (and the API's): twelve digits, hyphens not counted.
        const nric = parseNric(value);
        if (nric.ok) return true;
        return this.createError({
          message:
            nric.reason === 'format'
              ? t('validation.identityCardLength', { length: NRIC_DIGITS })
              : m.invalid('identityCardNo'),
        });
      }),
    contactCountryCode: countryCode(t),
    contactNo: phone(t, m, 'contactNo', 'contactCountryCode'),
    personalEmail: email(m, 'personalEmail'),
  });
  return yup.object({
    people: yup
      .array(person)
      .min(
        minimum,
        t(role === 'PARTNER' ? 'validation.partnersMin' : 'validation.directorsMin', {
          count: minimum,
        }),
      )
      .required(),
  });
}
