import { Type } from '@sinclair/typebox';

import { StringEnum } from '../../http/schema';

export const ChannelParams = Type.Object({ channel: StringEnum(['email', 'sms']) });

export const VerifyBody = Type.Object({
  code: Type.String({
    pattern: '^\\d{6}$',
    'x-sentences': {
      required: 'Please enter all 6 digits of the code',
      pattern: 'Please enter all 6 digits of the code',
    },
  }),
});

export const SendCodeResponseSchema = Type.Object({
  sentTo: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
  resendAvailableAt: Type.String({ format: 'date-time' }),
});

const ChannelVerification = Type.Object({
  verified: Type.Boolean(),
  verifiedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  pending: Type.Optional(Type.Union([SendCodeResponseSchema, Type.Null()])),
});

export const VerificationStatusSchema = Type.Object({
  email: ChannelVerification,
  sms: ChannelVerification,
});
