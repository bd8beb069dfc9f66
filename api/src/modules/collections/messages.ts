// What collection sends and answers, in the borrower's language: the reminder before a due date
// (email and SMS) and the email that a letter is ready to read.
import type { CollectionLetterKind, Language } from '@lending/contracts';
import { formatRinggit, type IsoDate } from '@lending/domain';

import type { EmailMessage } from '../../adapters/email/port';
import type { SmsMessage } from '../../adapters/sms/port';
import { day } from '../repayments/messages';

export const LETTER_NOT_FOUND = 'Letter not found';
export const ACCOUNT_NOT_FOUND = 'Loan account not found';
export const NOT_READY_FOR_DEFAULT =
  'A default notice may be issued only after more than 28 days in default';
export const NOTICE_ALREADY_ISSUED = 'A default notice was already issued on this account';
export const ACCOUNT_NOT_ACTIVE = 'The loan account is no longer being repaid';

export interface ReminderFacts {
  agreementNo: string;
  instalmentNo: number;
  dueDate: IsoDate;
  amountSen: number;
}

export function reminderEmail(input: {
  to: string;
  firstName: string;
  language: Language;
  facts: ReminderFacts;
  payUrl: string;
}): EmailMessage {
  const { facts } = input;
  const amount = formatRinggit(facts.amountSen);
  if (input.language === 'MS') {
    return {
      to: input.to,
      subject: `Peringatan: ansuran ${facts.instalmentNo} matang pada ${day(facts.dueDate)}`,
      body: [
        `Salam ${input.firstName},`,
        '',
        `Ansuran ${facts.instalmentNo} bagi perjanjian ${facts.agreementNo} sebanyak ${amount} akan matang pada ${day(facts.dueDate)}.`,
        'Bayar tepat pada masanya untuk mengelakkan caj lewat. Jika anda telah membayar, sila abaikan peringatan ini.',
        '',
        `Bayar dalam talian: ${input.payUrl}`,
      ].join('\n'),
      links: [input.payUrl],
    };
  }
  return {
    to: input.to,
    subject: `Reminder: instalment ${facts.instalmentNo} is due on ${day(facts.dueDate)}`,
    body: [
      `Dear ${input.firstName},`,
      '',
      `Instalment ${facts.instalmentNo} of agreement ${facts.agreementNo}, ${amount}, is due on ${day(facts.dueDate)}.`,
      'Pay on time to avoid late charges. If you have paid already, please disregard this reminder.',
      '',
      `Pay online: ${input.payUrl}`,
    ].join('\n'),
    links: [input.payUrl],
  };
}

export function reminderSms(input: {
  to: string;
  language: Language;
  facts: ReminderFacts;
}): SmsMessage {
  const { facts } = input;
  const amount = formatRinggit(facts.amountSen);
  return {
    to: input.to,
    body:
      input.language === 'MS'
        ? `Peringatan: ansuran ${facts.instalmentNo} pinjaman ${facts.agreementNo}, ${amount}, matang pada ${day(facts.dueDate)}.`
        : `Reminder: instalment ${facts.instalmentNo} of loan ${facts.agreementNo}, ${amount}, is due on ${day(facts.dueDate)}.`,
  };
}

const LETTER_NAMES: Record<CollectionLetterKind, Record<Language, string>> = {
  ARREARS: { EN: 'notice of arrears', MS: 'notis tunggakan' },
  DEFAULT: { EN: 'notice of default', MS: 'notis keingkaran' },
};

/** A letter is ready: what it is about, and where to read it (the payment history). */
export function letterEmail(input: {
  to: string;
  firstName: string;
  language: Language;
  kind: CollectionLetterKind;
  agreementNo: string;
  totalSen: number;
  remedyBy: IsoDate | null;
  historyUrl: string;
}): EmailMessage {
  const name = LETTER_NAMES[input.kind][input.language];
  const total = formatRinggit(input.totalSen);
  if (input.language === 'MS') {
    return {
      to: input.to,
      subject: `${name[0]!.toUpperCase()}${name.slice(1)}: perjanjian ${input.agreementNo}`,
      body: [
        `Salam ${input.firstName},`,
        '',
        `Kami telah mengeluarkan ${name} bagi perjanjian ${input.agreementNo}. Jumlah tertunggak: ${total}.`,
        ...(input.remedyBy ? [`Sila bayar selewat-lewatnya pada ${day(input.remedyBy)}.`] : []),
        '',
        `Baca surat ini dalam sejarah bayaran anda: ${input.historyUrl}`,
      ].join('\n'),
      links: [input.historyUrl],
    };
  }
  return {
    to: input.to,
    subject: `${name[0]!.toUpperCase()}${name.slice(1)}: agreement ${input.agreementNo}`,
    body: [
      `Dear ${input.firstName},`,
      '',
      `We have issued a ${name} on agreement ${input.agreementNo}. Amount overdue: ${total}.`,
      ...(input.remedyBy ? [`Please pay by ${day(input.remedyBy)} at the latest.`] : []),
      '',
      `Read the letter in your payment history: ${input.historyUrl}`,
    ].join('\n'),
    links: [input.historyUrl],
  };
}
