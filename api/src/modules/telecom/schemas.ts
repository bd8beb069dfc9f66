import { Type } from '@sinclair/typebox';

import { PasswordField, StringEnum } from '../../http/schema';

/** E.164: `+` and 8 to 15 digits. */
const CallerIdField = Type.String({
  pattern: '^\\+[1-9][0-9]{7,14}$',
  'x-sentences': {
    required: 'Please enter your phone number',
    pattern: 'Please enter a valid phone number with its country code',
  },
});

/** The telecom's password is the telecom's to judge: any non-empty text, within reason. */
export const FirstLoginBody = Type.Object({ callerId: CallerIdField, password: PasswordField });

export const FirstLoginResponseSchema = Type.Object({
  redOneJwt: Type.String(),
  accessToken: Type.Union([Type.String(), Type.Null()]),
  refreshToken: Type.Union([Type.String(), Type.Null()]),
  userDetails: Type.Union([Type.Ref('UserDetails'), Type.Null()]),
  applicationDetails: Type.Array(Type.Object({ id: Type.String(), status: Type.String() })),
  agreementDetails: Type.Union([
    Type.Object({
      id: Type.String(),
      agreementStatus: Type.String(),
      signDate: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  phoneNo: Type.String(),
  phoneNoTaken: Type.Boolean(),
});

export const ResetPasswordBody = Type.Object({ callerId: CallerIdField });

export const ValidateNricBody = Type.Object({
  nric: Type.String({
    minLength: 1,
    maxLength: 20,
    'x-sentences': { required: 'Please enter your NRIC', minLength: 'Please enter your NRIC' },
  }),
});

export const ValidateNricResponse = Type.Object({
  valid: Type.Literal(true),
  accountType: StringEnum(['PREPAID', 'POSTPAID']),
  postpaidTenureMonths: Type.Union([Type.Integer(), Type.Null()]),
  telecomPostpaid: Type.Object({
    pass: Type.Boolean(),
    reason: Type.Optional(StringEnum(['noTelecomPostpaid', 'telecomPostpaidTooNew'])),
  }),
});

export const CepLoginBody = Type.Object({
  email: Type.String({
    format: 'email',
    maxLength: 254,
    'x-sentences': { required: 'Please enter your email', format: 'Please enter a valid email' },
  }),
  password: PasswordField,
});

export const SandboxSubscribersResponse = Type.Array(
  Type.Object({
    callerId: Type.String(),
    name: Type.String(),
    nric: Type.String(),
    accountType: Type.String(),
    postpaidTenureMonths: Type.Union([Type.Integer(), Type.Null()]),
    portalEmail: Type.String(),
    password: Type.String(),
  }),
);
