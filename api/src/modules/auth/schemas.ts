import { Type } from '@sinclair/typebox';

import { PasswordField, StringEnum } from '../../http/schema';

export { PasswordField };

const say = (required: string, minLength = required) => ({
  'x-sentences': { required, minLength },
});

export const EmailField = Type.String({
  minLength: 1,
  maxLength: 254,
  ...say('Please enter your email'),
});
const CaptchaField = Type.String({ maxLength: 4096 });

export const LoginBody = Type.Object({
  email: EmailField,
  password: PasswordField,
  captchaToken: Type.Optional(CaptchaField),
});

export const StaffLoginBody = Type.Object({ email: EmailField, password: PasswordField });

export const RegisterBody = Type.Object({
  email: Type.String({
    format: 'email',
    maxLength: 254,
    'x-sentences': {
      required: 'Please enter your email',
      format: 'Please enter a valid email',
    },
  }),
  password: PasswordField,
  firstName: Type.String({ minLength: 1, maxLength: 100, ...say('Please enter your name') }),
  phoneNo: Type.String({
    pattern: '^\\+[1-9][0-9]{7,14}$',
    'x-sentences': {
      required: 'Please enter your phone number',
      pattern: 'Please enter a valid phone number with its country code',
    },
  }),
  language: StringEnum(['EN', 'MS'], { default: 'EN' }),
  captchaToken: Type.Optional(CaptchaField),
  acceptMarketingConsent: Type.Boolean({ default: false }),
});

export const TokenPairSchema = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
});

export const RefreshBody = Type.Object({
  refreshToken: Type.String({ minLength: 1, maxLength: 512 }),
});

export const UserDetailsSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    email: Type.String(),
    firstName: Type.String(),
    phoneNo: Type.Union([Type.String(), Type.Null()]),
    nric: Type.Union([Type.String(), Type.Null()]),
    role: Type.String(),
    language: StringEnum(['EN', 'MS']),
    partnerId: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
    allowToApplyNewLoanAfterDateTime: Type.Union([Type.String(), Type.Null()]),
    tinNumber: Type.Union([Type.String(), Type.Null()]),
    residentialAddress1: Type.Union([Type.String(), Type.Null()]),
    residentialAddress2: Type.Union([Type.String(), Type.Null()]),
    residentialAddress3: Type.Union([Type.String(), Type.Null()]),
    applicationCreatedAt: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'UserDetails' },
);

export const LoginResponseSchema = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  redOneJwt: Type.Union([Type.String(), Type.Null()]),
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
});

export const ResetRequestBody = Type.Object({
  email: EmailField,
  captchaToken: Type.Optional(CaptchaField),
});

export const MessageSchema = Type.Object({ message: Type.String() });

export const CheckResetTokenBody = Type.Object({ token: Type.String({ maxLength: 512 }) });

export const ResetPasswordBody = Type.Object({ password: PasswordField });
