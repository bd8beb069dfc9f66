import * as yup from 'yup';
import type { IdentityCardType, OrganizationType, PersonRole } from '@lending/contracts';
import {
  DEFAULT_LOAN_LIMITS,
  MAX_EMERGENCY_CONTACTS,
  MIN_DIRECTORS,
  MIN_PARTNERS,
  checkLoanAmount,
  checkOrganizationType,
  checkTenure,
  formatRinggit,
  isSameEmail,
  isValidBankAccountNumber,
  parseNric,
  parseRegistrationNumber,
  parseRinggit,
  toE164,
  validateDirectorIc,
  validateEmail,
  validatePassport,
  type LoanLimits,
} from '@lending/domain';

/** A translation function of the `onboarding-application` namespace. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export const NAME_MAX_LENGTH = 100;
export const NAME_MIN_LENGTH = 2;
export const ADDRESS_LINE_MAX_LENGTH = 100;
export const OTHER_TEXT_MAX_LENGTH = 100;
export const POSTCODE_LENGTH = 5;
export const DIRECTOR_IC_LENGTH = 12;
export const CAMPAIGN_CODE_MAX_LENGTH = 20;

const DIGITS_ONLY = /^\d*$/;

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

type Messages = ReturnType<typeof validationMessages>;

function text(m: Messages, key: string, max = NAME_MAX_LENGTH) {
  return yup.string().trim().required(m.required(key)).max(max, m.maxLength(max));
}

function optionalText(m: Messages, max = NAME_MAX_LENGTH) {
  return yup.string().trim().max(max, m.maxLength(max));
}

function selection(m: Messages, key: string) {
  return yup.string().required(m.select(key));
}

function email(m: Messages, key: string) {
  return yup
    .string()
    .required(m.required(key))
    .test('email', m.invalid(key), (value) => !value || validateEmail(value).ok);
}

function date(m: Messages, key: string) {
  return yup
    .string()
    .required(m.select(key))
    .matches(/^\d{4}-\d{2}-\d{2}$/, { message: m.invalid(key), excludeEmptyString: true });
}

/** A phone as the country code and the digits (spec section 5: country code required, no dash). */
function phone(t: Translate, m: Messages, key: string, countryCodeField: string) {
  return yup
    .string()
    .required(m.required(key))
    .test('phone', function validatePhone(value) {
      const countryCode = String((this.parent as Record<string, unknown>)[countryCodeField] ?? '');
      const result = toE164(countryCode, value ?? '');
      if (result.ok) return true;
      const message =
        result.reason === 'dash'
          ? t('validation.phoneDash')
          : result.reason === 'countryCode'
            ? t('validation.phoneCountryCode')
            : m.invalid(key);
      return this.createError({ message });
    });
}

function digits(m: Messages, key: string) {
  return yup
    .string()
    .required(m.required(key))
    .matches(DIGITS_ONLY, { message: m.digitsOnly(), excludeEmptyString: true });
}

export interface AddressValues {
  line1: string;
  line2: string;
  line3: string;
  postcode: string;
}

export const EMPTY_ADDRESS: AddressValues = { line1: '', line2: '', line3: '', postcode: '' };

export function addressSchema(t: Translate) {
  const m = validationMessages(t);
  return yup.object({
    line1: text(m, 'addressLine1', ADDRESS_LINE_MAX_LENGTH),
    line2: optionalText(m, ADDRESS_LINE_MAX_LENGTH),
    line3: optionalText(m, ADDRESS_LINE_MAX_LENGTH),
    postcode: yup
      .string()
      .required(m.required('postcode'))
      .matches(DIGITS_ONLY, { message: m.digitsOnly(), excludeEmptyString: true })
      .test(
        'postcode',
        m.invalid('postcode'),
        (value) => !value || !DIGITS_ONLY.test(value) || value.length === POSTCODE_LENGTH,
      ),
  });
}

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

