import {
  BANK_IN_SLIP_REJECT_REASONS,
  type BankInSlipsResponse,
  type BankInSlipView,
  type StaffBankInSlipsResponse,
  type StaffBankInSlipView,
} from '@lending/contracts';
import { BANK_IN_SLIP_STATUSES } from '@lending/domain';
import { type Static, Type } from '@sinclair/typebox';

import { type Same, StaffActionVerdictSchema, StringEnum } from '../../http/schema';

const Id = Type.String({ format: 'uuid' });
const Instant = Type.String({ format: 'date-time' });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const slipFields = {
  id: Id,
  agreementId: Id,
  status: StringEnum(BANK_IN_SLIP_STATUSES),
  amountSen: Type.Integer(),
  paidOn: Type.String({ format: 'date' }),
  originalFileName: Type.String(),
  submittedAt: Instant,
  decidedAt: Nullable(Instant),
  rejectReason: Type.Union([StringEnum(BANK_IN_SLIP_REJECT_REASONS), Type.Null()]),
  rejectNote: Nullable(Type.String()),
  receiptNo: Nullable(Type.String()),
};

export const SlipSchema = Type.Object(slipFields);

export const SlipsSchema = Type.Object({ items: Type.Array(SlipSchema) });

export const StaffSlipSchema = Type.Object({
  ...slipFields,
  agreementNo: Type.String(),
  borrowerName: Type.String(),
  mimeType: Type.String(),
  sizeBytes: Type.Integer(),
  approvalsNeeded: Type.Union([Type.Literal(1), Type.Literal(2)]),
  firstApprovedBy: Nullable(Type.String()),
  firstApprovedByName: Nullable(Type.String()),
  decidedBy: Nullable(Type.String()),
  actions: Type.Object({ approve: StaffActionVerdictSchema, reject: StaffActionVerdictSchema }),
});

export const StaffSlipsSchema = Type.Object({
  items: Type.Array(StaffSlipSchema),
  secondApprovalAboveSen: Type.Integer(),
});

export const QueueQuery = Type.Object({
  status: Type.Optional(StringEnum(['OPEN', 'ALL'])),
});

export const RejectSchema = Type.Object(
  {
    reason: StringEnum(BANK_IN_SLIP_REJECT_REASONS),
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

export const SlipParams = Type.Object({ slipId: Id });
export const AgreementParams = Type.Object({ agreementId: Id });

// The schemas answer exactly the contract's types: a drift fails the typecheck.
const _slip: Same<Static<typeof SlipSchema>, BankInSlipView> = true;
const _slips: Same<Static<typeof SlipsSchema>, BankInSlipsResponse> = true;
const _staffSlip: Same<Static<typeof StaffSlipSchema>, StaffBankInSlipView> = true;
const _staffSlips: Same<Static<typeof StaffSlipsSchema>, StaffBankInSlipsResponse> = true;
void [_slip, _slips, _staffSlip, _staffSlips];
