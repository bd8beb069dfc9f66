import { Type } from '@sinclair/typebox';

export const ApplicationParams = Type.Object(
  { applicationId: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);

export const UserParams = Type.Object(
  { userId: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);

export const ZipResponse = Type.String({ description: 'application/zip' });
