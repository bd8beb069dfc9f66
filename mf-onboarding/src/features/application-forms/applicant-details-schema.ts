import * as yup from 'yup';
import type { IdentityCardType } from '@lending/contracts';
import {
  FIELD_LIMITS,
  isValidBankAccountNumber,
  parseNric,
  parseRinggit,
  toE164,
  validatePassport,
} from '@lending/domain';
import {
  DIGITS_ONLY,
  date,
  digits,
  email,
  optionalText,
  phone,
  selection,
  text,
  validationMessages,
  type Messages,
  type Translate,
} from '../../journey/form-schema';
import { countryCodeSentence } from '../../journey/rule-sentences';
import { addressSchema, type AddressValues } from './address-schema';

/** The identity number for its card type: a MyKad number read by `parseNric`, or a passport. */
function identityNumber(m: Messages, today: Date) {
  return yup
    .string()
    .required(m.required('identityCardNo'))
    .test('identity', m.invalid('identityCardNo'), function validateIdentity(value) {
      const type = (this.parent as { identityCardType?: IdentityCardType }).identityCardType;
      if (!value) return true;
      return type === 'PASSPORT' ? validatePassport(value).ok : parseNric(value, today).ok;
    });
}

export interface ApplicantFormValues {
  name: string;
  identityCardType: IdentityCardType;
  identityCardNo: string;
  /** Given for a passport; read from the number for a MyKad. */
  dateOfBirth: string;
  gender: string;
  raceId: string;
  nationalityId: string;
  contactCountryCode: string;
  contactNo: string;
  personalEmail: string;
  nricAddress: AddressValues;
  homeSameAsNric: boolean;
  homeAddress: AddressValues;
  mailingSameAsHome: boolean;
  mailingAddress: AddressValues;
  employeeTypeCode: string;
  grossSalaryRangeCode: string;
  monthlyNetSalary: string;
  employerName: string;
  jobTitle: string;
  employmentStartDate: string;
  employerContactCountryCode: string;
  employerContactNo: string;
  personalBankId: string;
  personalBankAccountNo: string;
  referralSourceId: string;
  referralSourceOther: string;
  partnerId: string;
  acceptMarketingConsent: boolean;
}

export interface ApplicantSchemaOptions {
  today: Date;
  referralSourcesNeedingOther: readonly string[];
}

export function applicantSchema(t: Translate, options: ApplicantSchemaOptions) {
  const m = validationMessages(t);
  const address = addressSchema(t);
  const isPassport = (type: IdentityCardType) => type === 'PASSPORT';
  return yup.object({
    name: text(m, 'applicantName', FIELD_LIMITS.personName).min(
      FIELD_LIMITS.nameMin,
      m.minLength(FIELD_LIMITS.nameMin),
    ),
    identityCardType: yup
      .mixed<IdentityCardType>()
      .oneOf(['MYKAD', 'PASSPORT'])
      .required(m.select('identityCardType')),
    identityCardNo: identityNumber(m, options.today),
    dateOfBirth: yup.string().when('identityCardType', {
      is: isPassport,
      then: () => date(m, 'dateOfBirth'),
    }),
    gender: yup.string().when('identityCardType', {
      is: isPassport,
      then: (schema) => schema.required(m.select('gender')),
    }),
    raceId: selection(m, 'race'),
    nationalityId: selection(m, 'nationality'),
    contactCountryCode: yup.string().required(countryCodeSentence(t)),
    contactNo: phone(t, m, 'contactNo', 'contactCountryCode'),
    personalEmail: email(m, 'personalEmail'),
    nricAddress: address,
    homeSameAsNric: yup.boolean().required(),
    homeAddress: yup.object().when('homeSameAsNric', {
      is: true,
      then: () => yup.object(),
      otherwise: () => address,
    }),
    mailingSameAsHome: yup.boolean().required(),
    mailingAddress: yup.object().when('mailingSameAsHome', {
      is: true,
      then: () => yup.object(),
      otherwise: () => address,
    }),
    employeeTypeCode: yup.string(),
    grossSalaryRangeCode: selection(m, 'grossSalaryRange'),
    monthlyNetSalary: yup
      .string()
      .test('money', m.invalid('monthlyNetSalary'), (value) => !value || parseRinggit(value).ok),
    employerName: optionalText(m, FIELD_LIMITS.employerName),
    jobTitle: optionalText(m, FIELD_LIMITS.jobTitle),
    employmentStartDate: yup
      .string()
      .matches(/^(\d{4}-\d{2}-\d{2})?$/, m.invalid('employmentStartDate')),
    employerContactCountryCode: yup.string(),
    employerContactNo: yup
      .string()
      .test('phone', m.invalid('employerContactNo'), function validateEmployerPhone(value) {
        if (!value) return true;
        const code = String((this.parent as ApplicantFormValues).employerContactCountryCode ?? '');
        return toE164(code, value).ok;
      }),
    personalBankId: selection(m, 'personalBank'),
    personalBankAccountNo: digits(m, 'personalBankAccountNo').test(
      'account',
      m.invalid('personalBankAccountNo'),
      (value) => !value || !DIGITS_ONLY.test(value) || isValidBankAccountNumber(value),
    ),
    referralSourceId: yup.string(),
    referralSourceOther: yup
      .string()
      .trim()
      .max(FIELD_LIMITS.referralSourceOther, m.maxLength(FIELD_LIMITS.referralSourceOther))
      .when('referralSourceId', {
        is: (id: string) => options.referralSourcesNeedingOther.includes(id),
        then: (schema) => schema.required(m.required('referralSourceOther')),
      }),
    partnerId: yup
      .string()
      .trim()
      .matches(/^([A-Za-z0-9-]{3,20})?$/, m.invalid('partnerId')),
    acceptMarketingConsent: yup.boolean(),
  });
}
