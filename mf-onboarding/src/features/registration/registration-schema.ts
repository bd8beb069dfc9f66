import {
  LEGAL_TEXT_VERSION,
  type OnboardingRegisterRequest,
  type OrganizationType,
} from '@lending/contracts';
import {
  ageRuleFailure,
  businessAgeRuleFailure,
  businessEligibleFrom,
  checkPassword,
  compareDates,
  DEFAULT_ELIGIBILITY_SETTINGS,
  FIELD_LIMITS,
  malaysiaDate,
  parseNric,
  PASSWORD_MIN_LENGTH,
  toE164,
  validateEmail,
  validatePassport,
  wholeYearsBetween,
} from '@lending/domain';
import * as yup from 'yup';

import { countryCode } from '../../journey/form-schema';
import { phoneSentence, registrationNumberProblem } from '../../journey/rule-sentences';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface RegistrationFormValues {
  organizationType: OrganizationType | '';
  companyName: string;
  newBusinessRegistrationNo: string;
  businessContactCountryCode: string;
  businessContactNo: string;
  establishedDate: string;
  natureOfBusinessId: string;
  businessAuthorizedPostcode: string;
  applicantName: string;
  applicantIdentityCardType: 'MYKAD' | 'PASSPORT';
  applicantIdentityCardNo: string;
  applicantDateOfBirth: string;
  applicantGender: 'MALE' | 'FEMALE' | '';
  applicantRaceId: string;
  applicantContactCountryCode: string;
  applicantContactNo: string;
  applicantEmail: string;
  password: string;
  passwordConfirmation: string;
  partnerId: string;
  referralSourceId: string;
  referralSourceOther: string;
  termsAccepted: boolean;
  acceptMarketingConsent: boolean;
}

export function emptyRegistration(phoneNo = ''): RegistrationFormValues {
  return {
    organizationType: '',
    companyName: '',
    newBusinessRegistrationNo: '',
    businessContactCountryCode: '+60',
    businessContactNo: '',
    establishedDate: '',
    natureOfBusinessId: '',
    businessAuthorizedPostcode: '',
    applicantName: '',
    applicantIdentityCardType: 'MYKAD',
    applicantIdentityCardNo: '',
    applicantDateOfBirth: '',
    applicantGender: '',
    applicantRaceId: '',
    applicantContactCountryCode: '+60',
    applicantContactNo: phoneNo.replace(/^\+?60/, '0').replace(/\D/g, ''),
    applicantEmail: '',
    password: '',
    passwordConfirmation: '',
    partnerId: '',
    referralSourceId: '',
    referralSourceOther: '',
    termsAccepted: false,
    acceptMarketingConsent: false,
  };
}

export interface RegistrationContext {
  t: Translate;
  today: Date;
  /** The referral sources that ask for the "other" text. */
  otherSourceIds: readonly string[];
}

const { minAge, maxAge, minBusinessAgeMonths } = DEFAULT_ELIGIBILITY_SETTINGS;

/** The sentence for an age the product cannot lend to, or null when within the rule. */
export function ageWarning(t: Translate, birthDate: string, todayIso: string): string | null {
  if (!ageRuleFailure(birthDate, todayIso)) return null;
  return t('validation.ageRange', {
    min: minAge,
    max: maxAge,
    age: wholeYearsBetween(birthDate, todayIso),
  });
}

/** The sentence for a business too new to borrow, with the day it may apply, or null. */
export function businessAgeWarning(
  t: Translate,
  establishedDate: string,
  todayIso: string,
): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(establishedDate)) return null;
  if (compareDates(establishedDate, todayIso) > 0) return null;
  if (!businessAgeRuleFailure(establishedDate, todayIso)) return null;
  return t('validation.businessTooNew', {
    months: minBusinessAgeMonths,
    date: businessEligibleFrom(establishedDate),
  });
}

/**
 * The registration form's rules (spec section 5), from the same domain functions the server
 * uses, worded "Please enter your {label}", "Please enter a valid {label}", "Please select {label}".
 */
