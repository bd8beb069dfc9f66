import type { IdentityCardType } from '@lending/contracts';
import {
  FIELD_LIMITS,
  isValidBankAccountNumber,
  parseRinggit,
  toE164,
  validateEmail,
} from '@lending/domain';
import * as yup from 'yup';

import { countryCodeSentence, phoneSentence } from './rule-sentences';

/** A translation function of the `onboarding-application` namespace. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export const DIGITS_ONLY = /^\d*$/;

/** The generic messages of spec section 5, each naming the field it is about. */
export function validationMessages(t: Translate) {
  const label = (key: string) => t(`fields.${key}`);
  return {
    required: (key: string) => t('validation.required', { label: label(key) }),
    invalid: (key: string) => t('validation.invalid', { label: label(key) }),
    select: (key: string) => t('validation.select', { label: label(key) }),
    minLength: (min: number) => t('validation.minLength', { min }),
    maxLength: (max: number) => t('validation.maxLength', { max }),
    exactLength: (length: number) => t('validation.exactLength', { length }),
    digitsOnly: () => t('validation.digitsOnly'),
  };
}

export type Messages = ReturnType<typeof validationMessages>;

export function text(m: Messages, key: string, max: number) {
  return yup.string().trim().required(m.required(key)).max(max, m.maxLength(max));
}

export function optionalText(m: Messages, max: number) {
  return yup.string().trim().max(max, m.maxLength(max));
}

/** A person's or a company's name: required, at least `FIELD_LIMITS.nameMin` characters. */
export function nameText(m: Messages, key: string, max: number) {
  return text(m, key, max).min(FIELD_LIMITS.nameMin, m.minLength(FIELD_LIMITS.nameMin));
}

/** The free text behind an "Other" choice: required only when the chosen entry asks for it. */
export function otherText(
  m: Messages,
  key: string,
  max: number,
  choiceField: string,
  choicesNeedingOther: readonly string[],
) {
  return optionalText(m, max).when(choiceField, {
    is: (id: string) => choicesNeedingOther.includes(id),
    then: (schema) => schema.required(m.required(key)),
  });
}

export function identityCardType(m: Messages) {
  return yup
    .mixed<IdentityCardType>()
    .oneOf(['MYKAD', 'PASSPORT'])
    .required(m.select('identityCardType'));
}

export function countryCode(t: Translate) {
  return yup.string().required(countryCodeSentence(t));
}

/** An optional ringgit amount. */
export function optionalMoney(m: Messages, key: string) {
  return yup.string().test('money', m.invalid(key), (value) => !value || parseRinggit(value).ok);
}

export function optionalDate(m: Messages, key: string) {
  return yup.string().matches(/^(\d{4}-\d{2}-\d{2})?$/, m.invalid(key));
}

/** An address the applicant may instead declare the same as another one (`sameFlag` ticked). */
export function addressUnlessSame(sameFlag: string, address: yup.AnyObjectSchema) {
  return yup.object().when(sameFlag, {
    is: true,
    then: () => yup.object(),
    otherwise: () => address,
  });
}

export function selection(m: Messages, key: string) {
  return yup.string().required(m.select(key));
}

export function email(m: Messages, key: string) {
  return yup
    .string()
    .required(m.required(key))
    .test('email', m.invalid(key), (value) => !value || validateEmail(value).ok);
}

export function date(m: Messages, key: string) {
  return yup
    .string()
    .required(m.select(key))
    .matches(/^\d{4}-\d{2}-\d{2}$/, { message: m.invalid(key), excludeEmptyString: true });
}

/** A phone as the country code and the digits (spec section 5: country code required, no dash). */
export function phone(t: Translate, m: Messages, key: string, countryCodeField: string) {
  return yup
    .string()
    .required(m.required(key))
    .test('phone', function validatePhone(value) {
      const countryCode = String((this.parent as Record<string, unknown>)[countryCodeField] ?? '');
      const result = toE164(countryCode, value ?? '');
      if (result.ok) return true;
      return this.createError({ message: phoneSentence(t, result.reason, t(`fields.${key}`)) });
    });
}

export function digits(m: Messages, key: string) {
  return yup
    .string()
    .required(m.required(key))
    .matches(DIGITS_ONLY, { message: m.digitsOnly(), excludeEmptyString: true });
}

/** A bank account number: digits only, of a length some Malaysian bank uses. */
export function bankAccountNumber(m: Messages, key: string) {
  return digits(m, key).test(
    'account',
    m.invalid(key),
    (value) => !value || !DIGITS_ONLY.test(value) || isValidBankAccountNumber(value),
  );
}

/** Options of a drop-down, as the form pages pass them around. */
export type SelectOptionList = { value: string; label: string }[];
