/**
 * What the lender keeps for and gives the regulator (DOMAIN.md "Regulation"): the borrower ledger
 * of each loan (Lampiran A, Moneylenders Act s.18(1)) as PDF or CSV, and the KPKT iDeal return of
 * the loans of a period as CSV. Columns, spellings and value lists are the domain's
 * (`IDEAL_COLUMNS`, `IDEAL_VALUE_LISTS`, `LOAN_STANDING_CODES`): our reading, defined once.
 */
import type { IdealColumn, IdealProblem } from '@lending/domain';

import type { StatementLanguage } from './accounts';
import type { ApiErrorBody } from './errors';

const ADMIN = '/arkcash/admin/api/v1.0';

export const LEDGER_PATHS = {
  /** GET (staff): the borrower ledger of any agreement, PDF in English or Bahasa Melayu. */
  pdf: (agreementId: string, language: StatementLanguage | string) =>
    `${ADMIN}/borrower-ledger/${agreementId}/pdf/${language}`,
  /** GET (staff): the same ledger as CSV, under the regulator's Malay headings. */
  csv: (agreementId: string) => `${ADMIN}/borrower-ledger/${agreementId}/csv`,
} as const;

export const REGULATOR_PATHS = {
  /** GET `?from=&to=` (staff): the iDeal return of the period as CSV; 422 with the bad rows. */
  idealExport: `${ADMIN}/regulator/ideal-export`,
} as const;

/** The period of a return: both ends included, `YYYY-MM-DD`, ended by today. */
export interface IdealExportQuery {
  from: string;
  to: string;
}

/** A loan the return may not hold as its records stand, and what is wrong with it. */
export interface IdealBadRow {
  agreementId: string;
  /** The agreement number (the loan number the return reports). */
  loanNo: string;
  problems: { column: IdealColumn; problem: IdealProblem }[];
}

/** The 422 answer of an export that would hold bad rows. */
export interface IdealExportRefusal extends ApiErrorBody {
  code: 'IDEAL_EXPORT_REFUSED';
  badRows: IdealBadRow[];
}
