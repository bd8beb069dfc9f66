import { NOTE_MAX_LENGTH } from '@lending/contracts';
import { type TSchema, Type } from '@sinclair/typebox';

import { StringEnum } from '../../http/schema';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** Parts the service builds from the shared contract types, passed on as they are. */
const Any = Type.Unsafe<unknown>({});

export const CaseFileParams = Type.Object({ applicationId: Type.String({ format: 'uuid' }) });

export const DocumentParams = Type.Object({
  applicationId: Type.String({ format: 'uuid' }),
  documentId: Type.String({ format: 'uuid' }),
});

export const EKYC_IMAGE_KINDS = ['ID_FRONT', 'ID_BACK', 'SELFIE'] as const;

export const EkycImageParams = Type.Object({
  applicationId: Type.String({ format: 'uuid' }),
  sessionId: Type.String({ format: 'uuid' }),
  kind: StringEnum(EKYC_IMAGE_KINDS),
});

export const DocumentQuery = Type.Object(
  { download: Type.Optional(StringEnum(['0', '1'] as const)) },
  { additionalProperties: false },
);

export const AddNoteBody = Type.Object(
  {
    body: Type.String({
      minLength: 1,
      maxLength: NOTE_MAX_LENGTH,
      'x-sentences': {
        required: 'Please write the note',
        minLength: 'Please write the note',
        maxLength: `A note holds at most ${NOTE_MAX_LENGTH} characters`,
      },
    }),
  },
  { additionalProperties: false },
);

const StaffRefSchema = Nullable(
  Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() }),
);

export const NoteSchema = Type.Object({
  id: Type.String(),
  body: Type.String(),
  author: StaffRefSchema,
  createdAt: Type.String(),
});

export const CaseFileSchema = Type.Object({
  application: Any,
  status: Type.String(),
  version: Type.Integer(),
  assignedOfficer: StaffRefSchema,
  assignedAt: Nullable(Type.String()),
  companyName: Type.String(),
  businessRegistrationNo: Type.String(),
  documents: Type.Array(Any),
  ekyc: Any,
  psychometric: Any,
  eligibility: Type.Array(Any),
  applicant: Any,
  notes: Type.Array(NoteSchema),
  interview: Any,
  referbacks: Type.Array(Any),
  recommendation: Any,
  statusHistory: Type.Array(Any),
  auditTrail: Type.Array(Any),
});