// ---------------------------------------------------------------------------------------------
// Loan

export interface LoanFormValues {
  amount: string;
  tenureMonths: string;
  loanReasonId: string;
  loanReasonOther: string;
  campaignCode: string;
}

export interface LoanSchemaOptions {
  limits?: LoanLimits;
  /** Ids (as strings) of the loan reasons that ask for free text ("Others"). */
  reasonsNeedingOther: readonly string[];
}

export function loanSchema(t: Translate, options: LoanSchemaOptions) {
  const m = validationMessages(t);
  const limits = options.limits ?? DEFAULT_LOAN_LIMITS;
  return yup.object({
    amount: yup
      .string()
      .required(m.required('loanAmount'))
      .test('amount', function validateAmount(value) {
        if (!value) return true;
        const parsed = parseRinggit(value ?? '');
        if (!parsed.ok) return this.createError({ message: m.invalid('loanAmount') });
        const check = checkLoanAmount(parsed.sen, limits);
        if (check.ok) return true;
        if (check.reason === 'notWhole')
          return this.createError({ message: m.invalid('loanAmount') });
        return this.createError({
          message: t(
            check.reason === 'belowMinimum' ? 'validation.amountMin' : 'validation.amountMax',
            { amount: formatRinggit(check.limit) },
          ),
        });
      }),
    tenureMonths: yup
      .string()
      .required(m.select('tenure'))
      .test(
        'tenure',
        m.invalid('tenure'),
        (value) => !value || checkTenure(Number(value), limits).ok,
      ),
    loanReasonId: selection(m, 'loanReason'),
    loanReasonOther: yup
      .string()
      .trim()
      .max(OTHER_TEXT_MAX_LENGTH, m.maxLength(OTHER_TEXT_MAX_LENGTH))
      .when('loanReasonId', {
        is: (id: string) => options.reasonsNeedingOther.includes(id),
        then: (schema) => schema.required(m.required('loanReasonOther')),
      }),
    campaignCode: yup
      .string()
      .trim()
      .max(CAMPAIGN_CODE_MAX_LENGTH, m.maxLength(CAMPAIGN_CODE_MAX_LENGTH))
      .matches(/^[A-Za-z0-9-]*$/, m.invalid('campaignCode')),
  });
}

// ---------------------------------------------------------------------------------------------
// Company

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
  const currentYear = options.today.getFullYear();
  const address = addressSchema(t);
  return yup.object({
    companyName: text(m, 'companyName').min(NAME_MIN_LENGTH, m.minLength(NAME_MIN_LENGTH)),
    taxIdentificationNo: optionalText(m, 20).matches(
      /^[A-Za-z0-9]*$/,
      m.invalid('taxIdentificationNo'),
    ),
    oldBusinessRegistrationNo: optionalText(m, 20),
    newBusinessRegistrationNo: yup
      .string()
      .required(m.required('newBusinessRegistrationNo'))
      .test('registration', function validateRegistration(value) {
        if (!value) return true;
        const parsed = parseRegistrationNumber(value, currentYear);
        if (!parsed.ok) return this.createError({ message: t('validation.registrationNewFormat') });
        const check = checkOrganizationType(value, options.organizationType);
        if (check.ok) return true;
        return this.createError({
          message:
            check.reason === 'organizationTypeMismatch'
              ? t('validation.registrationTypeMismatch', {
                  type: t(`organizationTypes.${check.expected}`),
                })
              : t('validation.registrationNewFormat'),
        });
      }),
    natureOfBusinessId: selection(m, 'natureOfBusiness'),
    businessContactCountryCode: yup.string().required(t('validation.phoneCountryCode')),
    businessContactNo: phone(t, m, 'businessContactNo', 'businessContactCountryCode'),
    establishedDate: date(m, 'establishedDate').test(
      'past',
      m.invalid('establishedDate'),
      (value) => !value || value <= options.today.toISOString().slice(0, 10),
    ),
    ssmExpiryDate: yup.string().matches(/^(\d{4}-\d{2}-\d{2})?$/, m.invalid('ssmExpiryDate')),
    companyEmail: email(m, 'companyEmail'),
    operatingExpenses: yup
      .string()
      .test('money', m.invalid('operatingExpenses'), (value) => !value || parseRinggit(value).ok),
    businessAuthorisedAddress: address,
    registeredSameAsBusiness: yup.boolean().required(),
    registeredSsmAddress: yup.object().when('registeredSameAsBusiness', {
      is: true,
      then: () => yup.object(),
      otherwise: () => address,
    }),
    mailingSameAsBusiness: yup.boolean().required(),
    mailingAddress: yup.object().when('mailingSameAsBusiness', {
      is: true,
      then: () => yup.object(),
      otherwise: () => address,
    }),
  });
}

