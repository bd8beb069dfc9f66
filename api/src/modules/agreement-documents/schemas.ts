import { Type } from '@sinclair/typebox';

const UUID_PATTERN =
  '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

export const AgreementIdParamsSchema = Type.Object({
  agreementId: Type.String({ pattern: UUID_PATTERN, 'x-message': 'Agreement Not Found' }),
});

export const VerificationParamsSchema = Type.Object({
  code: Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' }),
});

export const VerificationSchema = Type.Object({
  agreementNo: Type.String(),
  stage: Type.String({ description: 'FROZEN, SIGNED or COMPLETED' }),
  version: Type.Integer(),
  sha256: Type.String(),
  updatedAt: Type.String({ format: 'date-time' }),
  intact: Type.Boolean({
    description: 'The kept file matches its SHA-256 and every signature in it verifies',
  }),
  versions: Type.Array(
    Type.Object({ version: Type.Integer(), stage: Type.String(), sha256: Type.String() }),
  ),
  signers: Type.Array(
    Type.Object({
      role: Type.String(),
      name: Type.String(),
      signedAt: Type.String({ format: 'date-time' }),
    }),
  ),
  signatures: Type.Array(Type.Object({ signer: Type.String(), intact: Type.Boolean() })),
});

export const NricBodySchema = Type.Object({
  nric: Type.String({
    pattern: '^[0-9A-Za-z-]{6,20}$',
    'x-message': 'Enter a valid identity number',
  }),
});

export const CertificateSchema = Type.Object({
  serialNumber: Type.String(),
  subjectName: Type.String(),
  status: Type.Literal('ENROLLED'),
  validFrom: Type.String({ format: 'date-time' }),
  validTo: Type.String({ format: 'date-time' }),
  certificatePem: Type.String(),
});
