import {
  AGREEMENT_PAGE_DEFAULTS,
  type AgreementPage,
  type AgreementView,
  type DeclineOfferRequest,
  type UpdateLoanAmountRequest,
} from '@lending/contracts';
import { AGREEMENT_STATUSES, FIELD_LIMITS } from '@lending/domain';
import { type Static, type TSchema, Type } from '@sinclair/typebox';

import { type Same, StringEnum } from '../../http/schema';

const Instant = Type.String({ format: 'date-time' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Sen = Type.Integer();
const Security = StringEnum(['SECURED', 'UNSECURED']);

export const AgreementParams = Type.Object({ agreementId: Type.String({ format: 'uuid' }) });

export const AgreementPageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: AGREEMENT_PAGE_DEFAULTS.page }),
  pageSize: Type.Integer({
    minimum: 1,
    maximum: AGREEMENT_PAGE_DEFAULTS.maxPageSize,
    default: AGREEMENT_PAGE_DEFAULTS.pageSize,
  }),
});

const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const UpdateLoanAmountBody = Type.Object(
  {
    version: Version,
    amountSen: Type.Integer({
      minimum: 1,
      maximum: 2_147_483_647,
      'x-message': 'Please enter the amount in whole sen',
    }),
    loanProtection: Type.Boolean(),
    loanProtectionDeducted: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const AcceptBody = Type.Object({ version: Version }, { additionalProperties: false });

export const DeclineBody = Type.Object(
  {
    version: Version,
    reason: Type.Optional(Type.String({ maxLength: FIELD_LIMITS.cancelReason })),
  },
  { additionalProperties: false },
);

const Premium = {
  grossPremiumSen: Sen,
  serviceTaxSen: Sen,
  totalPremiumSen: Sen,
};

const CapViolation = Type.Union([
  Type.Object({
    code: Type.Literal('rateAboveCap'),
    annualRateBp: Type.Integer(),
    capBp: Type.Integer(),
  }),
  Type.Object({
    code: Type.Literal('interestAbovePrincipal'),
    totalInterestSen: Sen,
    principalSen: Sen,
  }),
]);

const Figures = Type.Object({
  approvedSen: Sen,
  tenureMonths: Type.Integer(),
  annualRateBp: Type.Integer(),
  security: Security,
  stampDutySen: Sen,
  attestationFeeSen: Sen,
  referralWaiverSen: Sen,
  loanProtection: Type.Optional(Type.Object({ ...Premium, deducted: Type.Boolean() })),
  netReceivedSen: Sen,
  totalInterestSen: Sen,
  totalRepayableSen: Sen,
  monthlyInstalmentSen: Sen,
  lastInstalmentSen: Sen,
  effectiveAnnualRateBp: Type.Integer(),
  capViolations: Type.Array(CapViolation),
  needsComplianceReview: Type.Boolean(),
});

export const AgreementSchema = Type.Object({
  id: Type.String(),
  agreementNo: Type.String(),
  applicationId: Type.String(),
  status: StringEnum(AGREEMENT_STATUSES),
  version: Type.Integer(),
  approvedAmountSen: Sen,
  amountSen: Sen,
  tenureMonths: Type.Integer(),
  annualRateBp: Type.Integer(),
  security: Security,
  campaignCode: Nullable(Type.String()),
  capBp: Type.Integer(),
  figures: Figures,
  instalments: Type.Array(Type.Object({ number: Type.Integer(), amountSen: Sen })),
  limits: Type.Object({ minAmountSen: Sen, maxAmountSen: Sen }),
  loanProtection: Type.Object({
    optedIn: Type.Boolean(),
    deducted: Type.Boolean(),
    available: Type.Boolean(),
    quote: Nullable(Type.Object(Premium)),
  }),
  open: Type.Boolean(),
  acceptedAt: Nullable(Instant),
  signDate: Nullable(Instant),
  cancelledAt: Nullable(Instant),
  createdAt: Instant,
});

export const AgreementPageSchema = Type.Object({
  data: Type.Array(
    Type.Object({
      id: Type.String(),
      agreementNo: Type.String(),
      applicationId: Type.String(),
      status: StringEnum(AGREEMENT_STATUSES),
      amountSen: Sen,
      tenureMonths: Type.Integer(),
      signDate: Nullable(Instant),
      createdAt: Instant,
    }),
  ),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});

const _sameView: Same<Static<typeof AgreementSchema>, AgreementView> = true;
const _samePage: Same<Static<typeof AgreementPageSchema>, AgreementPage> = true;
const _sameUpdate: Same<Static<typeof UpdateLoanAmountBody>, UpdateLoanAmountRequest> = true;
const _sameDecline: Same<Static<typeof DeclineBody>, DeclineOfferRequest> = true;
