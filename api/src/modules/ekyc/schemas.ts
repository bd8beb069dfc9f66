import type { EkycSession, EkycStartRequest, EkycStartResponse } from '@lending/contracts';
import { type Static, Type } from '@sinclair/typebox';

import { type Same, StringEnum } from '../../http/schema';

export const EkycStartBodySchema = Type.Object({
  applicationId: Type.String({ format: 'uuid' }),
  language: Type.Optional(StringEnum(['EN', 'MS'])),
});

export const EkycStartResponseSchema = Type.Object({
  sessionId: Type.String({ format: 'uuid' }),
  captureUrl: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
});

export const EkycSessionParamsSchema = Type.Object({
  sessionId: Type.String({ format: 'uuid' }),
});

export const EkycSessionSchema = Type.Object({
  sessionId: Type.String({ format: 'uuid' }),
  applicationId: Type.String({ format: 'uuid' }),
  status: StringEnum(['PENDING', 'PASSED', 'FAILED', 'EXPIRED']),
  message: Type.Union([Type.String(), Type.Null()]),
  expiresAt: Type.String({ format: 'date-time' }),
  completedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  confirmedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export const CaptureParamsSchema = Type.Object({
  captureToken: Type.String({ maxLength: 100 }),
});

const _sameStart: Same<Static<typeof EkycStartBodySchema>, EkycStartRequest> = true;
const _sameStarted: Same<Static<typeof EkycStartResponseSchema>, EkycStartResponse> = true;
const _sameSession: Same<Static<typeof EkycSessionSchema>, EkycSession> = true;
