import { FIELD_LIMITS } from '@lending/domain';
import { type TSchema, Type } from '@sinclair/typebox';

import { StringEnum } from '../../http/schema';

const say = (required: string, others: Record<string, string> = {}) => ({
  'x-sentences': { required, ...others },
});

const Text = (max: number, label: string) =>
  Type.String({
    minLength: 1,
    maxLength: max,
    ...say(`Please enter your ${label}`, {
      minLength: `Please enter your ${label}`,
      maxLength: `${label} must be no more than ${String(max)} characters`,
    }),
  });

const OptionalText = (max: number) => Type.Optional(Type.String({ maxLength: max }));

const Id = (label: string) =>
  Type.Integer({
    minimum: 1,
    ...say(`Please select ${label}`, {
      type: `Please select ${label}`,
      minimum: `Please select ${label}`,
    }),
  });

const IsoDate = (label: string) =>
  Type.String({
    format: 'date',
    ...say(`Please enter your ${label}`, { format: `Please enter a valid ${label}` }),
  });

const Phone = (label: string) =>
  Type.String({
    minLength: 1,
    maxLength: FIELD_LIMITS.phone,
    ...say(`Please enter your ${label}`),
  });

const Email = (label: string) =>
  Type.String({
    minLength: 1,
    maxLength: FIELD_LIMITS.email,
    ...say(`Please enter your ${label}`),
  });

const Sen = Type.Integer({ minimum: 0, maximum: 2_000_000_000 });

export const AddressInputSchema = Type.Object(
  {
    line1: Text(FIELD_LIMITS.addressLine, 'address'),
    line2: OptionalText(FIELD_LIMITS.addressLine),
    line3: OptionalText(FIELD_LIMITS.addressLine),
    postcode: Type.String({
      pattern: '^[0-9]{5}$',
      ...say('Please enter your postcode', { pattern: 'Please enter a valid postcode' }),
    }),
  },
  { additionalProperties: false },
);

const IdentityCardType = StringEnum(['MYKAD', 'PASSPORT'] as const);
const Gender = StringEnum(['MALE', 'FEMALE'] as const);

const loanFields = {
  requestedAmountSen: Type.Integer({
    minimum: 1,
    ...say('Please enter your loan amount', { type: 'Please enter a valid loan amount' }),
  }),
  tenureMonths: Type.Integer({
    minimum: 1,
    ...say('Please enter your loan period', { type: 'Please enter a valid loan period' }),
  }),
  loanReasonId: Id('loan reason'),
  loanReasonOther: OptionalText(FIELD_LIMITS.loanReasonOther),
  campaignCode: Type.Optional(Type.String({ maxLength: FIELD_LIMITS.campaignCode })),
};

export const LoanRequestBody = Type.Object(loanFields, { additionalProperties: false });

export const CreateApplicationBody = Type.Object(
  { ...loanFields, organizationId: Type.Optional(Type.String({ format: 'uuid' })) },
  { additionalProperties: false },
);

const applicationId = Type.String({ format: 'uuid' });

export const CompanyDetailsBody = Type.Object(
  {
    applicationId,
    companyName: Text(FIELD_LIMITS.companyName, 'company name'),
    taxIdentificationNo: OptionalText(FIELD_LIMITS.taxIdentificationNo),
    oldBusinessRegistrationNo: OptionalText(FIELD_LIMITS.businessRegistrationNo),
    newBusinessRegistrationNo: Text(
      FIELD_LIMITS.businessRegistrationNo,
      'business registration number',
    ),
    natureOfBusinessId: Id('nature of business'),
    businessContactNo: Phone('business contact number'),
    establishedDate: IsoDate('date of establishment'),
    ssmExpiryDate: Type.Optional(IsoDate('SSM expiry date')),
    companyEmail: Email('company email'),
    operatingExpensesSen: Type.Optional(Sen),
    businessAuthorisedAddress: AddressInputSchema,
    registeredSsmAddress: AddressInputSchema,
    mailingAddress: AddressInputSchema,
  },
  { additionalProperties: false },
);

export const ApplicantDetailsBody = Type.Object(
  {
    applicationId,
    name: Text(FIELD_LIMITS.personName, 'name as per identity card'),
    identityCardType: IdentityCardType,
    identityCardNo: Text(FIELD_LIMITS.identityCardNo, 'identity card number'),
    dateOfBirth: Type.Optional(IsoDate('date of birth')),
    gender: Type.Optional(Gender),
    raceId: Id('race'),
    nationalityId: Id('nationality'),
    contactNo: Phone('contact number'),
    personalEmail: Email('personal email'),
    nricAddress: AddressInputSchema,
    homeAddress: AddressInputSchema,
    mailingAddress: AddressInputSchema,
    employeeTypeCode: Type.Optional(Type.Integer({ minimum: 0 })),
    grossSalaryRangeCode: Type.Optional(Type.Integer({ minimum: 0 })),
    monthlyNetSalarySen: Type.Optional(Sen),
    employerName: OptionalText(FIELD_LIMITS.employerName),
    jobTitle: OptionalText(FIELD_LIMITS.jobTitle),
    employmentStartDate: Type.Optional(IsoDate('employment start date')),
    employerContactNo: Type.Optional(Type.String({ maxLength: FIELD_LIMITS.phone })),
    personalBankId: Id('bank'),
    personalBankAccountNo: Text(FIELD_LIMITS.bankAccountNo, 'bank account number'),
    referralSourceId: Type.Optional(Id('referral source')),
    referralSourceOther: OptionalText(FIELD_LIMITS.referralSourceOther),
    partnerId: OptionalText(FIELD_LIMITS.partnerId),
    acceptMarketingConsent: Type.Boolean({ default: false }),
  },
  { additionalProperties: false },
);

