// What the finance area answers with, in English; api/src/http/malay.ts words each in Malay.
export const PERIOD_INVALID = 'Name a month as YYYY-MM';
export const SPAN_INVALID = 'Give a period of two dates, the start not after the end';
export const SPAN_TOO_LONG = 'Ask for at most {days} days at a time';
export const PERIOD_NOT_ENDED = 'The month {period} has not ended yet: close it from {from}';
export const PERIOD_CLOSED_ALREADY = 'The month {period} is closed already';
export const EARLIER_PERIOD_OPEN = 'Close {earlier} first: months close in order';
export const LEDGER_ACCOUNT_NOT_FOUND = 'No such account in the chart of accounts';
