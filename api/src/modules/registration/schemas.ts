import { FIELD_LIMITS } from '@lending/domain';
import { type TSchema, Type } from '@sinclair/typebox';

import { StringEnum } from '../../http/schema';

const say = (sentences: Record<string, string>) => ({ 'x-sentences': sentences });
const isoDate = (label: string) =>
  Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    ...say({
      required: `Please enter your ${label}`,
      pattern: `Please enter a valid ${label}`,
    }),
  });
const text = (label: string, maxLength: number) =>
  Type.String({
    minLength: 1,
    maxLength,
    ...say({
      required: `Please enter your ${label}`,
      minLength: `Please enter your ${label}`,
      maxLength: `${label[0]!.toUpperCase()}${label.slice(1)} must be no more than ${maxLength} characters`,
    }),
  });
const id = (label: string) =>
  Type.Integer({
    minimum: 1,
    ...say({ required: `Please select ${label}`, type: `Please select ${label}` }),
  });
/** Sen, whole and at most RM 1 billion: beyond any turnover or income a small business states. */
const sen = (label: string) =>
  Type.Integer({
    minimum: 0,
    maximum: 100_000_000_000,
    ...say({ required: `Please enter your ${label}`, type: `Please enter a valid ${label}` }),
  });

export const EligibilityBody = Type.Object({
  isMalaysianCitizen: Type.Boolean(say({ required: 'Please select your citizenship' })),
  nric: Type.Optional(Type.String({ maxLength: FIELD_LIMITS.identityCardNo })),
  birthDate: Type.Optional(isoDate('date of birth')),
  businessEstablishedDate: isoDate('business established date'),
  annualTurnoverSen: sen('annual turnover'),
  grossMonthlyIncomeSen: sen('gross monthly income'),
  telecomPostpaidSince: Type.Optional(Type.Union([isoDate('postpaid start date'), Type.Null()])),
  redOneJwt: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
});

export const EligibilityResponse = Type.Object({
  eligible: Type.Boolean(),
  rules: Type.Array(
    Type.Object({
      rule: Type.String(),
      pass: Type.Boolean(),
      reason: Type.Optional(Type.String()),
    }),
  ),
  limits: Type.Object({
    minAge: Type.Integer(),
    maxAge: Type.Integer(),
    minBusinessAgeMonths: Type.Integer(),
    minAnnualTurnoverSen: Type.Integer(),
    minGrossMonthlyIncomeSen: Type.Integer(),
    minTelecomPostpaidMonths: Type.Integer(),
  }),
});

export const RegisterBody = Type.Object({
  organizationType: StringEnum(['SOLE_PROP', 'PARTNERSHIP', 'COMPANY']),
  companyName: text('company name', FIELD_LIMITS.companyName),
  newBusinessRegistrationNo: text(
    'business registration number',
    FIELD_LIMITS.businessRegistrationNo,
  ),
  businessContactCountryCode: Type.String({ maxLength: FIELD_LIMITS.countryCode }),
  businessContactNo: text('business contact number', FIELD_LIMITS.phoneDigits),
  establishedDate: isoDate('date of establishment'),
  natureOfBusinessId: id('nature of business'),
  businessAuthorizedPostcode: Type.String({
    pattern: '^\\d{5}$',
    ...say({ required: 'Please enter your postcode', pattern: 'Please enter a valid postcode' }),
  }),
  applicantName: text('name', FIELD_LIMITS.personName),
  applicantIdentityCardType: StringEnum(['MYKAD', 'PASSPORT']),
  applicantIdentityCardNo: text('identity card number', FIELD_LIMITS.identityCardNo),
  applicantDateOfBirth: Type.Optional(isoDate('date of birth')),
  applicantGender: Type.Optional(StringEnum(['MALE', 'FEMALE'])),
  applicantRaceId: id('race'),
  applicantContactCountryCode: Type.String({ maxLength: FIELD_LIMITS.countryCode }),
  applicantContactNo: text('phone number', FIELD_LIMITS.phoneDigits),
  applicantEmail: Type.String({
    minLength: 1,
    maxLength: FIELD_LIMITS.email,
    ...say({ required: 'Please enter your email', minLength: 'Please enter your email' }),
  }),
  password: Type.String({
    minLength: 1,
    maxLength: 1024,
    ...say({ required: 'Please enter your password', minLength: 'Please enter your password' }),
  }),
  passwordConfirmation: Type.String({ maxLength: 1024 }),
  partnerId: Type.Optional(Type.String({ maxLength: FIELD_LIMITS.partnerId })),
  referralSourceId: Type.Optional(Type.Union([id('referral source'), Type.Null()])),
  referralSourceOther: Type.Optional(Type.String({ maxLength: FIELD_LIMITS.referralSourceOther })),
  termsAccepted: Type.Boolean(),
  consentTextVersion: Type.String({
    minLength: 1,
    maxLength: 32,
    ...say({
      required: 'Please accept the terms and conditions',
      minLength: 'Please accept the terms and conditions',
    }),
  }),
  acceptMarketingConsent: Type.Boolean({ default: false }),
  language: StringEnum(['EN', 'MS'], { default: 'EN' }),
  captchaToken: Type.Optional(Type.String({ maxLength: 4096 })),
});

export const OrganizationExistenceQuery = Type.Object({
  newBusinessRegistrationNo: Type.String({
    minLength: 1,
    maxLength: FIELD_LIMITS.businessRegistrationNo,
    ...say({
      required: 'Please enter your business registration number',
      minLength: 'Please enter your business registration number',
    }),
  }),
});

export const PartnerCheckQuery = Type.Object({
  partnerId: Type.String({ minLength: 1, maxLength: FIELD_LIMITS.partnerId }),
});

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const RegistrationDetailsSchema = Type.Object({
  organizationType: Type.Union([
    Type.Literal('SOLE_PROP'),
    Type.Literal('PARTNERSHIP'),
    Type.Literal('COMPANY'),
  ]),
  companyName: Type.String(),
  newBusinessRegistrationNo: Type.String(),
  businessContactNo: Nullable(Type.String()),
  establishedDate: Type.String(),
  natureOfBusinessId: Type.Integer(),
  businessPostcode: Type.String(),
  applicantName: Type.String(),
  applicantIdentityCardType: Nullable(
    Type.Union([Type.Literal('MYKAD'), Type.Literal('PASSPORT')]),
  ),
  applicantIdentityCardNo: Nullable(Type.String()),
  applicantDateOfBirth: Type.String(),
  applicantGender: Type.Union([Type.Literal('MALE'), Type.Literal('FEMALE')]),
  applicantRaceId: Type.Integer(),
  applicantContactNo: Nullable(Type.String()),
  applicantEmail: Type.String(),
  partnerId: Nullable(Type.String()),
  referralSourceId: Nullable(Type.Integer()),
  referralSourceOther: Nullable(Type.String()),
  acceptMarketingConsent: Type.Boolean(),
});
