import {
  type AssignRequest,
  QUEUE_MAX_PAGE_SIZE,
  QUEUE_PAGE_SIZE,
  QUEUE_SORT_FIELDS,
  type QueueItem,
  type QueueOfficer,
  type QueueResponse,
  TENANTS,
} from '@lending/contracts';
import { APPLICATION_STATUSES } from '@lending/domain';
import { type Static, Type } from '@sinclair/typebox';

import { type Same, StringEnum } from '../../http/schema';

const ORGANIZATION_TYPES = ['SOLE_PROP', 'PARTNERSHIP', 'COMPANY'] as const;
const Sen = Type.Integer({ minimum: 0, maximum: 2_000_000_000 });
const Day = Type.String({ format: 'date', description: 'Malaysia calendar date, included' });

export const QueueQuerySchema = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: QUEUE_MAX_PAGE_SIZE, default: QUEUE_PAGE_SIZE }),
    sortBy: StringEnum(QUEUE_SORT_FIELDS, { default: 'submittedAt' }),
    order: StringEnum(['asc', 'desc'], { default: 'desc' }),
    status: Type.Optional(
      Type.Array(StringEnum(APPLICATION_STATUSES), {
        maxItems: APPLICATION_STATUSES.length,
        description: 'Repeat the parameter for several; every status but drafts when absent',
      }),
    ),
    organizationType: Type.Optional(
      Type.Array(StringEnum(ORGANIZATION_TYPES), { maxItems: ORGANIZATION_TYPES.length }),
    ),
    tenant: Type.Optional(StringEnum(TENANTS)),
    submittedFrom: Type.Optional(Day),
    submittedTo: Type.Optional(Day),
    amountMinSen: Type.Optional(Sen),
    amountMaxSen: Type.Optional(Sen),
    officer: Type.Optional(
      Type.String({
        pattern:
          '^(me|none|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$',
        description: 'A staff id, `me` or `none`',
      }),
    ),
    q: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type QueueQueryInput = Static<typeof QueueQuerySchema>;

const Nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer>>(
  schema: T,
) => Type.Union([schema, Type.Null()]);

export const QueueOfficerSchema = Type.Object({ id: Type.String(), name: Type.String() });

export const QueueItemSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  referenceNo: Type.String(),
  tenant: StringEnum(TENANTS),
  status: StringEnum(APPLICATION_STATUSES),
  organizationType: StringEnum(ORGANIZATION_TYPES),
  companyName: Type.String(),
  applicantName: Type.String(),
  businessRegistrationNo: Type.String(),
  requestedAmountSen: Nullable(Type.Integer()),
  tenureMonths: Nullable(Type.Integer()),
  submittedAt: Nullable(Type.String({ format: 'date-time' })),
  updatedAt: Type.String({ format: 'date-time' }),
  version: Type.Integer(),
  assignedOfficer: Type.Union([QueueOfficerSchema, Type.Null()]),
  assignedAt: Nullable(Type.String({ format: 'date-time' })),
  assignedToMe: Type.Boolean(),
});

export const QueueResponseSchema = Type.Object({
  data: Type.Array(QueueItemSchema),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  counts: Type.Unsafe<QueueResponse['counts']>(
    Type.Object(Object.fromEntries(APPLICATION_STATUSES.map((status) => [status, Type.Integer()]))),
  ),
  officers: Type.Array(QueueOfficerSchema),
});

export const AssignParamsSchema = Type.Object({ applicationId: Type.String({ format: 'uuid' }) });
export const AssignBodySchema = Type.Object(
  {
    version: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    officerId: Type.Optional(Type.String({ format: 'uuid' })),
    reassign: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const _sameOfficer: Same<Static<typeof QueueOfficerSchema>, QueueOfficer> = true;
const _sameItem: Same<Static<typeof QueueItemSchema>, QueueItem> = true;
const _sameResponse: Same<Static<typeof QueueResponseSchema>, QueueResponse> = true;
const _sameAssign: Same<Static<typeof AssignBodySchema>, AssignRequest> = true;
