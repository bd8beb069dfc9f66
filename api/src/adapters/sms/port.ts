export interface SmsMessage {
  /** E.164 */
  to: string;
  body: string;
}

export interface SmsSender {
  /** `sandbox`, or the gateway's name. */
  readonly provider: string;
  send(message: SmsMessage): Promise<void>;
}

/** Where a text message stands at the gateway, from its delivery receipts. */
export type SmsDeliveryStatus = 'SENT' | 'DELIVERED' | 'FAILED' | 'EXPIRED';

/** A gateway's delivery receipts: checked, then booked once however often they arrive. */
export interface SmsReceipts {
  /** Whether the receipt's sender proved itself with the shared secret. */
  authentic(authorization: string | undefined): boolean;
  /** Books the receipt; false when it names no message of ours or cannot be read. */
  book(fields: Readonly<Record<string, string | undefined>>): Promise<boolean>;
  /** Messages by where they stand, sent since `since`. */
  counts(since: Date): Promise<Record<SmsDeliveryStatus, number>>;
}
