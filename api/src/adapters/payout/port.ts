// Payouts by instant bank transfer (the shape of DuitNow account-to-account / IBG credit
// transfer): the lender sends an amount to a beneficiary's account at a bank, with its own
// reference; the scheme answers at once, accepted with its transfer reference or rejected with
// the receiving bank's reason. The sender's reference is the idempotency key: the same reference
// sent again gets the same answer and never moves money twice.

export interface PayoutRequest {
  /** The lender's reference (end-to-end id), unique per transfer. */
  reference: string;
  amountSen: number;
  beneficiaryName: string;
  /** The receiving bank's SWIFT/BIC code. */
  bankSwiftCode: string;
  accountNo: string;
  /** Shown on the beneficiary's statement. */
  narrative: string;
}

export type PayoutResult =
  | { status: 'ACCEPTED'; transferRef: string; at: Date }
  | { status: 'REJECTED'; reason: string; at: Date };

export interface PayoutProvider {
  readonly name: string;
  send(request: PayoutRequest): Promise<PayoutResult>;
}
