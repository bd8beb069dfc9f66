import {
  AUDIT_MAX_PAGE_SIZE,
  AUDIT_PAGE_SIZE,
  type AuditPage,
  type AuditQuery,
  type AuditRow,
} from '@lending/contracts';
import { type Static, Type } from '@sinclair/typebox';

import { type Same, StringEnum } from '../../http/schema';

const Day = Type.String({ format: 'date', description: 'Malaysia calendar date, included' });
/** References are `<kind>:<id>`: letters, digits and a few separators, nothing to escape. */
const REFERENCE_PART = '[A-Za-z0-9_.-]';

const filterFields = {
  order: StringEnum(['asc', 'desc'], { default: 'desc' }),
  actor: Type.Optional(
    Type.String({
      pattern: `^(user|staff|system|none|(user|staff|system):${REFERENCE_PART}{1,100}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$`,
      description:
        'A kind (`user`, `staff`, `system`, `none`), a whole reference (`staff:<id>`) or a ' +
        'bare staff id',
    }),
  ),
  entityType: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9_-]{0,49}$' })),
  entityId: Type.Optional(Type.String({ pattern: `^${REFERENCE_PART}{1,100}$` })),
  action: Type.Optional(
    Type.String({
      pattern: '^[a-z][a-z0-9_.]{0,79}\\*?$',
      description: 'An action, or a prefix when it ends with `.` or `*`',
    }),
  ),
  from: Type.Optional(Day),
  to: Type.Optional(Day),
};

export const AuditQuerySchema = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: AUDIT_MAX_PAGE_SIZE, default: AUDIT_PAGE_SIZE }),
    ...filterFields,
  },
  { additionalProperties: false },
);
export type AuditQueryInput = Static<typeof AuditQuerySchema>;

export const AuditExportQuerySchema = Type.Object(filterFields, { additionalProperties: false });
export type AuditExportQueryInput = Static<typeof AuditExportQuerySchema>;

const Nullable = (schema: ReturnType<typeof Type.String>) => Type.Union([schema, Type.Null()]);

export const AuditRowSchema = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  actor: Type.Object({
    ref: Nullable(Type.String()),
    kind: StringEnum(['user', 'staff', 'system', 'none']),
    name: Nullable(Type.String()),
  }),
  action: Type.String(),
  subject: Nullable(Type.String()),
  entity: Nullable(Type.String()),
  fromStatus: Nullable(Type.String()),
  toStatus: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  ip: Nullable(Type.String()),
  requestId: Nullable(Type.String()),
  detail: Type.Record(Type.String(), Type.Unknown()),
});

export const AuditPageSchema = Type.Object({
  data: Type.Array(AuditRowSchema),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  staff: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  actions: Type.Array(Type.String()),
});

const _sameRow: Same<Static<typeof AuditRowSchema>, AuditRow> = true;
const _samePage: Same<Static<typeof AuditPageSchema>, AuditPage> = true;
const _sameQuery: Same<Partial<AuditQueryInput>, AuditQuery> = true;
