import type {
  CreditRefundsResponse,
  CreditRefundView,
  RefundLettersResponse,
} from '@lending/contracts';
import { type Static, Type } from '@sinclair/typebox';

import { type Same, StaffActionVerdictSchema, StringEnum } from '../../http/schema';

const Id = Type.String({ format: 'uuid' });
const Instant = Type.String({ format: 'date-time' });
const Sen = Type.Integer();
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const BankAccountSchema = Type.Object({
  bankName: Type.String(),
  accountName: Type.String(),
  accountLast4: Type.String(),
});

export const RefundSchema = Type.Object({
  id: Id,
  status: StringEnum(['PROPOSED', 'APPROVED', 'REJECTED']),
  amountSen: Sen,
  reason: Type.String(),
  paidTo: BankAccountSchema,
  proposedBy: Type.String(),
  proposedByName: Nullable(Type.String()),
  proposedAt: Instant,
  decidedBy: Nullable(Type.String()),
  decidedByName: Nullable(Type.String()),
  decidedAt: Nullable(Instant),
  decisionNote: Nullable(Type.String()),
  businessDate: Nullable(Type.String({ format: 'date' })),
  reference: Type.String(),
  letterSent: Type.Boolean(),
  actions: Type.Object({ decide: StaffActionVerdictSchema }),
});

export const RefundsSchema = Type.Object({
  accountDetailsId: Id,
  agreementId: Id,
  agreementNo: Type.String(),
  status: StringEnum(['ACTIVE', 'CLOSED', 'WRITEOFF', 'TERMINATED']),
  creditSen: Sen,
  nominatedAccount: Type.Union([BankAccountSchema, Type.Null()]),
  items: Type.Array(RefundSchema),
  actions: Type.Object({ propose: StaffActionVerdictSchema }),
});

export const ProposeRefundSchema = Type.Object(
  {
    amountSen: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
    reason: Type.String({ minLength: 5, maxLength: 500 }),
  },
  { additionalProperties: false },
);

export const RefundParams = Type.Object({ refundId: Id });

export const AgreementParams = Type.Object({ agreementId: Id });

export const RefundLettersSchema = Type.Object({
  agreementId: Id,
  items: Type.Array(
    Type.Object({
      id: Id,
      agreementId: Id,
      reference: Type.String(),
      amountSen: Sen,
      refundedOn: Type.String({ format: 'date' }),
      accountLast4: Type.String(),
      language: StringEnum(['EN', 'MS']),
    }),
  ),
});

// The schemas answer exactly the contract's types: a drift fails the typecheck.
const _refund: Same<Static<typeof RefundSchema>, CreditRefundView> = true;
const _refunds: Same<Static<typeof RefundsSchema>, CreditRefundsResponse> = true;
const _letters: Same<Static<typeof RefundLettersSchema>, RefundLettersResponse> = true;
void [_refund, _refunds, _letters];
