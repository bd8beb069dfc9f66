import { FIELD_LIMITS, isSameEmail, MAX_EMERGENCY_CONTACTS } from '@lending/domain';
import * as yup from 'yup';

import {
  countryCode,
  email,
  nameText,
  otherText,
  phone,
  selection,
  type Translate,
  validationMessages,
} from '../../journey/form-schema';

export interface EmergencyContactValues {
  name: string;
  relationshipId: string;
  relationshipOther: string;
  contactCountryCode: string;
  contactNo: string;
  email: string;
}

export interface EmergencyContactFormValues {
  contacts: EmergencyContactValues[];
}

export const EMPTY_EMERGENCY_CONTACT: EmergencyContactValues = {
  name: '',
  relationshipId: '',
  relationshipOther: '',
  contactCountryCode: '+60',
  contactNo: '',
  email: '',
};

export interface EmergencyContactSchemaOptions {
  /** The applicant's personal email: an emergency contact may not give the same one. */
  applicantPersonalEmail: string | null;
  relationshipsNeedingOther: readonly string[];
}

export function emergencyContactSchema(t: Translate, options: EmergencyContactSchemaOptions) {
  const m = validationMessages(t);
  const contact = yup.object({
    name: nameText(m, 'emergencyContactName', FIELD_LIMITS.personName),
    relationshipId: selection(m, 'relationship'),
    relationshipOther: otherText(
      m,
      'relationshipOther',
      FIELD_LIMITS.relationshipOther,
      'relationshipId',
      options.relationshipsNeedingOther,
    ),
    contactCountryCode: countryCode(t),
    contactNo: phone(t, m, 'emergencyContactNo', 'contactCountryCode'),
    email: email(m, 'emergencyContactEmail').test(
      'differs',
      t('validation.emergencyEmailSameAsApplicant'),
      (value) =>
        !value ||
        !options.applicantPersonalEmail ||
        !isSameEmail(value, options.applicantPersonalEmail),
    ),
  });
  return yup.object({
    contacts: yup
      .array(contact)
      .min(1, t('validation.emergencyContactsMin'))
      .max(MAX_EMERGENCY_CONTACTS, m.maxLength(MAX_EMERGENCY_CONTACTS))
      .required(),
  });
}
