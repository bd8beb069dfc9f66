// What the finance area answers with, in English; api/src/http/malay.ts words each in Malay.
export const PERIOD_INVALID = 'Name a month as YYYY-MM';
export const SPAN_INVALID = 'Give a period of two dates, the start not after the end';
export const SPAN_TOO_LONG = 'Ask for at most {days} days at a time';
export const PERIOD_NOT_ENDED = 'The month {period} has not ended yet: close it from {from}';
export const PERIOD_CLOSED_ALREADY = 'The month {period} is closed already';
export const EARLIER_PERIOD_OPEN = 'Close {earlier} first: months close in order';
export const LEDGER_ACCOUNT_NOT_FOUND = 'No such account in the chart of accounts';
export const RECON_NO_GATEWAY_REPORT =
  'The payment gateway in use publishes no settlement report the platform can fetch: upload it as CSV';
export const RECON_CSV_HEADER = 'The first line of the report must name the columns {columns}';
export const RECON_CSV_LINE =
  'Line {line} of the report is not a settlement line: give the transaction id, the order id, the amount in ringgit (such as 123.45), MYR, fpx or credit, and the payment time as YYYY-MM-DD HH:MM:SS';
export const RECON_CSV_OUTSIDE =
  'Line {line} of the report was paid on {date}, outside the period reconciled';
export const RECON_CSV_TOO_LONG = 'The report has more than {lines} lines';
export const RECON_RUN_NOT_FOUND = 'Reconciliation not found';
export const RECON_LINE_NOT_FOUND = 'Reconciliation line not found';
export const RECON_LINE_NOT_OPEN = 'This line is matched, or its resolution is already proposed';
export const RECON_LINE_NOT_PROPOSED = 'This line has no resolution waiting to be confirmed';
export const RECON_SAME_STAFF =
  'A second finance member must confirm this resolution: the one who proposed it cannot';
