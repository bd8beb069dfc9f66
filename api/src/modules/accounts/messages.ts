// What the books module says to staff, in English; the error handler answers a Malay reader from
// the catalogue (http/malay.ts). The back office shows the server's message as it is.
export const ACCOUNT_NOT_FOUND = 'Loan account not found';
export const ADJUSTMENT_NOT_FOUND = 'Waiver or write-off request not found';
export const ADJUSTMENT_DECIDED = 'This request was already decided; reload to see the outcome';
export const ADJUSTMENT_SAME_STAFF =
  'A second staff member must decide this request: the proposer cannot approve or reject it';
export const ADJUSTMENT_PENDING =
  'This account already has an open request of this kind; decide it before proposing another';
export const ACCOUNT_NOT_ACTIVE = 'This account is no longer being repaid (closed or written off)';
export const WAIVER_TOO_LARGE = 'A waiver may not exceed the late charges outstanding';
export const INVALID_REASON = 'Give a reason of 5 to 500 characters';
export const INVALID_AMOUNT = 'The waiver must be a whole number of sen above zero';
