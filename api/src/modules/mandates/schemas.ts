import type {
  DirectDebitView,
  MandateRegistered,
  MandateRegisterRequest,
  MandateView,
} from '@lending/contracts';
import { type Static, Type } from '@sinclair/typebox';

import { type Same, StringEnum } from '../../http/schema';

export const AgreementParamsSchema = Type.Object({
  agreementId: Type.String({ format: 'uuid' }),
});

const IsoDate = Type.String({ format: 'date' });
const Instant = Type.String({ format: 'date-time' });
const OrNull = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const MandateViewSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  referenceNo: Type.String(),
  status: StringEnum(['PENDING_AUTH', 'AUTHORISED', 'ACTIVE', 'REJECTED', 'TERMINATED']),
  bankCode: Type.String(),
  bankName: Type.String(),
  accountLast4: Type.String(),
  maxAmountSen: Type.Integer(),
  frequency: StringEnum(['MONTHLY']),
  firstCollectionDate: IsoDate,
  lastCollectionDate: IsoDate,
  bankMessage: Type.Union([Type.String(), Type.Null()]),
  createdAt: Instant,
  authorisedAt: OrNull(Instant),
  activatedAt: OrNull(Instant),
  endedAt: OrNull(Instant),
});

export const DirectDebitViewSchema = Type.Object({
  agreementId: Type.String({ format: 'uuid' }),
  agreementNo: Type.String(),
  agreementStatus: Type.String(),
  terms: Type.Object({
    maxAmountSen: Type.Integer(),
    frequency: StringEnum(['MONTHLY']),
    firstCollectionDate: IsoDate,
    lastCollectionDate: IsoDate,
  }),
  banks: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })),
  mandate: Type.Union([MandateViewSchema, Type.Null()]),
  canRegister: Type.Boolean(),
  active: Type.Boolean(),
});

export const MandateRegisterBodySchema = Type.Object(
  {
    payerName: Type.String({
      minLength: 2,
      maxLength: 100,
      pattern: '\\S',
      'x-message': 'Please enter the account holder name',
    }),
    payerIdType: StringEnum(['NRIC', 'PASSPORT']),
    payerIdNo: Type.String({
      minLength: 6,
      maxLength: 20,
      pattern: '^[A-Za-z0-9 -]+$',
      'x-message': 'Please enter a valid identity card or passport number',
    }),
    bankCode: Type.String({ minLength: 3, maxLength: 20 }),
    accountNo: Type.String({
      pattern: '^[0-9][0-9 -]{4,24}[0-9]$',
      'x-message': 'Please enter your account number (digits only, 6 to 20)',
    }),
    language: Type.Optional(StringEnum(['EN', 'MS'])),
  },
  { additionalProperties: false },
);

export const MandateRegisteredSchema = Type.Object({
  mandate: MandateViewSchema,
  authorisationUrl: Type.String(),
});

export const BankPageParamsSchema = Type.Object({
  token: Type.String({ maxLength: 100 }),
});

export const BankDecisionBodySchema = Type.Object({
  decision: StringEnum(['approve', 'reject']),
});

const _sameView: Same<Static<typeof MandateViewSchema>, MandateView> = true;
const _sameDirectDebit: Same<Static<typeof DirectDebitViewSchema>, DirectDebitView> = true;
const _sameRegister: Same<Static<typeof MandateRegisterBodySchema>, MandateRegisterRequest> = true;
const _sameRegistered: Same<Static<typeof MandateRegisteredSchema>, MandateRegistered> = true;
