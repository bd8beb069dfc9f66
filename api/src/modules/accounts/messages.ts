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
export const REFUND_NOT_FOUND = 'Credit refund not found';
export const REFUND_LETTER_NOT_FOUND = 'Refund letter not found';
export const REFUND_DECIDED = 'This refund was already decided; reload to see the outcome';
export const REFUND_SAME_STAFF =
  'A second finance member must decide this refund: the proposer cannot approve or reject it';
export const REFUND_PENDING =
  'This account already has a refund waiting for a decision; decide it before proposing another';
/** Why the money rules refuse a refund (`creditRefundRefusal` of the domain). */
export const REFUND_REFUSED = {
  accountNotClosed: 'Only credit left on a closed account is refunded',
  noCredit: 'This account has no credit to refund',
  amountNotCredit:
    'A refund pays back the whole credit and nothing more: the amount must equal the credit kept',
} as const;
export const REFUND_NO_PAYOUT =
  'This loan has no confirmed payout, so there is no nominated account to refund to';
export const INVALID_REFUND_AMOUNT = 'The refund must be a whole number of sen above zero';
