import type { Language } from '@lending/contracts';
import { formatRinggit, type IsoDate } from '@lending/domain';

import type { EmailMessage } from '../../adapters/email/port';
import type { SmsMessage } from '../../adapters/sms/port';

export const AGREEMENT_CHANGED =
  'This agreement changed since you opened it; reload it and try again';
export const NOT_PENDING_DISBURSEMENT = 'This agreement is not waiting for disbursement';
export const PAYOUT_ALREADY_RECORDED =
  'A payout is already recorded for this agreement; confirm it or wait for the bank';
export const PAYOUT_NOT_FOUND = 'Payout not found';
export const SAME_PERSON =
  'The payout must be confirmed by a different staff member from the one who recorded it';
export const PAYOUT_REJECTED_ALREADY =
  'The bank rejected this payout; record a new one with corrected details';
export const BANK_UNREACHABLE =
  'The bank could not be reached; confirm again to retry (the transfer is never sent twice)';
export const UNKNOWN_BANK = 'Please select the bank';
export const INVALID_ACCOUNT = 'Please enter a valid account number (6 to 20 digits)';
export const ACCOUNT_NAME_REQUIRED = 'Please enter the account name';
export const GUARANTOR_EKYC_MISSING =
  'Every guarantor must pass identity verification (eKYC) before the loan is paid out; guarantors not yet verified: {positions}';

export interface DisbursedNoticeFacts {
  agreementNo: string;
  amountSen: number;
  accountLast4: string;
  firstDueDate: IsoDate;
  firstInstalmentSen: number;
}

function day(date: IsoDate): string {
  const [year, month, dayOfMonth] = date.split('-');
  return `${dayOfMonth}/${month}/${year}`;
}

/** The borrower's email once the money has left: what, where, and when the first instalment is. */
export function disbursedEmail(input: {
  to: string;
  firstName: string;
  language: Language;
  facts: DisbursedNoticeFacts;
  homeUrl: string;
}): EmailMessage {
  const { facts } = input;
  const amount = formatRinggit(facts.amountSen);
  const instalment = formatRinggit(facts.firstInstalmentSen);
  if (input.language === 'MS') {
    return {
      to: input.to,
      subject: `Pinjaman anda telah dikeluarkan (${facts.agreementNo})`,
      body: [
        `Salam ${input.firstName},`,
        '',
        `Pinjaman anda di bawah perjanjian ${facts.agreementNo} telah dikeluarkan: ${amount} telah dipindahkan ke akaun bank anda yang berakhir dengan ${facts.accountLast4}.`,
        `Ansuran pertama anda sebanyak ${instalment} perlu dibayar pada ${day(facts.firstDueDate)}.`,
        '',
        `Lihat jadual bayaran balik anda: ${input.homeUrl}`,
      ].join('\n'),
      links: [input.homeUrl],
    };
  }
  return {
    to: input.to,
    subject: `Your loan has been disbursed (${facts.agreementNo})`,
    body: [
      `Dear ${input.firstName},`,
      '',
      `Your loan under agreement ${facts.agreementNo} has been disbursed: ${amount} was transferred to your bank account ending ${facts.accountLast4}.`,
      `Your first instalment of ${instalment} is due on ${day(facts.firstDueDate)}.`,
      '',
      `See your repayment schedule: ${input.homeUrl}`,
    ].join('\n'),
    links: [input.homeUrl],
  };
}

export function disbursedSms(input: {
  to: string;
  language: Language;
  facts: DisbursedNoticeFacts;
}): SmsMessage {
  const { facts } = input;
  const amount = formatRinggit(facts.amountSen);
  return {
    to: input.to,
    body:
      input.language === 'MS'
        ? `Pinjaman ${facts.agreementNo}: ${amount} telah dikeluarkan ke akaun ...${facts.accountLast4}. Ansuran pertama ${formatRinggit(facts.firstInstalmentSen)} pada ${day(facts.firstDueDate)}.`
        : `Loan ${facts.agreementNo}: ${amount} disbursed to account ...${facts.accountLast4}. First instalment ${formatRinggit(facts.firstInstalmentSen)} due ${day(facts.firstDueDate)}.`,
  };
}
