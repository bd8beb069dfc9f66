import type { Language } from '@lending/contracts';
import { formatRinggit, type IsoDate } from '@lending/domain';

import type { EmailMessage } from '../../adapters/email/port';

export const ACCOUNT_NOT_FOUND = 'Loan account not found';
export const RECEIPT_NOT_FOUND = 'Receipt not found';
export const PAYMENT_REF_TAKEN =
  'This channel reference was already used for a different payment; it is not booked twice';
export const INVALID_PAYMENT = 'A payment is a positive amount in sen with a channel reference';

export function day(date: IsoDate): string {
  const [year, month, dayOfMonth] = date.split('-');
  return `${dayOfMonth}/${month}/${year}`;
}

export interface ReceiptEmailFacts {
  receiptNo: string;
  agreementNo: string;
  amountSen: number;
  paidOn: IsoDate;
}

/** The receipt's email: the figures, and the PDF to download from the payment history. */
export function receiptEmail(input: {
  to: string;
  firstName: string;
  language: Language;
  facts: ReceiptEmailFacts;
  historyUrl: string;
}): EmailMessage {
  const { facts } = input;
  const amount = formatRinggit(facts.amountSen);
  if (input.language === 'MS') {
    return {
      to: input.to,
      subject: `Resit bayaran ${facts.receiptNo} (${facts.agreementNo})`,
      body: [
        `Salam ${input.firstName},`,
        '',
        `Kami telah menerima bayaran anda sebanyak ${amount} pada ${day(facts.paidOn)} untuk perjanjian ${facts.agreementNo}. Nombor resit: ${facts.receiptNo}.`,
        '',
        `Muat turun resit anda dari sejarah bayaran: ${input.historyUrl}`,
      ].join('\n'),
      links: [input.historyUrl],
    };
  }
  return {
    to: input.to,
    subject: `Payment receipt ${facts.receiptNo} (${facts.agreementNo})`,
    body: [
      `Dear ${input.firstName},`,
      '',
      `We received your payment of ${amount} on ${day(facts.paidOn)} for agreement ${facts.agreementNo}. Receipt number: ${facts.receiptNo}.`,
      '',
      `Download your receipt from your payment history: ${input.historyUrl}`,
    ].join('\n'),
    links: [input.historyUrl],
  };
}
