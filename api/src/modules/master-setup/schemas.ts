import {
  API_ERROR_CODES,
  MASTER_ENTITY_IDS,
  MASTER_FILE_PROBLEMS,
  type MasterEntityView,
  type MasterFileRefusal,
  type MasterFileVersion,
} from '@lending/contracts';
import { type Static, Type } from '@sinclair/typebox';

import { type Same, StringEnum } from '../../http/schema';

const Uuid = Type.String({ format: 'uuid' });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const EntityParamsSchema = Type.Object({ entityId: StringEnum(MASTER_ENTITY_IDS) });
export const FileParamsSchema = Type.Object({ fileId: Uuid });

export const ActivateBodySchema = Type.Object(
  { expectedActiveId: Type.Union([Uuid, Type.Null()]) },
  { additionalProperties: false },
);

export const MasterFileVersionSchema = Type.Object({
  id: Uuid,
  entityId: StringEnum(MASTER_ENTITY_IDS),
  version: Type.Integer(),
  originalFileName: Type.String(),
  mimeType: Type.String(),
  sizeBytes: Type.Integer(),
  sha256: Type.String(),
  itemCount: Type.Union([Type.Integer(), Type.Null()]),
  durationMs: Type.Union([Type.Integer(), Type.Null()]),
  uploadedBy: Nullable(Type.String()),
  uploadedAt: Type.String({ format: 'date-time' }),
  activatedBy: Nullable(Type.String()),
  activatedAt: Nullable(Type.String({ format: 'date-time' })),
});

export const MasterEntityViewSchema = Type.Object({
  entityId: StringEnum(MASTER_ENTITY_IDS),
  active: Type.Union([MasterFileVersionSchema, Type.Null()]),
  inEffect: Type.Boolean(),
  versions: Type.Array(MasterFileVersionSchema),
});

export const MasterFileRefusalSchema = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  code: Type.Unsafe<MasterFileRefusal['code']>({ type: 'string', enum: [...API_ERROR_CODES] }),
  problems: Type.Array(
    Type.Object({
      line: Type.Integer(),
      problem: StringEnum(MASTER_FILE_PROBLEMS),
      text: Type.String(),
    }),
  ),
});

const _sameVersion: Same<Static<typeof MasterFileVersionSchema>, MasterFileVersion> = true;
const _sameView: Same<Static<typeof MasterEntityViewSchema>, MasterEntityView> = true;
const _sameRefusal: Same<Static<typeof MasterFileRefusalSchema>, MasterFileRefusal> = true;
