import type { PublishedFigures, SettingsVersion } from '@lending/contracts';
import { type Static, Type } from '@sinclair/typebox';

const Whole = (maximum = 1_000_000_000) => Type.Integer({ minimum: 0, maximum });
// One schema with both types: a union would let the validator's type coercion turn null into 0.
const WholeOrNull = Type.Unsafe<number | null>({
  type: ['integer', 'null'],
  minimum: 0,
  maximum: 1_000_000_000,
});
const ClockTime = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' });

/** Every product setting: the domain's validator then checks how they fit together. */
export const ProductSettingsSchema = Type.Object(
  {
    version: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
    rates: Type.Object(
      {
        securedAnnualRateBp: Whole(100_000),
        unsecuredAnnualRateBp: Whole(100_000),
        simulatorMonthlyRateBp: Whole(100_000),
        lateChargeAnnualRateBp: Whole(100_000),
      },
      { additionalProperties: false },
    ),
    fees: Type.Object(
      {
        stampDutySenPerThousand: Whole(1_000_000),
        attestationFeeSecuredBp: Whole(100_000),
        attestationFeeUnsecuredBp: Whole(100_000),
        attestationFeeKeptByLender: Type.Boolean(),
        loanProtectionServiceTaxBp: Whole(100_000),
        loanProtectionAgentCommissionBp: Whole(100_000),
      },
      { additionalProperties: false },
    ),
    limits: Type.Object(
      {
        minAmountSen: Whole(),
        maxAmountSen: Whole(),
        minTenureMonths: Whole(600),
        maxTenureMonths: Whole(600),
      },
      { additionalProperties: false },
    ),
    loanProtectionRates: Type.Array(
      Type.Object(
        { minTenureMonths: Whole(600), maxTenureMonths: Whole(600), rateBp: Whole(100_000) },
        { additionalProperties: false },
      ),
      { maxItems: 50 },
    ),
    bans: Type.Object(
      { rejectionBanMonths: Whole(120), temporaryBanMonths: Whole(120) },
      { additionalProperties: false },
    ),
    approvalBands: Type.Array(
      Type.Object({ upToSen: WholeOrNull, levels: Whole(10) }, { additionalProperties: false }),
      { minItems: 1, maxItems: 10 },
    ),
    officeHours: Type.Object(
      {
        opensAt: ClockTime,
        closesAt: ClockTime,
        slotMinutes: Type.Integer({ minimum: 1, maximum: 1440 }),
        publicHolidays: Type.Array(Type.String({ format: 'date' }), { maxItems: 100 }),
      },
      { additionalProperties: false },
    ),
    repayment: Type.Optional(
      Type.Object(
        { firstDueMonthsAfterDisbursement: Type.Integer({ minimum: 1, maximum: 12 }) },
        { additionalProperties: false },
      ),
    ),
    retention: Type.Optional(
      Type.Object(
        { closedApplicationDocumentsDays: Type.Integer({ minimum: 1, maximum: 100_000 }) },
        { additionalProperties: false },
      ),
    ),
    collections: Type.Optional(
      Type.Object(
        {
          reminderDaysBefore: Type.Integer({ minimum: 1, maximum: 14 }),
          contact: Type.Optional(
            Type.Object(
              {
                from: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' }),
                until: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' }),
                perChannelPerDay: Type.Integer({ minimum: 1, maximum: 3 }),
              },
              { additionalProperties: false },
            ),
          ),
          caseBuckets: Type.Optional(
            Type.Object(
              {
                MIDDLE: Type.Integer({ minimum: 2, maximum: 365 }),
                LATE: Type.Integer({ minimum: 2, maximum: 365 }),
                SEVERE: Type.Integer({ minimum: 2, maximum: 365 }),
              },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    directDebit: Type.Optional(
      Type.Object(
        {
          retryCount: Type.Integer({ minimum: 0, maximum: 5 }),
          retryDays: Type.Integer({ minimum: 1, maximum: 14 }),
        },
        { additionalProperties: false },
      ),
    ),
    bankInSlips: Type.Optional(
      Type.Object(
        { secondApprovalAboveSen: Type.Integer({ minimum: 0, maximum: 100_000_000 }) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

// Typed as the contract, whose lists are read-only.
export const SettingsVersionSchema = Type.Unsafe<SettingsVersion>(
  Type.Object({
    settings: ProductSettingsSchema,
    createdAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    createdBy: Type.Union([Type.String(), Type.Null()]),
  }),
);

const Bp = Whole(100_000);

/** The published figures; the serializer writes only what is listed here. */
export const PublishedFiguresSchema = Type.Unsafe<PublishedFigures>(
  Type.Object(
    {
      rates: Type.Object(
        {
          securedAnnualRateBp: Bp,
          unsecuredAnnualRateBp: Bp,
          simulatorMonthlyRateBp: Bp,
          lateChargeAnnualRateBp: Bp,
        },
        { additionalProperties: false },
      ),
      fees: Type.Object(
        {
          attestationFeeSecuredBp: Bp,
          attestationFeeUnsecuredBp: Bp,
          stampDutySenPerThousand: Whole(1_000_000),
          loanProtectionServiceTaxBp: Bp,
        },
        { additionalProperties: false },
      ),
    },
    { additionalProperties: false },
  ),
);

export const VersionParamsSchema = Type.Object({
  version: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
});

export type ProductSettingsBody = Static<typeof ProductSettingsSchema>;
