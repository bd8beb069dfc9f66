import type {
  ConfirmPayoutRequest,
  DisbursementDetail,
  DisbursementQueue,
  RecordPayoutRequest,
} from '@lending/contracts';
import { type Static, Type } from '@sinclair/typebox';

import { type Same, StaffActionVerdictSchema, StringEnum } from '../../http/schema';

export const AgreementParamsSchema = Type.Object({
  agreementId: Type.String({ format: 'uuid' }),
});

const IsoDate = Type.String({ format: 'date' });
const Instant = Type.String({ format: 'date-time' });
const InstantOrNull = Type.Union([Instant, Type.Null()]);
const StaffRefSchema = Type.Object({ id: Type.String(), name: Type.String() });

export const PayoutViewSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  status: StringEnum(['RECORDED', 'SENDING', 'PAID', 'REJECTED']),
  amountSen: Type.Integer(),
  beneficiaryName: Type.String(),
  bankCode: Type.String(),
  bankName: Type.String(),
  accountLast4: Type.String(),
  reference: Type.String(),
  recordedBy: StaffRefSchema,
  recordedAt: Instant,
  confirmedBy: Type.Union([StaffRefSchema, Type.Null()]),
  confirmedAt: InstantOrNull,
  bankReference: Type.Union([Type.String(), Type.Null()]),
  rejectionReason: Type.Union([Type.String(), Type.Null()]),
  paidAt: InstantOrNull,
});

const queueItemFields = {
  agreementId: Type.String({ format: 'uuid' }),
  agreementNo: Type.String(),
  agreementStatus: Type.String(),
  version: Type.Integer(),
  borrowerName: Type.String(),
  signedAt: InstantOrNull,
  principalSen: Type.Integer(),
  tenureMonths: Type.Integer(),
  netAmountSen: Type.Integer(),
  payout: Type.Union([PayoutViewSchema, Type.Null()]),
};

export const DisbursementQueueSchema = Type.Object({
  items: Type.Array(Type.Object(queueItemFields)),
});

export const DisbursementDetailSchema = Type.Object({
  ...queueItemFields,
  nominated: Type.Union([
    Type.Object({
      bankId: Type.Integer(),
      bankName: Type.String(),
      accountName: Type.String(),
      accountNumber: Type.String(),
    }),
    Type.Null(),
  ]),
  payouts: Type.Array(PayoutViewSchema),
  account: Type.Union([
    Type.Object({
      id: Type.String({ format: 'uuid' }),
      status: StringEnum(['ACTIVE', 'CLOSED', 'WRITEOFF', 'TERMINATED']),
      disbursedOn: IsoDate,
      firstDueDate: IsoDate,
    }),
    Type.Null(),
  ]),
  schedule: Type.Union([
    Type.Object({
      version: Type.Integer(),
      firstDueDate: IsoDate,
      totalRepayableSen: Type.Integer(),
      rowsSha256: Type.String(),
      rows: Type.Array(
        Type.Object({
          instalmentNo: Type.Integer(),
          dueDate: IsoDate,
          instalmentSen: Type.Integer(),
          principalSen: Type.Integer(),
          interestSen: Type.Integer(),
        }),
      ),
    }),
    Type.Null(),
  ]),
  actions: Type.Object({ record: StaffActionVerdictSchema, confirm: StaffActionVerdictSchema }),
});

export const RecordPayoutBodySchema = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    bankId: Type.Integer({ minimum: 1, 'x-message': 'Please select the bank' }),
    accountName: Type.String({
      minLength: 2,
      maxLength: 100,
      pattern: '\\S',
      'x-message': 'Please enter the account name',
    }),
    accountNumber: Type.String({
      minLength: 6,
      maxLength: 30,
      'x-message': 'Please enter a valid account number (6 to 20 digits)',
    }),
  },
  { additionalProperties: false },
);

export const ConfirmPayoutBodySchema = Type.Object(
  { payoutId: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);

// The schemas and the contract must describe the same shapes.
const _queue: Same<Static<typeof DisbursementQueueSchema>, DisbursementQueue> = true;
const _detail: Same<Static<typeof DisbursementDetailSchema>, DisbursementDetail> = true;
const _record: Same<Static<typeof RecordPayoutBodySchema>, RecordPayoutRequest> = true;
const _confirm: Same<Static<typeof ConfirmPayoutBodySchema>, ConfirmPayoutRequest> = true;
void _queue;
void _detail;
void _record;
void _confirm;
