import { ATTESTATION_LANGUAGES } from '@lending/contracts';
import { Type } from '@sinclair/typebox';

import { StringEnum } from '../../http/schema';

const Uuid = Type.String({ format: 'uuid' });
const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const AgreementParamsSchema = Type.Object({ agreementId: Uuid });
export const SlotParamsSchema = Type.Object({ slotId: Uuid });
export const BookingParamsSchema = Type.Object({ bookingId: Uuid });
export const LanguageParamsSchema = Type.Object({
  language: StringEnum(ATTESTATION_LANGUAGES),
});

export const OptionBodySchema = Type.Object(
  { option: StringEnum(['VIDEO', 'LIVE_CALL'] as const) },
  { additionalProperties: false },
);

export const ViewingBodySchema = Type.Object({ viewingId: Uuid }, { additionalProperties: false });

export const CheckBodySchema = Type.Object(
  {
    answers: Type.Array(
      Type.Object(
        {
          questionId: StringEnum([
            'AMOUNT_RECEIVED',
            'MONTHLY_INSTALMENT',
            'TOTAL_REPAYABLE',
            'LATE_PAYMENT',
          ] as const),
          choice: Type.String({ minLength: 1, maxLength: 4 }),
          answeredAfterMs: Type.Integer({ minimum: 0, maximum: 24 * 60 * 60 * 1000 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 4 },
    ),
  },
  { additionalProperties: false },
);

export const SlotQuerySchema = Type.Object({
  from: Type.Optional(IsoDate),
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 31 })),
});

export const BookBodySchema = Type.Object({ slotId: Uuid }, { additionalProperties: false });

export const VideoQuerySchema = Type.Object({
  take: Type.Optional(Type.Integer({ minimum: 1, maximum: 1 })),
  language: Type.Optional(StringEnum(ATTESTATION_LANGUAGES)),
  link: Type.Optional(
    Type.String({ maxLength: 2048, description: 'A link minted for the video: never a bearer' }),
  ),
});

export const VideoLinkBodySchema = Type.Object(
  { language: Type.Optional(StringEnum(ATTESTATION_LANGUAGES)) },
  { additionalProperties: false },
);

export const VideoLinkSchema = Type.Object({
  url: Type.String({ description: 'Streams the video in that language, for this person' }),
  expiresAt: Type.String({ format: 'date-time' }),
});

export const VersionBodySchema = Type.Object({ version: Version }, { additionalProperties: false });

export const OpenSlotsBodySchema = Type.Object(
  {
    officerId: Type.Optional(Uuid),
    startsAt: Type.Array(Type.String({ format: 'date-time' }), { minItems: 1, maxItems: 200 }),
  },
  { additionalProperties: false },
);

export const OutcomeBodySchema = Type.Object(
  {
    outcome: StringEnum(['ATTESTED', 'NOT_ATTESTED', 'NO_SHOW'] as const),
    notes: Type.String({ minLength: 1, maxLength: 2000, pattern: '\\S' }),
  },
  { additionalProperties: false },
);

export const MeetingParamsSchema = Type.Object({
  meetingId: Type.String({ pattern: '^[A-Za-z0-9_-]{10,40}$' }),
});
export const MeetingQuerySchema = Type.Object({
  role: Type.Optional(StringEnum(['host', 'guest'] as const)),
});
