import * as yup from 'yup';
import { toE164, validateEmail } from '@lending/domain';
import { phoneSentence } from './rule-sentences';

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

/** Options of a drop-down, as the form pages pass them around. */
export type SelectOptionList = { value: string; label: string }[];
