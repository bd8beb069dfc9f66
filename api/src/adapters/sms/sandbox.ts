import type { OutboxStore } from '../outbox/store';
import type { SmsSender } from './port';

/** Keeps each text message in the outbox. A gateway provider plugs in behind the same interface. */
export function sandboxSms(outbox: OutboxStore): SmsSender {
  return {
    provider: 'sandbox',
    send: (message) =>
      outbox.add({ channel: 'sms', to: message.to, subject: null, body: message.body, links: [] }),
  };
}
