export const NOTHING_TO_PAY = 'There is no loan to pay yet';
export const AMOUNT_TOO_SMALL = 'The amount must be at least the gateway minimum';
export const AMOUNT_TOO_LARGE = 'The amount is more than what is owed on the loan';
export const SIGNATURE_INVALID = 'The notification is not signed by the gateway';
export const AMOUNT_MISMATCH = 'The notification amount does not match the order';
export const ORDER_NOT_FOUND = 'Payment not found';
export const GATEWAY_UNREACHABLE = 'The payment gateway cannot be reached, please try again later';
export const SETTLEMENT_QUOTE_CHANGED =
  'The settlement amount has changed since it was shown; please check today’s amount and try again';
