/**
 * Paying an instalment online (spec sections 2 and 7): the borrower pays the amount due now, or an
 * amount of their choosing up to what is owed, by online banking (FPX) or card through the payment
 * gateway. The gateway's page takes the payment; the gateway tells the platform the outcome by a
 * signed server-to-server notification, and the platform asks it again when the browser returns.
 * Money in sen; instants ISO.
 */
export const GATEWAY_PAYMENT_PATHS = {
  /** POST: start a payment; answers the order and the gateway page to send the browser to. */
  create: '/arkcash/api/v1.0/razer',
  /** GET: the borrower's amount due now, broken down, and what is owed in all. */
  dueNow: '/arkcash/api/v1.0/razer/due-now',
  /** GET: one order's outcome (the gateway is asked again while it is pending). */
  order: (orderId: string) => `/arkcash/api/v1.0/razer/order/${orderId}`,
  /** POST: the gateway's signed server-to-server notification (form fields). */
  notify: '/arkcash/api/v1.0/razer/notify',
  /** GET or POST: where the gateway sends the browser back; redirects to the result screens. */
  return: '/arkcash/api/v1.0/razer/return',
  /** The sandbox gateway's hosted payment page (GET shows it, POST takes the outcome). */
  sandboxPage: (token: string) => `/api/sandbox/razer/${token}`,
  /** POST: the sandbox gateway sends the notifications due by now (late and repeated ones). */
  sandboxDeliver: '/api/sandbox/razer/notifications/deliver',
} as const;

export type GatewayChannel = 'FPX' | 'CARD';
export type GatewayPaymentStatus = 'PENDING' | 'PAID' | 'FAILED';

export interface DueNowView {
  agreementId: string;
  agreementNo: string;
  /** Overdue instalments, late charges and the current instalment: what "pay now" pays. */
  dueNowSen: number;
  overdueSen: number;
  lateChargesSen: number;
  currentInstalmentSen: number;
  /** The most one payment may be: everything still owed today, never more than settling. */
  maxAmountSen: number;
  /** Today's early settlement amount (null when the loan cannot be settled today). */
  settlementSen: number | null;
  /** The least one payment may be (the gateway's minimum). */
  minAmountSen: number;
  /** The business date the figures are for (YYYY-MM-DD). */
  asOf: string;
}

/** What an order pays: the amount due now (or a chosen amount), or the early settlement quote. */
export type GatewayPaymentPurpose = 'INSTALMENT' | 'SETTLEMENT';

/**
 * What became of a settlement order once paid: the loan SETTLED (closed); QUOTE_EXPIRED when the
 * money arrived after the quote's business day (applied as an ordinary payment, the loan stays
 * open); NOT_SETTLED when it no longer covered the day's settlement amount (applied as an
 * ordinary payment). Null for instalment orders and settlement orders not paid.
 */
export type SettlementOutcome = 'SETTLED' | 'QUOTE_EXPIRED' | 'NOT_SETTLED';

export interface GatewayPaymentRequest {
  agreementId: string;
  channel: GatewayChannel;
  /** What to pay; the amount due now when not given. For a settlement, the quote's amount. */
  amountSen?: number;
  language?: 'EN' | 'MS';
  /** INSTALMENT when not given. */
  purpose?: GatewayPaymentPurpose;
  /** For a settlement: the business date of the quote the borrower accepted; a quote of another
   *  day, or another amount, is refused (`SETTLEMENT_QUOTE_CHANGED`). */
  quoteAsOf?: string;
}

export interface GatewayPaymentView {
  orderId: string;
  agreementId: string;
  amountSen: number;
  channel: GatewayChannel;
  status: GatewayPaymentStatus;
  /** The gateway's code for a failure (screens word the known ones in the reader's language). */
  failureCode: string | null;
  /** The gateway's reason for a failure, as it words it. */
  failureReason: string | null;
  /** The receipt of a paid order. */
  receiptNo: string | null;
  paymentId: string | null;
  createdAt: string;
  paidAt: string | null;
  purpose: GatewayPaymentPurpose;
  /** For a settlement order: the business date of its quote, and what became of it once paid. */
  quoteAsOf: string | null;
  settlementOutcome: SettlementOutcome | null;
}

export interface GatewayPaymentStarted {
  payment: GatewayPaymentView;
  /** The gateway's hosted page to send the browser to. */
  paymentUrl: string;
}