// ---------------------------------------------------------------------------------------------
// Applicant

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
    name: text(m, 'applicantName').min(NAME_MIN_LENGTH, m.minLength(NAME_MIN_LENGTH)),
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
    contactCountryCode: yup.string().required(t('validation.phoneCountryCode')),
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
    employerName: optionalText(m),
    jobTitle: optionalText(m),
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
      .max(OTHER_TEXT_MAX_LENGTH, m.maxLength(OTHER_TEXT_MAX_LENGTH))
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

// ---------------------------------------------------------------------------------------------
// Disbursement

export interface DisbursementFormValues {
  bankId: string;
  accountName: string;
  accountNumber: string;
}

export function disbursementSchema(t: Translate) {
  const m = validationMessages(t);
  return yup.object({
    bankId: selection(m, 'companyBank'),
    accountName: text(m, 'accountName').min(NAME_MIN_LENGTH, m.minLength(NAME_MIN_LENGTH)),
    accountNumber: digits(m, 'accountNumber').test(
      'account',
      m.invalid('accountNumber'),
      (value) => !value || !DIGITS_ONLY.test(value) || isValidBankAccountNumber(value),
    ),
  });
}

// ---------------------------------------------------------------------------------------------
// Emergency contacts

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
    name: text(m, 'emergencyContactName').min(NAME_MIN_LENGTH, m.minLength(NAME_MIN_LENGTH)),
    relationshipId: selection(m, 'relationship'),
    relationshipOther: yup
      .string()
      .trim()
      .max(OTHER_TEXT_MAX_LENGTH, m.maxLength(OTHER_TEXT_MAX_LENGTH))
      .when('relationshipId', {
        is: (id: string) => options.relationshipsNeedingOther.includes(id),
        then: (schema) => schema.required(m.required('relationshipOther')),
      }),
    contactCountryCode: yup.string().required(t('validation.phoneCountryCode')),
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

// ---------------------------------------------------------------------------------------------
// Partners and directors

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
    name: text(m, 'personName').min(NAME_MIN_LENGTH, m.minLength(NAME_MIN_LENGTH)),
    identityCardType: yup
      .mixed<IdentityCardType>()
      .oneOf(['MYKAD', 'PASSPORT'])
      .required(m.select('identityCardType')),
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
        if (!DIGITS_ONLY.test(value)) return this.createError({ message: m.digitsOnly() });
        return (
          validateDirectorIc(value).ok ||
          this.createError({ message: m.exactLength(DIRECTOR_IC_LENGTH) })
        );
      }),
    contactCountryCode: yup.string().required(t('validation.phoneCountryCode')),
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

// ---------------------------------------------------------------------------------------------
// Summary

export function acknowledgementSchema(t: Translate) {
  return yup.object({
    acknowledged: yup.boolean().oneOf([true], t('summary.acknowledgementRequired')),
  });
}

/** Options of a drop-down, as the form pages pass them around. */
export type SelectOptionList = { value: string; label: string }[];
