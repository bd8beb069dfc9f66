import type { OutboxStore } from '../outbox/store';
import type { EmailSender } from './port';

/** Keeps each email in the outbox, where a person (or a test) reads it instead of a mailbox. */
export function sandboxEmail(outbox: OutboxStore): EmailSender {
  return {
    provider: 'sandbox',
    send: (message) => outbox.add({ channel: 'email', ...message }),
  };
}
