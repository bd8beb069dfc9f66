import type {
  JompayDetails,
  JompayImportList,
  JompayImportRequest,
  JompayImportView,
  JompaySandboxFileRequest,
} from '@lending/contracts';
import { JOMPAY_FILE_ERRORS, JOMPAY_LINE_REASONS } from '@lending/contracts';
import { type Static, Type } from '@sinclair/typebox';

import { type Same, StringEnum } from '../../http/schema';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const AgreementParamsSchema = Type.Object({
  agreementId: Type.String({ format: 'uuid' }),
});

export const ImportParamsSchema = Type.Object({
  importId: Type.String({ format: 'uuid' }),
});

export const JompayDetailsSchema = Type.Object({
  agreementId: Type.String({ format: 'uuid' }),
  agreementNo: Type.String(),
  billerCode: Type.String(),
  ref1: Type.String(),
});

export const JompayImportRequestSchema = Type.Object(
  {
    fileName: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    // The request's size limit bounds the file; a bank's daily file is far smaller.
    content: Type.String({ minLength: 1, maxLength: 900_000 }),
  },
  { additionalProperties: false },
);

const summaryFields = {
  id: Type.String({ format: 'uuid' }),
  fileName: Type.String(),
  billerCode: Type.String(),
  fileDate: Nullable(Type.String({ format: 'date' })),
  importedAt: Type.String({ format: 'date-time' }),
  importedBy: Type.String(),
  lineCount: Type.Integer(),
  appliedCount: Type.Integer(),
  duplicateCount: Type.Integer(),
  rejectedCount: Type.Integer(),
  appliedSen: Type.Integer(),
  fileError: Type.Union([StringEnum(JOMPAY_FILE_ERRORS), Type.Null()]),
};

export const JompayImportViewSchema = Type.Object({
  ...summaryFields,
  lines: Type.Array(
    Type.Object({
      lineNo: Type.Integer(),
      transactionRef: Nullable(Type.String()),
      ref1: Nullable(Type.String()),
      amountSen: Type.Union([Type.Integer(), Type.Null()]),
      paidAt: Nullable(Type.String({ format: 'date-time' })),
      agreementNo: Nullable(Type.String()),
      outcome: StringEnum(['APPLIED', 'DUPLICATE', 'REJECTED']),
      reason: Type.Union([StringEnum(JOMPAY_LINE_REASONS), Type.Null()]),
      receiptNo: Nullable(Type.String()),
    }),
  ),
});

export const JompayImportListSchema = Type.Object({
  billerCode: Type.String(),
  sandbox: Type.Boolean(),
  items: Type.Array(Type.Object(summaryFields)),
});

export const JompaySandboxFileRequestSchema = Type.Object(
  {
    credits: Type.Array(
      Type.Object(
        {
          ref1: Type.String({ minLength: 1, maxLength: 40 }),
          // Zero and negative amounts are allowed: a file to try the import's refusals with.
          amountSen: Type.Integer({ minimum: -100_000_000, maximum: 100_000_000 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 500 },
    ),
  },
  { additionalProperties: false },
);

// The schemas answer exactly the contract's types: a drift fails the typecheck.
const _details: Same<Static<typeof JompayDetailsSchema>, JompayDetails> = true;
const _request: Same<Static<typeof JompayImportRequestSchema>, JompayImportRequest> = true;
const _view: Same<Static<typeof JompayImportViewSchema>, JompayImportView> = true;
const _list: Same<Static<typeof JompayImportListSchema>, JompayImportList> = true;
const _file: Same<Static<typeof JompaySandboxFileRequestSchema>, JompaySandboxFileRequest> = true;
void [_details, _request, _view, _list, _file];
