import { DOCUMENT_FILE_TYPES, type RequiredFile, type UploadedFile } from '@lending/contracts';
import { type Static, Type } from '@sinclair/typebox';

import { type Same, StringEnum } from '../../http/schema';

const MimeType = StringEnum(['application/pdf', 'image/png', 'image/jpeg']);
const FileType = StringEnum(DOCUMENT_FILE_TYPES);

export const OrganizationTypeParamsSchema = Type.Object({
  organizationType: StringEnum(['SOLE_PROP', 'PARTNERSHIP', 'COMPANY']),
});

export const FileIdParamsSchema = Type.Object({ fileId: Type.String({ format: 'uuid' }) });
export const EntityIdParamsSchema = Type.Object({ entityId: Type.String({ format: 'uuid' }) });

export const DownloadQuerySchema = Type.Object({
  link: Type.Optional(
    Type.String({
      maxLength: 2048,
      description: 'A link minted for this file (POST /api/file/{fileId}/link): never a bearer',
    }),
  ),
});

export const FileLinkSchema = Type.Object({
  url: Type.String({ description: 'Opens this one file, for this person, until expiresAt' }),
  expiresAt: Type.String({ format: 'date-time' }),
});

export const RequiredFileSchema = Type.Object({
  fileType: FileType,
  isRequired: Type.Boolean(),
  requiredFileCount: Type.Integer(),
  maxFileCount: Type.Integer(),
  displayOrder: Type.Integer(),
  acceptedTypes: Type.Array(MimeType),
  maxBytes: Type.Integer(),
  name: Type.String(),
  nameMs: Type.String(),
  description: Type.String(),
  descriptionMs: Type.String(),
});

export const UploadedFileSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  applicationId: Type.String({ format: 'uuid' }),
  fileType: FileType,
  originalFileName: Type.String(),
  mimeType: MimeType,
  sizeBytes: Type.Integer(),
  sha256: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});

const _sameRequired: Same<Static<typeof RequiredFileSchema>, RequiredFile> = true;
const _sameUploaded: Same<Static<typeof UploadedFileSchema>, UploadedFile> = true;
