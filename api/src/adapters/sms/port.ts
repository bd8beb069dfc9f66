export interface SmsMessage {
  /** E.164 */
  to: string;
  body: string;
}

export interface SmsSender {
  readonly provider: 'sandbox';
  send(message: SmsMessage): Promise<void>;
}
