import * as yup from 'yup';
import { FIELD_LIMITS, MAX_EMERGENCY_CONTACTS, isSameEmail } from '@lending/domain';
import {
  email,
  phone,
  selection,
  text,
  validationMessages,
  type Translate,
} from '../../journey/form-schema';
import { countryCodeSentence } from '../../journey/rule-sentences';

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
    name: text(m, 'emergencyContactName', FIELD_LIMITS.personName).min(
      FIELD_LIMITS.nameMin,
      m.minLength(FIELD_LIMITS.nameMin),
    ),
    relationshipId: selection(m, 'relationship'),
    relationshipOther: yup
      .string()
      .trim()
      .max(FIELD_LIMITS.relationshipOther, m.maxLength(FIELD_LIMITS.relationshipOther))
      .when('relationshipId', {
        is: (id: string) => options.relationshipsNeedingOther.includes(id),
        then: (schema) => schema.required(m.required('relationshipOther')),
      }),
    contactCountryCode: yup.string().required(countryCodeSentence(t)),
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
