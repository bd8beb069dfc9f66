import type { IdentityCardType } from '@lending/contracts';
import { FIELD_LIMITS, parseNric, toE164, validatePassport } from '@lending/domain';
import * as yup from 'yup';

import {
  addressUnlessSame,
  bankAccountNumber,
  countryCode,
  date,
  email,
  identityCardType,
  type Messages,
  nameText,
  optionalDate,
  optionalMoney,
  optionalText,
  otherText,
  phone,
  selection,
  type Translate,
  validationMessages,
} from '../../journey/form-schema';
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
    name: nameText(m, 'applicantName', FIELD_LIMITS.personName),
    identityCardType: identityCardType(m),
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
    contactCountryCode: countryCode(t),
    contactNo: phone(t, m, 'contactNo', 'contactCountryCode'),
    personalEmail: email(m, 'personalEmail'),
    nricAddress: address,
    homeSameAsNric: yup.boolean().required(),
    homeAddress: addressUnlessSame('homeSameAsNric', address),
    mailingSameAsHome: yup.boolean().required(),
    mailingAddress: addressUnlessSame('mailingSameAsHome', address),
    employeeTypeCode: yup.string(),
    grossSalaryRangeCode: selection(m, 'grossSalaryRange'),
    monthlyNetSalary: optionalMoney(m, 'monthlyNetSalary'),
    employerName: optionalText(m, FIELD_LIMITS.employerName),
    jobTitle: optionalText(m, FIELD_LIMITS.jobTitle),
    employmentStartDate: optionalDate(m, 'employmentStartDate'),
    employerContactCountryCode: yup.string(),
    employerContactNo: yup
      .string()
      .test('phone', m.invalid('employerContactNo'), function validateEmployerPhone(value) {
        if (!value) return true;
        const code = String((this.parent as ApplicantFormValues).employerContactCountryCode ?? '');
        return toE164(code, value).ok;
      }),
    personalBankId: selection(m, 'personalBank'),
    personalBankAccountNo: bankAccountNumber(m, 'personalBankAccountNo'),
    referralSourceId: yup.string(),
    referralSourceOther: otherText(
      m,
      'referralSourceOther',
      FIELD_LIMITS.referralSourceOther,
      'referralSourceId',
      options.referralSourcesNeedingOther,
    ),
    partnerId: yup
      .string()
      .trim()
      .matches(/^([A-Za-z0-9-]{3,20})?$/, m.invalid('partnerId')),
    acceptMarketingConsent: yup.boolean(),
  });
}
