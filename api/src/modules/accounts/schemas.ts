import type {
  AccountAdjustment,
  AccountSearchResponse,
  AocAgreementResponse,
  StatementSearchResponse,
  TenureDetailsResponse,
  WaiverChargesResponse,
} from '@lending/contracts';
import { INSTALMENT_STATUSES, STATEMENT_LANGUAGES } from '@lending/contracts';
import { type Static, Type } from '@sinclair/typebox';

import { type Same, StaffActionVerdictSchema, StringEnum } from '../../http/schema';

const IsoDate = Type.String({ format: 'date' });
const Instant = Type.String({ format: 'date-time' });
const Sen = Type.Integer();
const Id = Type.String({ format: 'uuid' });
const AccountStatus = StringEnum(['ACTIVE', 'CLOSED', 'WRITEOFF', 'TERMINATED']);
const AgreementNo = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9-]+$' });
const Reason = Type.String({ minLength: 5, maxLength: 500 });

export const AgreementNoParams = Type.Object({ agreementNo: AgreementNo });
export const AccountIdParams = Type.Object({ id: Id });
export const AdjustmentParams = Type.Object({ requestId: Id });
export const StatementParams = Type.Object({
  agreementId: Id,
  language: StringEnum(STATEMENT_LANGUAGES),
});
export const SearchQuery = Type.Object({
  agreementNo: Type.String({ minLength: 1, maxLength: 40 }),
});

export const AccountDetailsSchema = Type.Object({
  id: Id,
  agreementId: Id,
  agreementNo: Type.String(),
  borrowerName: Type.String(),
  status: AccountStatus,
  disbursedOn: IsoDate,
  principalSen: Sen,
  totalRepayableSen: Sen,
  outstandingSen: Sen,
  overdueSen: Sen,
  lateChargesOutstandingSen: Sen,
  creditSen: Sen,
});

export const AccountSearchSchema = Type.Object({ items: Type.Array(AccountDetailsSchema) });

export const TenureDetailsSchema = Type.Object({
  agreementId: Id,
  agreementNo: Type.String(),
  asOf: IsoDate,
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
      lateChargesWaivedSen: Sen,
      paidOn: Type.Union([IsoDate, Type.Null()]),
    }),
  ),
});

export const AocAgreementSchema = Type.Object({
  accountDetails: AccountDetailsSchema,
  agreementDetails: Type.Object({
    agreementNo: Type.String(),
    tenureMonths: Type.Integer(),
    annualRateBp: Type.Integer(),
    secured: Type.Boolean(),
    firstDueDate: IsoDate,
    maturityDate: IsoDate,
    totalInterestSen: Sen,
    monthlyInstalmentSen: Sen,
  }),
  tenureDetails: TenureDetailsSchema,
});

export const AdjustmentSchema = Type.Object({
  id: Id,
  kind: StringEnum(['LATE_CHARGE_WAIVER', 'WRITEOFF']),
  status: StringEnum(['PROPOSED', 'APPROVED', 'REJECTED']),
  amountSen: Type.Union([Sen, Type.Null()]),
  reason: Type.String(),
  proposedBy: Type.String(),
  proposedByName: Type.Union([Type.String(), Type.Null()]),
  proposedAt: Instant,
  decidedBy: Type.Union([Type.String(), Type.Null()]),
  decidedByName: Type.Union([Type.String(), Type.Null()]),
  decidedAt: Type.Union([Instant, Type.Null()]),
  decisionNote: Type.Union([Type.String(), Type.Null()]),
  lines: Type.Array(Type.Object({ instalmentNo: Type.Integer(), amountSen: Sen })),
  actions: Type.Object({ decide: StaffActionVerdictSchema }),
});

export const WaiverChargesSchema = Type.Object({
  accountDetailsId: Id,
  agreementId: Id,
  agreementNo: Type.String(),
  status: AccountStatus,
  lateChargesOutstandingSen: Sen,
  items: Type.Array(AdjustmentSchema),
  actions: Type.Object({
    proposeWaiver: StaffActionVerdictSchema,
    proposeWriteOff: StaffActionVerdictSchema,
  }),
});

export const ProposeWaiverSchema = Type.Object(
  { amountSen: Type.Integer({ minimum: 1, maximum: 100_000_000 }), reason: Reason },
  { additionalProperties: false },
);
export const ProposeWriteOffSchema = Type.Object(
  { reason: Reason },
  { additionalProperties: false },
);
export const DecideSchema = Type.Object(
  { note: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false },
);

export const StatementSearchBodySchema = Type.Object(
  {
    currentPage: Type.Integer({ minimum: 1, maximum: 100_000 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100 }),
    agreementNo: Type.Optional(Type.String({ maxLength: 40 })),
    borrowerName: Type.Optional(Type.String({ maxLength: 100 })),
    status: Type.Optional(AccountStatus),
    disbursedFrom: Type.Optional(IsoDate),
    disbursedTo: Type.Optional(IsoDate),
  },
  { additionalProperties: false },
);

export const StatementSearchSchema = Type.Object({
  items: Type.Array(
    Type.Object({
      accountDetailsId: Id,
      agreementId: Id,
      agreementNo: Type.String(),
      borrowerName: Type.String(),
      status: AccountStatus,
      disbursedOn: IsoDate,
      principalSen: Sen,
    }),
  ),
  total: Type.Integer(),
  currentPage: Type.Integer(),
  pageSize: Type.Integer(),
});

// The schemas answer exactly the contract's types: a drift fails the typecheck.
const _search: Same<Static<typeof AccountSearchSchema>, AccountSearchResponse> = true;
const _tenure: Same<Static<typeof TenureDetailsSchema>, TenureDetailsResponse> = true;
const _aoc: Same<Static<typeof AocAgreementSchema>, AocAgreementResponse> = true;
const _adjustment: Same<Static<typeof AdjustmentSchema>, AccountAdjustment> = true;
const _waivers: Same<Static<typeof WaiverChargesSchema>, WaiverChargesResponse> = true;
const _statements: Same<Static<typeof StatementSearchSchema>, StatementSearchResponse> = true;
void [_search, _tenure, _aoc, _adjustment, _waivers, _statements];
