// Paying online through a payment gateway, in the shape of Razer Merchant Services (Fiuu): the
// merchant sends the buyer to the gateway's hosted page with the order (id, amount, channel,
// where to return, where to notify); the buyer pays by online banking (FPX) or card; the gateway
// tells the merchant the outcome by signed server-to-server notifications, repeated until
// acknowledged, and sends the browser back. The merchant may ask the gateway for an order's
// status at any time. Amounts here are sen; the wire's ringgit strings stay in the adapter.

export type GatewayChannel = 'FPX' | 'CARD';
export type GatewayOutcomeStatus = 'PAID' | 'FAILED' | 'PENDING';

export interface GatewayPaymentRequest {
  /** The merchant's order id: unique per attempt. */
  orderId: string;
  amountSen: number;
  channel: GatewayChannel;
  /** What the buyer sees they are paying for. */
  description: string;
  language: 'EN' | 'MS';
  /** Where the gateway sends the browser back to. */
  returnUrl: string;
  /** Where the gateway posts its server-to-server notifications. */
  notifyUrl: string;
}

/** What the gateway says of an order, read from a notification or a status query. */
export interface GatewayOutcome {
  orderId: string;
  /** The gateway's own transaction id: one per payment attempt on its page. */
  txnId: string;
  amountSen: number;
  status: GatewayOutcomeStatus;
  /** The gateway's words for a failure (e.g. "Insufficient funds"). */
  errorCode: string | null;
  errorDesc: string | null;
  paidAt: Date | null;
}

/** One payment the gateway settled to the merchant, as its daily settlement report lists it. */
export interface SettlementReportLine {
  /** The gateway's transaction id: the reference the payment was booked under. */
  txnId: string;
  orderId: string;
  amountSen: number;
  channel: GatewayChannel;
  paidAt: Date;
}

export interface PaymentGateway {
  readonly name: string;
  /** Registers the order; the hosted page to send the browser to. */
  createPayment(request: GatewayPaymentRequest): Promise<{ paymentUrl: string }>;
  /** The outcome a notification (or the return's fields) carries; null when its signature does
   *  not hold or a field is missing, so nothing of it may be believed. */
  readNotification(fields: Readonly<Record<string, string | undefined>>): GatewayOutcome | null;
  /** What the merchant answers a notification it took, so the gateway stops resending it. */
  readonly acknowledgement: string;
  /** Asks the gateway for the order's latest attempt; null when the buyer never reached the page.
   *  Throws when the gateway cannot be reached or its answer is not signed correctly. */
  queryOrder(orderId: string, amountSen: number): Promise<GatewayOutcome | null>;
  /** The payments settled to the merchant whose payment date (Malaysia) falls in the span, as
   *  the gateway's settlement report lists them. Absent when the platform has no published way to
   *  fetch the vendor's report: finance staff upload it instead. */
  settlementReport?(from: string, to: string): Promise<SettlementReportLine[]>;
}

/** The keys the merchant shares with the gateway. */
export interface GatewayKeys {
  merchantId: string;
  /** Signs what the merchant sends (the order's `vcode`, a status query's `skey`). */
  verifyKey: string;
  /** Signs what the gateway sends (a notification's `skey`, a status answer's `VrfKey`). */
  secretKey: string;
}
