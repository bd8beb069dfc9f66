import type { Language } from '@lending/contracts';
import { malaysiaDayAndTime } from '@lending/domain';

import type { EmailMessage } from '../../adapters/email/port';

// What the contact inbox answers when it refuses. The back office shows its own English and
// Malay words for each code; these sentences (worded in Malay for a Malay reader by the error
// handler) are for other clients and the logs.
export const MESSAGE_NOT_FOUND = 'Message not found';
export const MESSAGE_CHANGED =
  'Someone else worked on this message since you opened it; reload it and try again';
export const MESSAGE_CLOSED = 'This message is closed';
export const ASSIGNEE_REFUSED =
  'Only an active customer service member or admin can hold a message';
export const REPLY_NOT_SENT =
  'Your answer is kept in the thread, but the email could not be sent; send it again';
export const REPLY_NOT_FOUND = 'Reply not found';
export const REPLY_ALREADY_SENT = 'This answer has already been emailed';

/** `DD/MM/YYYY HH:MM`, Malaysia time: when the sender wrote. */
function malaysiaDateTime(at: Date): string {
  return malaysiaDayAndTime(at);
}

/** The sender's words, quoted under an answer or an acknowledgement. */
const quoted = (text: string) =>
  text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');

export interface ContactFacts {
  to: string;
  name: string | null;
  language: Language;
  referenceNo: string;
  /** The brand the sender wrote to. */
  lender: string;
  comments: string;
  sentAt: Date;
  contactUrl: string;
}

/** Tells the sender their message arrived, and that the answer will come to this address. */
export function acknowledgementEmail(facts: ContactFacts): EmailMessage {
  const when = malaysiaDateTime(facts.sentAt);
  if (facts.language === 'MS') {
    return {
      to: facts.to,
      subject: `Kami telah menerima mesej anda (${facts.referenceNo})`,
      body: [
        facts.name ? `Salam ${facts.name},` : 'Salam,',
        '',
        `Terima kasih kerana menghubungi ${facts.lender}. Mesej anda telah sampai kepada pasukan khidmat pelanggan kami dengan nombor rujukan ${facts.referenceNo}, dan kami akan membalas ke alamat e-mel ini.`,
        '',
        `Mesej anda pada ${when}:`,
        quoted(facts.comments),
        '',
        'Untuk menambah sesuatu, hantar mesej baharu dan nyatakan nombor rujukan ini:',
        facts.contactUrl,
        '',
        `Khidmat pelanggan ${facts.lender}`,
      ].join('\n'),
      links: [facts.contactUrl],
    };
  }
  return {
    to: facts.to,
    subject: `We have received your message (${facts.referenceNo})`,
    body: [
      facts.name ? `Hello ${facts.name},` : 'Hello,',
      '',
      `Thank you for contacting ${facts.lender}. Your message has reached our customer service team under reference ${facts.referenceNo}, and we will reply to this email address.`,
      '',
      `Your message of ${when}:`,
      quoted(facts.comments),
      '',
      'To add something, send a new message quoting this reference:',
      facts.contactUrl,
      '',
      `${facts.lender} customer service`,
    ].join('\n'),
    links: [facts.contactUrl],
  };
}

/** Staff's answer, in the sender's language, with the message it answers. */
export function answerEmail(facts: ContactFacts & { answer: string }): EmailMessage {
  const when = malaysiaDateTime(facts.sentAt);
  if (facts.language === 'MS') {
    return {
      to: facts.to,
      subject: `Balasan kepada mesej anda (${facts.referenceNo})`,
      body: [
        facts.name ? `Salam ${facts.name},` : 'Salam,',
        '',
        facts.answer,
        '',
        `Khidmat pelanggan ${facts.lender}`,
        '',
        `Mesej anda pada ${when} (${facts.referenceNo}):`,
        quoted(facts.comments),
        '',
        'Untuk membalas, hantar mesej baharu dan nyatakan nombor rujukan ini:',
        facts.contactUrl,
      ].join('\n'),
      links: [facts.contactUrl],
    };
  }
  return {
    to: facts.to,
    subject: `Reply to your message (${facts.referenceNo})`,
    body: [
      facts.name ? `Hello ${facts.name},` : 'Hello,',
      '',
      facts.answer,
      '',
      `${facts.lender} customer service`,
      '',
      `Your message of ${when} (${facts.referenceNo}):`,
      quoted(facts.comments),
      '',
      'To reply, send a new message quoting this reference:',
      facts.contactUrl,
    ].join('\n'),
    links: [facts.contactUrl],
  };
}
