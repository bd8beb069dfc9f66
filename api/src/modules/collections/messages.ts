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
export const TERMINATION_NOT_FOUND = 'Termination not found';
export const TERMINATION_PENDING = 'A termination is already proposed on this account';
export const TERMINATION_DECIDED = 'This termination was already decided';
export const TERMINATION_SAME_STAFF = 'The person who proposed a termination may not decide it';
export const INVALID_REASON = 'Give a reason of 5 to 500 characters';
export const PROMISE_OPEN = 'A promise to pay is already open on this account';
export const STAFF_NOT_FOUND = 'No active staff member works collections under that id';
export const CONTACT_TEXT_INVALID = 'Write a subject and a text of up to 2,000 characters';
export const BALANCE_CHANGED =
  'The balance changed while the termination was being decided; please try again';
export const PROMISE_REFUSED = {
  amountInvalid: 'A promise is for a whole amount above zero',
  amountAboveOwed: 'A promise may not be for more than the borrower owes now',
  dateInvalid: 'A promise is dated today or later',
  dateTooFar: 'A promise is dated at most 30 days ahead',
} as const;
export const TERMINATION_REFUSED = {
  notActive: 'The loan account is no longer being repaid',
  notLongEnoughInDefault: 'An agreement may be terminated only after more than 28 days in default',
  noDefaultNotice: 'An agreement may be terminated only after a default notice',
  noticeStillRunning:
    'An agreement may be terminated only once the default notice gave at least 14 days and its pay-by date passed',
} as const;
export const CONTACT_REFUSED = {
  publicHoliday: 'No contact is made on a public holiday',
  outsideHours: 'Contact is made only within the permitted hours',
  tooFrequent: 'The borrower was already contacted by this channel today',
} as const;

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
  TERMINATION: { EN: 'notice of termination', MS: 'notis penamatan' },
};

/** The subject a letter's email carries, as the contact log keeps it. */
export function letterSubject(kind: CollectionLetterKind, language: Language, agreementNo: string) {
  const name = LETTER_NAMES[kind][language];
  const word = language === 'MS' ? 'perjanjian' : 'agreement';
  return `${name[0]!.toUpperCase()}${name.slice(1)}: ${word} ${agreementNo}`;
}

/** One line of what a letter asks, for the contact log the borrower reads. */
export function letterSummary(language: Language, totalSen: number, remedyBy: IsoDate | null) {
  const total = formatRinggit(totalSen);
  if (language === 'MS') {
    return remedyBy
      ? `Jumlah tertunggak ${total}; sila bayar selewat-lewatnya pada ${day(remedyBy)}.`
      : `Jumlah tertunggak ${total}.`;
  }
  return remedyBy
    ? `Amount overdue ${total}; please pay by ${day(remedyBy)} at the latest.`
    : `Amount overdue ${total}.`;
}

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
  const ended = input.kind === 'TERMINATION';
  if (input.language === 'MS') {
    return {
      to: input.to,
      subject: `${name[0]!.toUpperCase()}${name.slice(1)}: perjanjian ${input.agreementNo}`,
      body: [
        `Salam ${input.firstName},`,
        '',
        ended
          ? `Kami telah menamatkan perjanjian ${input.agreementNo}. Keseluruhan baki kini perlu dibayar: ${total}.`
          : `Kami telah mengeluarkan ${name} bagi perjanjian ${input.agreementNo}. Jumlah tertunggak: ${total}.`,
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
      ended
        ? `We have terminated agreement ${input.agreementNo}. The whole balance is now due: ${total}.`
        : `We have issued a ${name} on agreement ${input.agreementNo}. Amount overdue: ${total}.`,
      ...(input.remedyBy ? [`Please pay by ${day(input.remedyBy)} at the latest.`] : []),
      '',
      `Read the letter in your payment history: ${input.historyUrl}`,
    ].join('\n'),
    links: [input.historyUrl],
  };
}
