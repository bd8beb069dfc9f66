import type {
  DueNowView,
  GatewayPaymentRequest,
  GatewayPaymentStarted,
  GatewayPaymentView,
} from '@lending/contracts';
import { type Static, Type } from '@sinclair/typebox';

import { type Same, StringEnum } from '../../http/schema';

const Instant = Type.String({ format: 'date-time' });
const Sen = Type.Integer({ minimum: 0 });

export const DueNowQuerySchema = Type.Object(
  { agreementId: Type.Optional(Type.String({ format: 'uuid' })) },
  { additionalProperties: false },
);

export const DueNowViewSchema = Type.Object({
  agreementId: Type.String({ format: 'uuid' }),
  agreementNo: Type.String(),
  dueNowSen: Sen,
  overdueSen: Sen,
  lateChargesSen: Sen,
  currentInstalmentSen: Sen,
  maxAmountSen: Sen,
  minAmountSen: Sen,
  settlementSen: Type.Union([Sen, Type.Null()]),
  asOf: Type.String({ format: 'date' }),
});

export const GatewayPaymentRequestSchema = Type.Object(
  {
    agreementId: Type.String({ format: 'uuid' }),
    channel: StringEnum(['FPX', 'CARD']),
    amountSen: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100_000_000,
        'x-message': 'Please enter the amount to pay',
      }),
    ),
    language: Type.Optional(StringEnum(['EN', 'MS'])),
    purpose: Type.Optional(StringEnum(['INSTALMENT', 'SETTLEMENT'])),
    quoteAsOf: Type.Optional(Type.String({ format: 'date' })),
  },
  { additionalProperties: false },
);

export const GatewayPaymentViewSchema = Type.Object({
  orderId: Type.String(),
  agreementId: Type.String({ format: 'uuid' }),
  amountSen: Sen,
  channel: StringEnum(['FPX', 'CARD']),
  status: StringEnum(['PENDING', 'PAID', 'FAILED']),
  failureCode: Type.Union([Type.String(), Type.Null()]),
  failureReason: Type.Union([Type.String(), Type.Null()]),
  receiptNo: Type.Union([Type.String(), Type.Null()]),
  paymentId: Type.Union([Type.String(), Type.Null()]),
  createdAt: Instant,
  paidAt: Type.Union([Instant, Type.Null()]),
  purpose: StringEnum(['INSTALMENT', 'SETTLEMENT']),
  quoteAsOf: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  settlementOutcome: Type.Union([
    StringEnum(['SETTLED', 'QUOTE_EXPIRED', 'NOT_SETTLED']),
    Type.Null(),
  ]),
});

export const GatewayPaymentStartedSchema = Type.Object({
  payment: GatewayPaymentViewSchema,
  paymentUrl: Type.String(),
});

export const OrderParamsSchema = Type.Object({
  orderId: Type.String({ pattern: '^[A-Za-z0-9]{1,40}$' }),
});

/** The gateway's form fields, as it sends them; only a signed set is believed. */
export const GatewayFieldsSchema = Type.Record(
  Type.String({ maxLength: 40 }),
  Type.String({ maxLength: 500 }),
  { maxProperties: 40 },
);

export const HostedPageParamsSchema = Type.Object({
  token: Type.String({ maxLength: 100 }),
});

export const HostedPageDecisionSchema = Type.Object({
  outcome: StringEnum(['paid', 'failed', 'pending']),
  reason: Type.Optional(Type.String({ maxLength: 20 })),
  late: Type.Optional(Type.String({ maxLength: 5 })),
});

const _sameDue: Same<Static<typeof DueNowViewSchema>, DueNowView> = true;
const _sameRequest: Same<Static<typeof GatewayPaymentRequestSchema>, GatewayPaymentRequest> = true;
const _sameView: Same<Static<typeof GatewayPaymentViewSchema>, GatewayPaymentView> = true;
const _sameStarted: Same<Static<typeof GatewayPaymentStartedSchema>, GatewayPaymentStarted> = true;
