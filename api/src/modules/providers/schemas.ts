import { PROVIDER_SERVICE_IDS } from '@lending/contracts';
import { Type } from '@sinclair/typebox';

const Instant = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

const SettingSchema = Type.Union([
  Type.Object({
    name: Type.String(),
    secret: Type.Literal(false),
    value: Type.Union([Type.String(), Type.Null()]),
  }),
  // A secret says only whether it is set: the schema leaves no room for its value.
  Type.Object({ name: Type.String(), secret: Type.Literal(true), set: Type.Boolean() }),
]);

export const ProvidersViewSchema = Type.Object({
  since: Type.String({ format: 'date-time' }),
  services: Type.Array(
    Type.Object({
      service: Type.Unsafe<string>({ type: 'string', enum: [...PROVIDER_SERVICE_IDS] }),
      provider: Type.String(),
      sandbox: Type.Boolean(),
      sandboxAllowed: Type.Boolean(),
      health: Type.Object({
        calls: Type.Integer(),
        failures: Type.Integer(),
        lastCallAt: Instant,
        lastLatencyMs: Type.Union([Type.Integer(), Type.Null()]),
        lastOkAt: Instant,
        lastError: Type.Union([
          Type.Object({ at: Type.String({ format: 'date-time' }), message: Type.String() }),
          Type.Null(),
        ]),
      }),
      settings: Type.Array(SettingSchema),
      outcomes: Type.Array(Type.Object({ label: Type.String(), count: Type.Integer() })),
    }),
  ),
});

export const MeetingJoinParamsSchema = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 120, pattern: '^[A-Za-z0-9._-]+$' }),
});

/** A receipt's form fields as the SMS gateway posts them. */
export const SmsReceiptSchema = Type.Record(
  Type.String({ maxLength: 40 }),
  Type.String({ maxLength: 200 }),
);
