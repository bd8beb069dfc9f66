import type { OrganizationType } from '@lending/contracts';
import { FIELD_LIMITS, malaysiaDate } from '@lending/domain';
import * as yup from 'yup';

import {
  addressUnlessSame,
  countryCode,
  date,
  email,
  nameText,
  optionalDate,
  optionalMoney,
  optionalText,
  phone,
  selection,
  type Translate,
  validationMessages,
} from '../../journey/form-schema';
import { registrationNumberProblem } from '../../journey/rule-sentences';
import { addressSchema, type AddressValues } from './address-schema';

export interface CompanyFormValues {
  companyName: string;
  taxIdentificationNo: string;
  oldBusinessRegistrationNo: string;
  newBusinessRegistrationNo: string;
  natureOfBusinessId: string;
  businessContactCountryCode: string;
  businessContactNo: string;
  establishedDate: string;
  ssmExpiryDate: string;
  companyEmail: string;
  operatingExpenses: string;
  businessAuthorisedAddress: AddressValues;
  registeredSameAsBusiness: boolean;
  registeredSsmAddress: AddressValues;
  mailingSameAsBusiness: boolean;
  mailingAddress: AddressValues;
}

export interface CompanySchemaOptions {
  organizationType: OrganizationType;
  today: Date;
}

export function companySchema(t: Translate, options: CompanySchemaOptions) {
  const m = validationMessages(t);
  // The applicant is in Malaysia: between 00:00 and 08:00 there it is already tomorrow in UTC.
  const today = malaysiaDate(options.today);
  const currentYear = Number(today.slice(0, 4));
  const address = addressSchema(t);
  return yup.object({
    companyName: nameText(m, 'companyName', FIELD_LIMITS.companyName),
    taxIdentificationNo: optionalText(m, FIELD_LIMITS.taxIdentificationNo).matches(
      /^[A-Za-z0-9]*$/,
      m.invalid('taxIdentificationNo'),
    ),
    oldBusinessRegistrationNo: optionalText(m, FIELD_LIMITS.businessRegistrationNo),
    newBusinessRegistrationNo: yup
      .string()
      .required(m.required('newBusinessRegistrationNo'))
      .test('registration', function validateRegistration(value) {
        if (!value) return true;
        const problem = registrationNumberProblem(t, value, options.organizationType, currentYear);
        return problem ? this.createError({ message: problem.sentence }) : true;
      }),
    natureOfBusinessId: selection(m, 'natureOfBusiness'),
    businessContactCountryCode: countryCode(t),
    businessContactNo: phone(t, m, 'businessContactNo', 'businessContactCountryCode'),
    establishedDate: date(m, 'establishedDate').test(
      'past',
      m.invalid('establishedDate'),
      (value) => !value || value <= today,
    ),
    ssmExpiryDate: optionalDate(m, 'ssmExpiryDate'),
    companyEmail: email(m, 'companyEmail'),
    operatingExpenses: optionalMoney(m, 'operatingExpenses'),
    businessAuthorisedAddress: address,
    registeredSameAsBusiness: yup.boolean().required(),
    registeredSsmAddress: addressUnlessSame('registeredSameAsBusiness', address),
    mailingSameAsBusiness: yup.boolean().required(),
    mailingAddress: addressUnlessSame('mailingSameAsBusiness', address),
  });
}
