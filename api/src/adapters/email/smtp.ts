import nodemailer from 'nodemailer';

import type { EmailSender } from './port';

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
