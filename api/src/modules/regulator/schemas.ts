import type { IdealExportQuery, IdealExportRefusal } from '@lending/contracts';
import { STATEMENT_LANGUAGES } from '@lending/contracts';
import { IDEAL_COLUMNS, IDEAL_PROBLEMS } from '@lending/domain';
import { type Static, Type } from '@sinclair/typebox';

import { type Same, StringEnum } from '../../http/schema';

const IsoDate = Type.String({ format: 'date' });

export const LedgerPdfParams = Type.Object({
  agreementId: Type.String({ format: 'uuid' }),
  language: StringEnum(STATEMENT_LANGUAGES),
});
export const LedgerCsvParams = Type.Object({ agreementId: Type.String({ format: 'uuid' }) });

export const IdealExportQuerySchema = Type.Object(
  { from: IsoDate, to: IsoDate },
  { additionalProperties: false },
);

export const IdealExportRefusalSchema = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  code: Type.Literal('IDEAL_EXPORT_REFUSED'),
  badRows: Type.Array(
    Type.Object({
      agreementId: Type.String(),
      loanNo: Type.String(),
      problems: Type.Array(
        Type.Object({ column: StringEnum(IDEAL_COLUMNS), problem: StringEnum(IDEAL_PROBLEMS) }),
      ),
    }),
  ),
});

// The schemas answer exactly the contract's types: a drift fails the typecheck.
const _query: Same<Static<typeof IdealExportQuerySchema>, IdealExportQuery> = true;
const _refusal: Same<Static<typeof IdealExportRefusalSchema>, IdealExportRefusal> = true;
void [_query, _refusal];
