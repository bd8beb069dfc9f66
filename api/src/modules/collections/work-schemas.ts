import type {
  BorrowerMessagesResponse,
  CaseOfficersResponse,
  CollectionWorkView,
  ContactView,
  PromiseView,
  TerminationView,
} from '@lending/contracts';
import { CALL_OUTCOMES, CONTACT_KINDS } from '@lending/contracts';
import { CASE_ACTIONS, CASE_BUCKETS, CONTACT_CHANNELS, PROMISE_STATUSES } from '@lending/domain';
import { type Static, Type } from '@sinclair/typebox';

import { type Same, StaffActionVerdictSchema, StringEnum } from '../../http/schema';

const IsoDate = Type.String({ format: 'date' });
const Instant = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const Sen = Type.Integer();

export const TerminationParamsSchema = Type.Object({
  terminationId: Type.String({ format: 'uuid' }),
});

export const ContactSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  channel: StringEnum(CONTACT_CHANNELS),
  kind: StringEnum(CONTACT_KINDS),
  subject: Type.String(),
  body: Type.String(),
  outcome: Nullable(StringEnum(CALL_OUTCOMES)),
  letterId: Nullable(Type.String({ format: 'uuid' })),
  language: StringEnum(['EN', 'MS']),
  businessDate: IsoDate,
  at: Instant,
  actor: Type.String(),
});

export const TerminationSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  status: StringEnum(['PROPOSED', 'APPROVED', 'REJECTED']),
  reason: Type.String(),
  proposedBy: Type.String(),
  proposedByName: Nullable(Type.String()),
  proposedAt: Instant,
  decidedBy: Nullable(Type.String()),
  decidedByName: Nullable(Type.String()),
  decidedAt: Nullable(Instant),
  decisionNote: Nullable(Type.String()),
  businessDate: Nullable(IsoDate),
  unpaidPrincipalSen: Nullable(Sen),
  earnedInterestSen: Nullable(Sen),
  lateChargesSen: Nullable(Sen),
  interestForgoneSen: Nullable(Sen),
  balanceSen: Nullable(Sen),
  actions: Type.Object({ decide: StaffActionVerdictSchema }),
});

const PromiseStatus = StringEnum(PROMISE_STATUSES);

export const PromiseSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  amountSen: Sen,
  promisedFor: IsoDate,
  channel: StringEnum(CONTACT_CHANNELS),
  note: Nullable(Type.String()),
  status: PromiseStatus,
  recordedBy: Type.String(),
  recordedOn: IsoDate,
  closedOn: Nullable(IsoDate),
  history: Type.Array(
    Type.Object({
      fromStatus: Nullable(PromiseStatus),
      toStatus: PromiseStatus,
      reason: Type.String(),
      at: Instant,
    }),
  ),
});

export const CollectionWorkSchema = Type.Object({
  agreementId: Type.String({ format: 'uuid' }),
  accountStatus: StringEnum(['ACTIVE', 'CLOSED', 'WRITEOFF', 'TERMINATED']),
  asOf: IsoDate,
  assignedTo: Nullable(Type.String()),
  assignedToName: Nullable(Type.String()),
  bucket: Nullable(StringEnum(CASE_BUCKETS)),
  nextAction: Nullable(StringEnum(CASE_ACTIONS)),
  nextActionOn: Nullable(IsoDate),
  terminationFrom: Nullable(IsoDate),
  terminationBalanceSen: Sen,
  terminations: Type.Array(TerminationSchema),
  promises: Type.Array(PromiseSchema),
  contacts: Type.Array(ContactSchema),
  actions: Type.Object({
    proposeTermination: StaffActionVerdictSchema,
    recordContact: StaffActionVerdictSchema,
    recordPromise: StaffActionVerdictSchema,
    assign: StaffActionVerdictSchema,
  }),
});

export const PromisesSchema = Type.Object({ items: Type.Array(PromiseSchema) });

export const BorrowerMessagesSchema = Type.Object({
  agreementId: Type.String({ format: 'uuid' }),
  items: Type.Array(Type.Omit(ContactSchema, ['outcome', 'actor'])),
});

export const CaseAssignmentBodySchema = Type.Object(
  {
    assignedTo: Type.String({ format: 'uuid' }),
    nextAction: Type.Optional(StringEnum(CASE_ACTIONS)),
    nextActionOn: Type.Optional(IsoDate),
  },
  { additionalProperties: false },
);

// Closed: a member's email, phone or roles never ride along with their name.
export const CaseOfficersSchema = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        { id: Type.String({ format: 'uuid' }), name: Type.String() },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const ProposeTerminationBodySchema = Type.Object(
  { reason: Type.String({ minLength: 5, maxLength: 500 }) },
  { additionalProperties: false },
);

export const DecideTerminationBodySchema = Type.Object(
  { note: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false },
);

export const RecordContactBodySchema = Type.Union([
  Type.Object(
    {
      channel: Type.Literal('CALL'),
      outcome: StringEnum(CALL_OUTCOMES),
      note: Type.String({ minLength: 1, maxLength: 2000 }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      channel: Type.Literal('MESSAGE'),
      subject: Type.String({ minLength: 1, maxLength: 200 }),
      body: Type.String({ minLength: 1, maxLength: 2000 }),
    },
    { additionalProperties: false },
  ),
]);

export const RecordPromiseBodySchema = Type.Object(
  {
    amountSen: Type.Integer({ minimum: 1 }),
    promisedFor: IsoDate,
    channel: StringEnum(CONTACT_CHANNELS),
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

// The schemas answer exactly the contract's types: a drift fails the typecheck.
const _work: Same<Static<typeof CollectionWorkSchema>, CollectionWorkView> = true;
const _termination: Same<Static<typeof TerminationSchema>, TerminationView> = true;
const _promise: Same<Static<typeof PromiseSchema>, PromiseView> = true;
const _contact: Same<Static<typeof ContactSchema>, ContactView> = true;
const _messages: Same<Static<typeof BorrowerMessagesSchema>, BorrowerMessagesResponse> = true;
const _officers: Same<Static<typeof CaseOfficersSchema>, CaseOfficersResponse> = true;
void [_work, _termination, _promise, _contact, _messages, _officers];
