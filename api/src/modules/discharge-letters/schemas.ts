import type { DischargeLettersResponse } from '@lending/contracts';
import { type Static, Type } from '@sinclair/typebox';

import { type Same, StringEnum } from '../../http/schema';

export const AgreementParamsSchema = Type.Object({
  agreementId: Type.String({ format: 'uuid' }),
});

export const LetterParamsSchema = Type.Object({
  letterId: Type.String({ format: 'uuid' }),
});

export const DischargeLetterViewSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  agreementId: Type.String({ format: 'uuid' }),
  version: Type.Integer({ minimum: 1 }),
  language: StringEnum(['EN', 'MS']),
  closedBy: StringEnum(['EARLY_SETTLEMENT', 'FINAL_INSTALMENT']),
  closedOn: Type.String({ format: 'date' }),
  issuedAt: Type.String({ format: 'date-time' }),
});

export const DischargeLettersSchema = Type.Object({
  agreementId: Type.String({ format: 'uuid' }),
  items: Type.Array(DischargeLetterViewSchema),
});

const _sameLetters: Same<Static<typeof DischargeLettersSchema>, DischargeLettersResponse> = true;
