import type { Language } from '@lending/contracts';
import type { IsoDate } from '@lending/domain';

import type { EmailMessage } from '../../adapters/email/port';
import { day } from '../repayments/messages';

export const LETTER_NOT_FOUND = 'Discharge letter not found';

/** The discharge letter's email: the loan is closed, and where to download the letter. */
export function dischargeEmail(input: {
  to: string;
  firstName: string;
  language: Language;
  agreementNo: string;
  closedOn: IsoDate;
  scheduleUrl: string;
}): EmailMessage {
  if (input.language === 'MS') {
    return {
      to: input.to,
      subject: `Surat pelepasan pinjaman ${input.agreementNo}`,
      body: [
        `Salam ${input.firstName},`,
        '',
        `Pinjaman anda di bawah perjanjian ${input.agreementNo} telah dijelaskan sepenuhnya dan akaun ditutup pada ${day(input.closedOn)}. Surat pelepasan anda telah dikeluarkan.`,
        '',
        `Muat turun surat pelepasan anda dari jadual bayaran balik: ${input.scheduleUrl}`,
      ].join('\n'),
      links: [input.scheduleUrl],
    };
  }
  return {
    to: input.to,
    subject: `Discharge letter for loan ${input.agreementNo}`,
    body: [
      `Dear ${input.firstName},`,
      '',
      `Your loan under agreement ${input.agreementNo} is fully settled and the account was closed on ${day(input.closedOn)}. Your discharge letter has been issued.`,
      '',
      `Download your discharge letter from your repayment schedule: ${input.scheduleUrl}`,
    ].join('\n'),
    links: [input.scheduleUrl],
  };
}
