import type { OutboxStore } from './outbox';

export interface SmsMessage {
  /** E.164 */
  to: string;
  body: string;
}

export interface SmsSender {
  readonly provider: 'sandbox';
  send(message: SmsMessage): Promise<void>;
}

/** Keeps each text message in the outbox. A gateway provider plugs in behind the same interface. */
export function sandboxSms(outbox: OutboxStore): SmsSender {
  return {
    provider: 'sandbox',
    send: (message) =>
      outbox.add({ channel: 'sms', to: message.to, subject: null, body: message.body, links: [] }),
  };
}
