import { AGEING_BUCKETS, PAR_DAYS, TENANTS } from '@lending/contracts';
import { Type } from '@sinclair/typebox';

import { StringEnum } from '../../http/schema';
import { LEDGER_ACCOUNT_KEYS, LEDGER_ACCOUNT_KINDS } from './chart-of-accounts';

const IsoDate = Type.String({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Period = Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' });
const Sen = Type.Integer();
const Tenant = StringEnum(TENANTS);

export const TenantQuerySchema = Type.Object({ tenant: Tenant }, { additionalProperties: false });

export const SpanQuerySchema = Type.Object(
  { tenant: Tenant, from: IsoDate, to: IsoDate },
  { additionalProperties: false },
);

export const CsvQuerySchema = Type.Object(
  {
    tenant: Tenant,
    from: IsoDate,
    to: IsoDate,
    language: Type.Optional(StringEnum(['en', 'ms'] as const)),
  },
  { additionalProperties: false },
);

export const AccountParamsSchema = Type.Object({ key: StringEnum(LEDGER_ACCOUNT_KEYS) });
export const PeriodParamsSchema = Type.Object({ period: Period });

export const ChartOfAccountsSchema = Type.Object({
  accounts: Type.Array(
    Type.Object({
      key: Type.String(),
      code: Type.String(),
      nameEn: Type.String(),
      nameMs: Type.String(),
      kind: StringEnum(LEDGER_ACCOUNT_KINDS),
      version: Type.Integer(),
    }),
  ),
});

export const TrialBalanceSchema = Type.Object({
  from: IsoDate,
  to: IsoDate,
  rows: Type.Array(
    Type.Object({
      key: Type.String(),
      code: Type.String(),
      nameEn: Type.String(),
      nameMs: Type.String(),
      kind: Type.String(),
      openingSen: Sen,
      debitSen: Sen,
      creditSen: Sen,
      closingSen: Sen,
    }),
  ),
  totals: Type.Object({
    debitSen: Sen,
    creditSen: Sen,
    closingDebitSen: Sen,
    closingCreditSen: Sen,
  }),
  balanced: Type.Boolean(),
});

const EntryHead = {
  postingDate: IsoDate,
  businessDate: IsoDate,
  lateForPeriod: Type.Union([Period, Type.Null()]),
  event: Type.String(),
  reference: Type.String(),
};

export const JournalSchema = Type.Object({
  from: IsoDate,
  to: IsoDate,
  entries: Type.Array(
    Type.Object({
      id: Type.String({ format: 'uuid' }),
      entryNo: Type.Integer(),
      ...EntryHead,
      loanAccountId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
      reverses: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
      actor: Type.String(),
      lines: Type.Array(
        Type.Object({
          accountKey: Type.String(),
          accountCode: Type.String(),
          loanAccountId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
          debitSen: Sen,
          creditSen: Sen,
        }),
      ),
    }),
  ),
});

export const AccountLedgerSchema = Type.Object({
  accountKey: Type.String(),
  from: IsoDate,
  to: IsoDate,
  openingSen: Sen,
  closingSen: Sen,
  lines: Type.Array(
    Type.Object({
      entryId: Type.String({ format: 'uuid' }),
      entryNo: Type.Integer(),
      ...EntryHead,
      loanAccountId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
      debitSen: Sen,
      creditSen: Sen,
      balanceSen: Sen,
    }),
  ),
});

export const PeriodsSchema = Type.Object({
  businessDate: IsoDate,
  closed: Type.Array(
    Type.Object({
      period: Period,
      closedAt: Type.String({ format: 'date-time' }),
      closedBy: Type.String(),
      /** Who closed it as staff know them: their name, else their email. */
      closedByName: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});

export const ClosedPeriodSchema = Type.Object({
  period: Period,
  closedAt: Type.String({ format: 'date-time' }),
  closedBy: Type.String(),
});

const Count = Type.Integer({ minimum: 0 });

export const PortfolioDashboardSchema = Type.Object({
  businessDate: IsoDate,
  from: IsoDate,
  months: Type.Array(
    Type.Object({
      month: Period,
      disbursedSen: Sen,
      collectedSen: Sen,
      outstandingPrincipalSen: Sen,
      dueSen: Sen,
      collectionRateBp: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
  outstandingPrincipalSen: Sen,
  par: Type.Array(
    Type.Object({
      days: Type.Union(PAR_DAYS.map((days) => Type.Literal(days))),
      principalSen: Sen,
      bp: Type.Integer(),
    }),
  ),
  ageing: Type.Array(
    Type.Object({
      bucket: StringEnum(AGEING_BUCKETS),
      count: Count,
      principalSen: Sen,
      overdueSen: Sen,
    }),
  ),
  funnel: Type.Object({ submitted: Count, approved: Count, signed: Count, paidOut: Count }),
});
