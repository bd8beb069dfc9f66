import { DOCUMENT_FILE_TYPES } from '@lending/contracts';
import {
  APPLICATION_STATUSES,
  type DecisionRefusal,
  FIELD_LIMITS,
  STAFF_DECISIONS,
} from '@lending/domain';
import { type TSchema, Type } from '@sinclair/typebox';

import { StringEnum } from '../../http/schema';

const SECTION_TARGETS = [
  'loan',
  'company',
  'applicant',
  'disbursement',
  'emergencyContacts',
  'directors',
] as const;
const INTERVIEW_MODES = ['IN_PERSON', 'VIDEO_CALL', 'PHONE_CALL'] as const;
const INTERVIEW_OUTCOMES = ['ATTENDED', 'NO_SHOW', 'RESCHEDULED'] as const;
const DECISION_REFUSALS: readonly DecisionRefusal[] = [
  'wrongStatus',
  'roleNotAllowed',
  'notApprover',
  'recommenderCannotApprove',
  'alreadyApproved',
  'approverUnknown',
  'recommenderUnknown',
  'approvalLevelsUnknown',
];

const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });
const Sen = Type.Integer({ minimum: 1, maximum: 1_000_000_000_00 });
const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const ApplicationParamsSchema = Type.Object({
  applicationId: Type.String({ format: 'uuid' }),
});

export const InterviewParamsSchema = Type.Object({
  applicationId: Type.String({ format: 'uuid' }),
  interviewId: Type.String({ format: 'uuid' }),
});

const termFields = {
  amountSen: Sen,
  tenureMonths: Type.Integer({ minimum: 1, maximum: 600 }),
  annualRateBp: Type.Integer({ minimum: 1, maximum: 100_000 }),
  security: StringEnum(['SECURED', 'UNSECURED']),
  securityParticulars: Type.Optional(
    Type.Object({ description: Text(500), valueSen: Sen }, { additionalProperties: false }),
  ),
};

export const RecommendTermsSchema = Type.Object(termFields, { additionalProperties: false });

// The branches of a union leave additionalProperties open: the validator strips unknown
// properties while it tries each branch, which would take a later branch's fields away.
function decision<D extends string, P extends Record<string, TSchema>>(name: D, fields: P) {
  return Type.Object({ decision: Type.Literal(name), version: Version, ...fields });
}

export const DecisionBodySchema = Type.Union([
  decision('KIV', { note: Text(4000) }),
  decision('REQUEST_INTERVIEW', {
    scheduledAt: Type.String({ format: 'date-time' }),
    mode: StringEnum(INTERVIEW_MODES),
    details: Type.Optional(Type.String({ maxLength: 500 })),
  }),
  decision('REQUEST_PSYCHOMETRIC_TEST', { note: Type.Optional(Type.String({ maxLength: 4000 })) }),
  decision('REDO_PSYCHOMETRIC_TEST', { note: Type.Optional(Type.String({ maxLength: 4000 })) }),
  decision('REFER_BACK', {
    items: Type.Array(
      Type.Union([
        Type.Object({
          kind: Type.Literal('section'),
          target: StringEnum(SECTION_TARGETS),
          reason: Text(1000),
        }),
        Type.Object({
          kind: Type.Literal('document'),
          target: StringEnum(DOCUMENT_FILE_TYPES),
          reason: Text(1000),
        }),
      ]),
      { minItems: 1, maxItems: 20 },
    ),
  }),
  decision('RETURN_TO_PENDING', { reason: Text(4000) }),
  decision('RECOMMEND', { ...termFields, note: Type.Optional(Type.String({ maxLength: 4000 })) }),
  decision('APPROVE', {
    note: Type.Optional(Type.String({ maxLength: 4000 })),
    complianceReviewed: Type.Optional(Type.Boolean()),
  }),
  decision('REJECT', {
    reason: Text(4000),
    banKind: Type.Optional(StringEnum(['REJECTION', 'TEMPORARY_BAN'])),
  }),
  decision('CANCEL', { reason: Text(FIELD_LIMITS.cancelReason) }),
]);

/** The admin path's cancellation: a reason (trimmed; blank is refused) and the version read. */
export const CancelBodySchema = Type.Object(
  {
    reason: Type.String({
      minLength: 1,
      maxLength: FIELD_LIMITS.cancelReason,
      pattern: '\\S',
      'x-sentences': {
        required: 'Please give a reason for cancelling',
        minLength: 'Please give a reason for cancelling',
        pattern: 'Please give a reason for cancelling',
      },
    }),
    version: Version,
  },
  { additionalProperties: false },
);

export const DecisionResultSchema = Type.Object({
  decision: StringEnum(STAFF_DECISIONS),
  from: StringEnum(APPLICATION_STATUSES),
  status: StringEnum(APPLICATION_STATUSES),
  version: Type.Integer(),
});

const Offer = Type.Object({}, { additionalProperties: true });

export const DecisionOptionsSchema = Type.Object({
  applicationId: Type.String(),
  status: StringEnum(APPLICATION_STATUSES),
  version: Type.Integer(),
  decisions: Type.Array(
    Type.Object({
      decision: StringEnum(STAFF_DECISIONS),
      allowed: Type.Boolean(),
      reason: Type.Optional(StringEnum(DECISION_REFUSALS)),
      approvedLevel: Type.Optional(Type.Integer({ minimum: 1 })),
    }),
  ),
  interviewSlots: Type.Array(Type.String({ format: 'date-time' })),
  referbackTargets: Type.Object({
    sections: Type.Array(StringEnum(SECTION_TARGETS)),
    documents: Type.Array(StringEnum(DOCUMENT_FILE_TYPES)),
  }),
  offer: Type.Union([
    Type.Object({
      recommendationId: Type.String(),
      recommendedBy: Type.String(),
      terms: Type.Object({
        amountSen: Type.Integer(),
        tenureMonths: Type.Integer(),
        annualRateBp: Type.Integer(),
        security: StringEnum(['SECURED', 'UNSECURED']),
      }),
      offer: Offer,
      settingsVersion: Type.Integer(),
      approvalLevels: Type.Integer(),
      complianceReview: Type.Boolean(),
      capBp: Type.Integer(),
      approvals: Type.Array(
        Type.Object({
          level: Type.Integer(),
          approverId: Type.String(),
          approvedAt: Type.String({ format: 'date-time' }),
        }),
      ),
    }),
    Type.Null(),
  ]),
  interviews: Type.Array(
    Type.Object({
      id: Type.String(),
      scheduledAt: Type.String({ format: 'date-time' }),
      mode: StringEnum(INTERVIEW_MODES),
      details: Type.Union([Type.String(), Type.Null()]),
      outcome: Type.Union([StringEnum(INTERVIEW_OUTCOMES), Type.Null()]),
      outcomeNote: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});

export const PreviewSchema = Type.Object({
  ok: Type.Boolean(),
  failures: Type.Array(Type.Object({ code: Type.String() }, { additionalProperties: true })),
  needsComplianceReview: Type.Boolean(),
  offer: Type.Union([Offer, Type.Null()]),
  capBp: Type.Integer(),
  approvalLevels: Type.Union([Type.Integer(), Type.Null()]),
  settingsVersion: Type.Integer(),
});

export const OutcomeBodySchema = Type.Object(
  {
    outcome: StringEnum(INTERVIEW_OUTCOMES),
    note: Type.Optional(Type.String({ maxLength: 4000 })),
  },
  { additionalProperties: false },
);

export const InterviewSchema = DecisionOptionsSchema.properties.interviews.items;
