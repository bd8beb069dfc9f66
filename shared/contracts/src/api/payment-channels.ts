import type { StaffRole } from '@lending/domain';

/** Who imports the bank's biller files: booking bank credits is the finance side's work. */
export const JOMPAY_IMPORT_ROLES: readonly StaffRole[] = ['ADMIN', 'FINANCE'];

/**
 * The other ways money comes back (spec section 10: JomPAY and online banking; direct debit):
 * JomPAY credits, which the borrower pays at their own bank with the lender's biller code and
 * their loan's Ref-1, imported by staff from the bank's daily biller file; and direct debit
 * collections on the borrower's e-Mandate, which show in the payment history. Money in sen.
 */
export const JOMPAY_PATHS = {
  /** GET (borrower): the biller code and the loan's Ref-1 to pay by JomPAY. */
  details: (agreementId: string) => `/arkcash/api/v1.0/repayment/${agreementId}/jompay`,
  /** POST (staff): import a biller file; GET: the imports, newest first. */
  imports: '/api/admin/jompay/imports',
  /** GET (staff): one import with the outcome of every line. */
  importDetail: (importId: string) => `/api/admin/jompay/imports/${importId}`,
  /** POST (staff, sandbox biller only): a biller file for the credits given, to import. */
  sandboxFile: '/api/admin/jompay/sandbox-file',
} as const;

export interface JompayDetails {
  agreementId: string;
  agreementNo: string;
  billerCode: string;
  /** The loan's reference: its agreement year and serial and a Luhn check digit. */
  ref1: string;
}

/** Why a whole file was refused; nothing in it is applied. */
export const JOMPAY_FILE_ERRORS = [
  'EMPTY_FILE',
  'BAD_HEADER',
  'WRONG_BILLER',
  'BAD_TRAILER',
  'TRAILER_MISMATCH',
] as const;
export type JompayFileError = (typeof JOMPAY_FILE_ERRORS)[number];

/** Why a line was not applied. */
export const JOMPAY_LINE_REASONS = [
  'MALFORMED_LINE',
  'BAD_CHECK_DIGIT',
  'UNKNOWN_REF1',
  'AMOUNT_NOT_POSITIVE',
  'DUPLICATE_TRANSACTION',
] as const;
export type JompayLineReason = (typeof JOMPAY_LINE_REASONS)[number];

export type JompayLineOutcome = 'APPLIED' | 'DUPLICATE' | 'REJECTED';

export interface JompayImportRequest {
  fileName: string;
  /** The file's text, as the bank gave it. */
  content: string;
}

export interface JompayImportLineView {
  lineNo: number;
  transactionRef: string | null;
  ref1: string | null;
  amountSen: number | null;
  paidAt: string | null;
  agreementNo: string | null;
  outcome: JompayLineOutcome;
  reason: JompayLineReason | null;
  receiptNo: string | null;
}

export interface JompayImportSummary {
  id: string;
  fileName: string;
  billerCode: string;
  fileDate: string | null;
  importedAt: string;
  importedBy: string;
  lineCount: number;
  appliedCount: number;
  duplicateCount: number;
  rejectedCount: number;
  appliedSen: number;
  fileError: JompayFileError | null;
}

export interface JompayImportView extends JompayImportSummary {
  lines: JompayImportLineView[];
}

export interface JompayImportList {
  billerCode: string;
  /** Whether the biller is the sandbox's (a file can then be made to try the import). */
  sandbox: boolean;
  items: JompayImportSummary[];
}

export interface JompaySandboxFileRequest {
  /** The credits to put in the file. */
  credits: { ref1: string; amountSen: number }[];
}
