import nodemailer from 'nodemailer';
import type { OutboxStore } from './outbox';

export interface EmailMessage {
  to: string;
  subject: string;
  /** Plain text; every link the reader needs is written out in it. */
  body: string;
  links: string[];
}

export interface EmailSender {
  readonly provider: 'sandbox' | 'smtp';
  send(message: EmailMessage): Promise<void>;
}

/** Keeps each email in the outbox, where a person (or a test) reads it instead of a mailbox. */
export function sandboxEmail(outbox: OutboxStore): EmailSender {
  return {
    provider: 'sandbox',
    send: (message) => outbox.add({ channel: 'email', ...message }),
  };
}

/** Sends through an SMTP relay, e.g. `smtps://user:pass@smtp.example.com:465`. */
export function smtpEmail(options: { url: string; from: string }): EmailSender {
  const transport = nodemailer.createTransport(options.url);
  return {
    provider: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.body,
      });
    },
  };
}