export function registrationSchema({ t, today, otherSourceIds }: RegistrationContext) {
  const label = (key: string) => t(`fields.${key}`);
  const required = (key: string) => t('validation.required', { label: label(key) });
  const invalid = (key: string) => t('validation.invalid', { label: label(key) });
  const select = (key: string) => t('validation.select', { label: label(key) });
  const todayIso = malaysiaDate(today);
  const phone = (field: string, codeField: string, key: string) =>
    yup
      .string()
      .required(required(key))
      .test(field, (value, context) => {
        const result = toE164(String(context.parent[codeField] ?? ''), value ?? '');
        if (result.ok) return true;
        return context.createError({ message: phoneSentence(t, result.reason, label(key)) });
      });
  const pastDate = (key: string) =>
    yup
      .string()
      .required(required(key))
      .test('past', invalid(key), (value) =>
        Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value) && compareDates(value, todayIso) <= 0),
      );

  return yup.object({
    organizationType: yup.string().required(select('organizationType')),
    companyName: yup
      .string()
      .trim()
      .required(required('companyName'))
      .max(FIELD_LIMITS.companyName),
    newBusinessRegistrationNo: yup
      .string()
      .required(required('newBusinessRegistrationNo'))
      .test('brn', (value, context) => {
        const problem = registrationNumberProblem(
          t,
          value ?? '',
          context.parent.organizationType as OrganizationType | '',
          Number(todayIso.slice(0, 4)),
        );
        if (!problem) return true;
        // Here the type is a field of the form, so the applicant is told to change it.
        const message =
          problem.reason === 'organizationType'
            ? `${problem.sentence}; ${t('validation.chooseMatchingType')}`
            : problem.sentence;
        return context.createError({ message });
      }),
    businessContactCountryCode: countryCode(t),
    businessContactNo: phone(
      'businessContactNo',
      'businessContactCountryCode',
      'businessContactNo',
    ),
    establishedDate: pastDate('establishedDate').test('businessAge', (value, context) => {
      const warning = businessAgeWarning(t, value ?? '', todayIso);
      return warning ? context.createError({ message: warning }) : true;
    }),
    natureOfBusinessId: yup.string().required(select('natureOfBusinessId')),
    businessAuthorizedPostcode: yup
      .string()
      .required(required('businessAuthorizedPostcode'))
      .matches(/^\d{5}$/, invalid('businessAuthorizedPostcode')),
    applicantName: yup
      .string()
      .trim()
      .required(required('applicantName'))
      .max(FIELD_LIMITS.personName),
    applicantIdentityCardType: yup.string().required(select('applicantIdentityCardType')),
    applicantIdentityCardNo: yup
      .string()
      .required((params) =>
        required(
          (params as { parent?: RegistrationFormValues }).parent?.applicantIdentityCardType ===
            'PASSPORT'
            ? 'passportNo'
            : 'nric',
        ),
      )
      .test('identity', (value, context) => {
        const passport = context.parent.applicantIdentityCardType === 'PASSPORT';
        if (passport) {
          return (
            validatePassport(value ?? '').ok ||
            context.createError({ message: invalid('passportNo') })
          );
        }
        const nric = parseNric(value ?? '', today);
        if (!nric.ok) return context.createError({ message: invalid('nric') });
        const warning = ageWarning(t, nric.nric.birthDate, todayIso);
        return warning ? context.createError({ message: warning }) : true;
      }),
    applicantDateOfBirth: yup.string().when('applicantIdentityCardType', {
      is: 'PASSPORT',
      then: () =>
        pastDate('applicantDateOfBirth').test('age', (value, context) => {
          const warning = value ? ageWarning(t, value, todayIso) : null;
          return warning ? context.createError({ message: warning }) : true;
        }),
      otherwise: (schema) => schema,
    }),
    applicantGender: yup.string().when('applicantIdentityCardType', {
      is: 'PASSPORT',
      then: (schema) => schema.required(select('applicantGender')),
      otherwise: (schema) => schema,
    }),
    applicantRaceId: yup.string().required(select('applicantRaceId')),
    applicantContactCountryCode: countryCode(t),
    applicantContactNo: phone(
      'applicantContactNo',
      'applicantContactCountryCode',
      'applicantContactNo',
    ),
    applicantEmail: yup
      .string()
      .required(required('applicantEmail'))
      .test('email', invalid('applicantEmail'), (value) => validateEmail(value ?? '').ok),
    password: yup
      .string()
      .required(required('password'))
      .test(
        'length',
        t('validation.minLength', { label: label('password'), min: PASSWORD_MIN_LENGTH }),
        (value) => checkPassword(value ?? '').ok,
      ),
    passwordConfirmation: yup
      .string()
      .required(required('passwordConfirmation'))
      .test(
        'match',
        t('validation.passwordMismatch'),
        (value, context) =>
          checkPassword(String(context.parent.password ?? ''), value ?? '').ok ||
          !checkPassword(String(context.parent.password ?? '')).ok,
      ),
    partnerId: yup.string().max(FIELD_LIMITS.partnerId),
    referralSourceId: yup.string(),
    referralSourceOther: yup.string().when('referralSourceId', {
      is: (id: string | undefined) => Boolean(id && otherSourceIds.includes(id)),
      then: (schema) => schema.trim().required(required('referralSourceOther')),
      otherwise: (schema) => schema,
    }),
    termsAccepted: yup.boolean().oneOf([true], t('validation.terms')),
    acceptMarketingConsent: yup.boolean(),
  });
}

/** The form's values as the register call takes them. */
export function toRegisterRequest(
  values: RegistrationFormValues,
  captchaToken: string,
  language: 'EN' | 'MS',
): OnboardingRegisterRequest {
  const passport = values.applicantIdentityCardType === 'PASSPORT';
  return {
    organizationType: values.organizationType as OrganizationType,
    companyName: values.companyName.trim(),
    newBusinessRegistrationNo: values.newBusinessRegistrationNo.replace(/[\s-]/g, ''),
    businessContactCountryCode: values.businessContactCountryCode,
    businessContactNo: values.businessContactNo,
    establishedDate: values.establishedDate,
    natureOfBusinessId: Number(values.natureOfBusinessId),
    businessAuthorizedPostcode: values.businessAuthorizedPostcode,
    applicantName: values.applicantName.trim(),
    applicantIdentityCardType: values.applicantIdentityCardType,
    applicantIdentityCardNo: values.applicantIdentityCardNo,
    ...(passport
      ? {
          applicantDateOfBirth: values.applicantDateOfBirth,
          applicantGender: values.applicantGender as 'MALE' | 'FEMALE',
        }
      : {}),
    applicantRaceId: Number(values.applicantRaceId),
    applicantContactCountryCode: values.applicantContactCountryCode,
    applicantContactNo: values.applicantContactNo,
    applicantEmail: values.applicantEmail.trim().toLowerCase(),
    password: values.password,
    passwordConfirmation: values.passwordConfirmation,
    ...(values.partnerId.trim() ? { partnerId: values.partnerId.trim() } : {}),
    ...(values.referralSourceId ? { referralSourceId: Number(values.referralSourceId) } : {}),
    ...(values.referralSourceOther.trim()
      ? { referralSourceOther: values.referralSourceOther.trim() }
      : {}),
    termsAccepted: values.termsAccepted,
    consentTextVersion: LEGAL_TEXT_VERSION,
    acceptMarketingConsent: values.acceptMarketingConsent,
    language,
    captchaToken,
  };
}
