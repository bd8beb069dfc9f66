import type {
  AmountDueNow,
  EarlySettlementQuote,
  PaymentHistoryResponse,
  RepaymentAccountsResponse,
  RepaymentScheduleResponse,
  StaffPaymentHistoryResponse,
} from '@lending/contracts';
import { INSTALMENT_STATUSES, PAYMENT_CHANNELS } from '@lending/contracts';
import { type Static, Type } from '@sinclair/typebox';

import { type Same, StringEnum } from '../../http/schema';

export const AgreementParamsSchema = Type.Object({
  agreementId: Type.String({ format: 'uuid' }),
});

export const ReceiptParamsSchema = Type.Object({
  fileId: Type.String({ format: 'uuid' }),
});

const IsoDate = Type.String({ format: 'date' });
const Instant = Type.String({ format: 'date-time' });
const Sen = Type.Integer();
const AccountStatus = StringEnum(['ACTIVE', 'CLOSED', 'WRITEOFF', 'TERMINATED']);

export const AmountDueNowSchema = Type.Object({
  dueNowSen: Sen,
  overdueSen: Sen,
  lateChargesSen: Sen,
  currentInstalmentSen: Sen,
  asOf: IsoDate,
});

export const RepaymentAccountsSchema = Type.Object({
  items: Type.Array(
    Type.Object({
      agreementId: Type.String({ format: 'uuid' }),
      agreementNo: Type.String(),
      accountStatus: AccountStatus,
      disbursedOn: IsoDate,
      principalSen: Sen,
      totalRepayableSen: Sen,
      outstandingSen: Sen,
    }),
  ),
});

export const RepaymentScheduleSchema = Type.Object({
  agreementId: Type.String({ format: 'uuid' }),
  agreementNo: Type.String(),
  accountStatus: AccountStatus,
  asOf: IsoDate,
  scheduleVersion: Type.Integer(),
  disbursedOn: IsoDate,
  firstDueDate: IsoDate,
  maturityDate: IsoDate,
  principalSen: Sen,
  totalInterestSen: Sen,
  totalRepayableSen: Sen,
  paidSen: Sen,
  interestRebatedSen: Sen,
  unpaidInstalmentsSen: Sen,
  lateChargesSen: Sen,
  lateChargesPaidSen: Sen,
  lateChargesOutstandingSen: Sen,
  creditSen: Sen,
  outstandingSen: Sen,
  amountDue: AmountDueNowSchema,
  instalments: Type.Array(
    Type.Object({
      instalmentNo: Type.Integer(),
      dueDate: IsoDate,
      instalmentSen: Sen,
      principalSen: Sen,
      interestSen: Sen,
      paidSen: Sen,
      rebatedSen: Sen,
      unpaidSen: Sen,
      status: StringEnum(INSTALMENT_STATUSES),
      daysOverdue: Type.Integer(),
      lateChargesSen: Sen,
      lateChargesPaidSen: Sen,
      paidOn: Type.Union([IsoDate, Type.Null()]),
    }),
  ),
});

const historyItemFields = {
  id: Type.String({ format: 'uuid' }),
  status: StringEnum(['PAID', 'FAILED', 'PENDING']),
  paidAt: Instant,
  paidOn: IsoDate,
  amountSen: Sen,
  channel: StringEnum(PAYMENT_CHANNELS),
  receiptNo: Type.Union([Type.String(), Type.Null()]),
  receiptFileId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  failureCode: Type.Union([Type.String(), Type.Null()]),
  failureReason: Type.Union([Type.String(), Type.Null()]),
  allocations: Type.Array(
    Type.Object({
      instalmentNo: Type.Union([Type.Integer(), Type.Null()]),
      kind: StringEnum(['LATE_CHARGE', 'INTEREST', 'PRINCIPAL', 'CREDIT']),
      amountSen: Sen,
    }),
  ),
};

export const PaymentHistorySchema = Type.Object({
  agreementId: Type.String({ format: 'uuid' }),
  agreementNo: Type.String(),
  items: Type.Array(Type.Object(historyItemFields)),
});

export const StaffPaymentHistorySchema = Type.Object({
  agreementId: Type.String({ format: 'uuid' }),
  agreementNo: Type.String(),
  accountStatus: AccountStatus,
  items: Type.Array(
    Type.Object({ ...historyItemFields, externalRef: Type.String(), actor: Type.String() }),
  ),
});

export const EarlySettlementQuoteSchema = Type.Object({
  agreementId: Type.String({ format: 'uuid' }),
  asOf: IsoDate,
  validUntil: Instant,
  unpaidPrincipalSen: Sen,
  accruedInterestSen: Sen,
  unpaidInterestSen: Sen,
  lateChargesSen: Sen,
  interestForgoneSen: Sen,
  creditSen: Sen,
  settlementSen: Sen,
});

// The schemas answer exactly the contract's types: a drift fails the typecheck.
const _due: Same<Static<typeof AmountDueNowSchema>, AmountDueNow> = true;
const _accounts: Same<Static<typeof RepaymentAccountsSchema>, RepaymentAccountsResponse> = true;
const _schedule: Same<Static<typeof RepaymentScheduleSchema>, RepaymentScheduleResponse> = true;
const _history: Same<Static<typeof PaymentHistorySchema>, PaymentHistoryResponse> = true;
const _staff: Same<Static<typeof StaffPaymentHistorySchema>, StaffPaymentHistoryResponse> = true;
const _quote: Same<Static<typeof EarlySettlementQuoteSchema>, EarlySettlementQuote> = true;
void [_due, _accounts, _schedule, _history, _staff, _quote];
