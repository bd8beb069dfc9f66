import type { GuarantorLinkState, SigningCodeSent, SigningState } from '@lending/contracts';
import {
  BORROWER_SIGNING_DOCUMENTS,
  GUARANTOR_SIGNING_DOCUMENTS,
  type GuarantorEkycStarted,
  SIGNING_DOCUMENT_KINDS,
} from '@lending/contracts';
import { type Static, Type } from '@sinclair/typebox';

import { type Same, StringEnum } from '../../http/schema';

export const AgreementParams = Type.Object({ agreementId: Type.String({ format: 'uuid' }) });
export const GuarantorParams = Type.Object({ guarantorId: Type.String({ format: 'uuid' }) });
export const BorrowerDocumentParams = Type.Object({
  agreementId: Type.String({ format: 'uuid' }),
  kind: StringEnum(BORROWER_SIGNING_DOCUMENTS),
});
export const GuarantorDocumentParams = Type.Object({
  guarantorId: Type.String({ format: 'uuid' }),
  kind: StringEnum(GUARANTOR_SIGNING_DOCUMENTS),
});

const SigningDocumentsSchema = Type.Array(
  Type.Object({
    kind: StringEnum(SIGNING_DOCUMENT_KINDS),
    sha256: Type.String(),
    openedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  }),
);

export const SignBody = Type.Object(
  {
    code: Type.String({
      pattern: '^\\d{6}$',
      'x-sentences': {
        required: 'Please enter all 6 digits of the code',
        pattern: 'Please enter all 6 digits of the code',
      },
    }),
    documentSha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  },
  { additionalProperties: false },
);

export const SigningCodeSentSchema = Type.Object({
  sentTo: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
  resendAvailableAt: Type.String({ format: 'date-time' }),
});

const GuarantorStatusSchema = StringEnum(['INVITED', 'VERIFIED', 'SIGNED'] as const);

export const SigningStateSchema = Type.Object({
  agreementId: Type.String(),
  agreementNo: Type.String(),
  status: Type.String(),
  signedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  documentSha256: Type.String(),
  guarantors: Type.Array(
    Type.Object({
      id: Type.String(),
      position: Type.Integer(),
      role: StringEnum(['PARTNER', 'DIRECTOR'] as const),
      name: Type.String(),
      required: Type.Boolean(),
      status: GuarantorStatusSchema,
      signedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    }),
  ),
  documents: SigningDocumentsSchema,
});

export const GuarantorLinkStateSchema = Type.Object({
  guarantorId: Type.String(),
  agreementNo: Type.String(),
  name: Type.String(),
  language: StringEnum(['EN', 'MS'] as const),
  status: GuarantorStatusSchema,
  identity: Type.Union([
    Type.Object({
      state: StringEnum(['PENDING', 'PASSED', 'FAILED'] as const),
      message: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  documentSha256: Type.Union([Type.String(), Type.Null()]),
  documents: SigningDocumentsSchema,
  expiresAt: Type.String({ format: 'date-time' }),
});

export const GuarantorEkycStartedSchema = Type.Object({
  captureUrl: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
});

export const schemasMatchContracts: [
  Same<Static<typeof SigningCodeSentSchema>, SigningCodeSent>,
  Same<Static<typeof SigningStateSchema>, SigningState>,
  Same<Static<typeof GuarantorLinkStateSchema>, GuarantorLinkState>,
  Same<Static<typeof GuarantorEkycStartedSchema>, GuarantorEkycStarted>,
] = [true, true, true, true];
