export const MANDATE_NOT_ALLOWED =
  'Direct debit can be set up once you have accepted the loan, and not after it is cancelled';
export const MANDATE_BANK_UNKNOWN = 'Please choose your bank from the list';
export const MANDATE_EXPIRED = 'The bank authorisation was not completed in time';
export const MANDATE_REPLACED = 'Replaced by a new direct debit mandate';
export const MANDATE_ENDED_AT_BANK = 'Ended at the bank';
export const MANDATE_AGREEMENT_CANCELLED = 'The loan agreement was cancelled';
