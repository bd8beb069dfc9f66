import {
  type HomeLoanStatusResponse,
  LOAN_HISTORY_DEFAULTS,
  type LoanHistoryDetail,
  type LoanHistoryPage,
  type LoanStatusCheckResponse,
} from '@lending/contracts';
import {
  APPLICATION_PROGRESS_STEPS,
  APPLICATION_STATUSES,
  HOME_LOAN_STATES,
} from '@lending/domain';
import { type Static, type TSchema, Type } from '@sinclair/typebox';

import { type Same, StringEnum } from '../../http/schema';

const Instant = Type.String({ format: 'date-time' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const ORGANIZATION_TYPES = ['SOLE_PROP', 'PARTNERSHIP', 'COMPANY'] as const;

export const ApplicationIdParams = Type.Object({
  applicationId: Type.String({ format: 'uuid' }),
});

export const HistoryQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: LOAN_HISTORY_DEFAULTS.page }),
  size: Type.Integer({
    minimum: 1,
    maximum: LOAN_HISTORY_DEFAULTS.maxSize,
    default: LOAN_HISTORY_DEFAULTS.size,
  }),
});

export const StatusCheckQuery = Type.Object({
  referenceNo: Type.String({
    minLength: 1,
    maxLength: 40,
    pattern: '^\\s*[A-Za-z0-9-]+\\s*$',
    'x-sentences': {
      required: 'Please enter your reference number',
      minLength: 'Please enter your reference number',
      pattern: 'Please enter a valid reference number',
      maxLength: 'Please enter a valid reference number',
    },
  }),
});

const HistoryItemFields = {
  id: Type.String({ format: 'uuid' }),
  referenceNo: Type.String(),
  status: StringEnum(APPLICATION_STATUSES),
  organizationType: Nullable(StringEnum(ORGANIZATION_TYPES)),
  requestedAmountSen: Nullable(Type.Integer()),
  tenureMonths: Nullable(Type.Integer()),
  createdAt: Instant,
  submittedAt: Nullable(Instant),
  updatedAt: Instant,
};

export const HistoryPageSchema = Type.Object({
  data: Type.Array(Type.Object(HistoryItemFields)),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});

export const HistoryDetailSchema = Type.Object({
  ...HistoryItemFields,
  timeline: Type.Array(
    Type.Object({
      status: StringEnum(APPLICATION_STATUSES),
      at: Instant,
      by: StringEnum(['applicant', 'lender']),
    }),
  ),
  agreement: Type.Optional(
    Nullable(
      Type.Object({
        id: Type.String(),
        agreementNo: Type.String(),
        signed: Type.Boolean(),
        eCertificateIssued: Type.Boolean(),
      }),
    ),
  ),
  account: Type.Optional(
    Nullable(
      Type.Object({
        status: StringEnum(['ACTIVE', 'CLOSED', 'WRITEOFF', 'TERMINATED']),
        life: Type.Array(
          Type.Object({
            event: StringEnum([
              'PAID_OUT',
              'REPAID',
              'SETTLED',
              'TERMINATED',
              'CLOSED',
              'WRITTEN_OFF',
            ]),
            at: Instant,
            on: Type.String({ format: 'date' }),
            amountSen: Nullable(Type.Integer()),
          }),
        ),
      }),
    ),
  ),
});

export const HomeSchema = Type.Object({
  status: Type.Object({
    state: StringEnum(HOME_LOAN_STATES),
    newLoanAllowedAfter: Nullable(Instant),
    resumeAt: Nullable(StringEnum(APPLICATION_PROGRESS_STEPS)),
    interviewScheduled: Type.Boolean(),
    directDebitReady: Type.Boolean(),
    accountTerminated: Type.Boolean(),
  }),
  user: Type.Object({
    allowToApplyNewLoanAfterDateTime: Nullable(Instant),
    newLoanBlockKind: Nullable(StringEnum(['REJECTION', 'TEMPORARY_BAN'])),
  }),
  application: Nullable(
    Type.Object({
      id: Type.String({ format: 'uuid' }),
      referenceNo: Type.String(),
      status: StringEnum(APPLICATION_STATUSES),
      progressSteps: Type.Array(StringEnum(APPLICATION_PROGRESS_STEPS)),
      requestedAmountSen: Nullable(Type.Integer()),
      tenureMonths: Nullable(Type.Integer()),
      submittedAt: Nullable(Instant),
      createdAt: Instant,
    }),
  ),
  agreement: Nullable(
    Type.Object({
      id: Type.String(),
      agreementStatus: Type.String(),
      signDate: Nullable(Instant),
    }),
  ),
  account: Nullable(Type.Object({ status: Type.String() })),
  guarantors: Type.Optional(
    Type.Array(
      Type.Object({
        position: Type.Integer(),
        name: Type.String(),
        step: StringEnum(['LINK_SENT', 'IDENTITY_VERIFIED', 'SIGNED']),
      }),
    ),
  ),
  interview: Nullable(
    Type.Object({
      scheduledAt: Instant,
      mode: StringEnum(['IN_PERSON', 'VIDEO_CALL', 'PHONE_CALL']),
      details: Nullable(Type.String()),
    }),
  ),
  referback: Nullable(
    Type.Object({
      requestedAt: Instant,
      items: Type.Array(
        Type.Object({
          kind: StringEnum(['section', 'document']),
          target: Type.String(),
          reason: Type.String(),
        }),
      ),
    }),
  ),
});

export const StatusCheckSchema = Type.Object({
  referenceNo: Type.String(),
  status: StringEnum(APPLICATION_STATUSES),
  state: StringEnum(HOME_LOAN_STATES),
  updatedAt: Instant,
});

const _sameHome: Same<Static<typeof HomeSchema>, HomeLoanStatusResponse> = true;
const _samePage: Same<Static<typeof HistoryPageSchema>, LoanHistoryPage> = true;
const _sameDetail: Same<Static<typeof HistoryDetailSchema>, LoanHistoryDetail> = true;
const _sameCheck: Same<Static<typeof StatusCheckSchema>, LoanStatusCheckResponse> = true;