export const DisbursementDetailsBody = Type.Object(
  {
    applicationId,
    bankId: Id('company bank'),
    accountName: Text(FIELD_LIMITS.personName, 'company account name'),
    accountNumber: Text(FIELD_LIMITS.bankAccountNo, 'company account number'),
  },
  { additionalProperties: false },
);

export const EmergencyContactDetailsBody = Type.Object(
  {
    applicationId,
    contacts: Type.Array(
      Type.Object(
        {
          name: Text(FIELD_LIMITS.personName, 'emergency contact name'),
          relationshipId: Id('relationship'),
          relationshipOther: OptionalText(FIELD_LIMITS.relationshipOther),
          contactNo: Phone('emergency contact number'),
          email: Email('emergency contact email'),
        },
        { additionalProperties: false },
      ),
      {
        minItems: 1,
        maxItems: 3,
        'x-sentences': {
          required: 'Please give at least 1 emergency contact',
          minItems: 'Please give at least 1 emergency contact',
          maxItems: 'Please give no more than 3 emergency contacts',
        },
      },
    ),
  },
  { additionalProperties: false },
);

export const DirectorDetailsBody = Type.Object(
  {
    applicationId,
    people: Type.Array(
      Type.Object(
        {
          role: StringEnum(['PARTNER', 'DIRECTOR'] as const),
          name: Text(FIELD_LIMITS.personName, 'name'),
          identityCardType: IdentityCardType,
          identityCardNo: Text(FIELD_LIMITS.identityCardNo, 'IC number'),
          contactNo: Phone('contact number'),
          personalEmail: Email('personal email'),
        },
        { additionalProperties: false },
      ),
      { maxItems: 20, 'x-sentences': { required: 'Please add partners or directors' } },
    ),
  },
  { additionalProperties: false },
);

export const UpdateOrganizationBody = Type.Object(
  {
    companyName: Type.Optional(Type.String({ maxLength: FIELD_LIMITS.companyName })),
    businessContactNo: Type.Optional(Type.String({ maxLength: FIELD_LIMITS.phone })),
  },
  { additionalProperties: false },
);

export const ApplicationIdParams = Type.Object({
  applicationId: Type.String({ format: 'uuid', 'x-message': 'is not a valid application id' }),
});
export const UserIdParams = Type.Object({ userId: Type.String({ format: 'uuid' }) });
export const OrganizationIdParams = Type.Object({
  organizationId: Type.String({ format: 'uuid' }),
});
export const EmailBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: FIELD_LIMITS.email }),
});

// Answers ---------------------------------------------------------------------------------------

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** Sections and missing items are written by the service from the shared contract types. */
const Any = Type.Unsafe<unknown>({});

const ApplicationStatusSchema = Type.String();
const OrganizationTypeSchema = StringEnum(['SOLE_PROP', 'PARTNERSHIP', 'COMPANY'] as const);

export const ApplicationSchema = Type.Object(
  {
    id: Type.String(),
    referenceNo: Type.String(),
    userId: Type.String(),
    organizationId: Type.String(),
    organizationType: OrganizationTypeSchema,
    status: ApplicationStatusSchema,
    applicationStatus: ApplicationStatusSchema,
    requestedAmountSen: Nullable(Type.Integer()),
    tenureMonths: Nullable(Type.Integer()),
    loanReasonId: Nullable(Type.Integer()),
    loanReasonOther: Nullable(Type.String()),
    campaignCode: Nullable(Type.String()),
    interestRateBp: Nullable(Type.Integer()),
    estimatedMonthlyInstalmentSen: Nullable(Type.Integer()),
    progress: Type.Array(Type.String()),
    sections: Any,
    missing: Type.Array(Any),
    submittedAt: Nullable(Type.String()),
    createdAt: Type.String(),
    updatedAt: Type.String(),
  },
  { $id: 'Application' },
);

export const ApplicationListItemSchema = Type.Object({
  id: Type.String(),
  referenceNo: Type.String(),
  status: ApplicationStatusSchema,
  organizationType: OrganizationTypeSchema,
  requestedAmountSen: Nullable(Type.Integer()),
  createdAt: Type.String(),
});

export const SubmitRefusalSchema = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  code: Type.Literal('SUBMIT_REFUSED'),
  missing: Type.Array(Any),
});

export const OrganizationSchema = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  organizationType: OrganizationTypeSchema,
  companyName: Type.String(),
  newBusinessRegistrationNo: Type.String(),
  businessContactNo: Nullable(Type.String()),
  applicantName: Type.String(),
  applicantEmail: Type.String(),
  applicantContactNo: Nullable(Type.String()),
  applicantIdentityCardNo: Nullable(Type.String()),
  createdAt: Type.String(),
});
