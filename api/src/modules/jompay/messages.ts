export const JOMPAY_IMPORT_NOT_FOUND = 'JomPAY import not found';
export const JOMPAY_SANDBOX_ONLY =
  'A JomPAY file can only be made for the sandbox biller; real files come from the bank';
export const JOMPAY_NOT_A_LOAN = 'Loan account not found';
