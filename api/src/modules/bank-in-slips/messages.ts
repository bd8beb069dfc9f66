import type { BankInSlipRejectReason, Language } from '@lending/contracts';
import { formatRinggit, type IsoDate } from '@lending/domain';

import type { EmailMessage } from '../../adapters/email/port';
import { day } from '../repayments/messages';

export const SLIP_NOT_FOUND = 'Bank-in slip not found';
export const SLIP_LOAN_NOT_FOUND = 'Loan account not found';
export const SLIP_LOAN_NOT_ACTIVE =
  'This loan is not being repaid now, so a bank-in slip cannot be sent for it';
export const SLIP_INVALID_AMOUNT = 'Give the amount you paid, from RM1.00 to RM1,000,000.00';
export const SLIP_INVALID_DATE = 'Give the date you paid as YYYY-MM-DD, not later than today';
export const SLIP_BEFORE_PAYOUT = 'The date you paid cannot be before the loan was paid out';
export const SLIP_FIELDS_FIRST = 'Send amountSen and paidOn before the file';
export const SLIP_NO_FILE = 'Attach the bank-in slip';
export const SLIP_SAME_PAYMENT =
  'You have already sent a slip for this amount and date; wait for our check';
export const SLIP_DECIDED = 'This slip has already been decided';
export const SLIP_SAME_STAFF = 'You approved this slip first: a different staff member confirms it';
export const SLIP_INVALID_REASON =
  'Choose a reason; for another reason, say what it is (up to 500 characters)';

/** The reasons as the borrower reads them (the screens word the same codes in their own files). */
export const REJECT_REASON_WORDING: Record<BankInSlipRejectReason, Record<Language, string>> = {
  NOT_RECEIVED: {
    EN: 'We could not find this payment in our bank account.',
    MS: 'Kami tidak menjumpai bayaran ini dalam akaun bank kami.',
  },
  AMOUNT_DIFFERS: {
    EN: 'The amount we received differs from the amount you gave.',
    MS: 'Amaun yang kami terima berbeza daripada amaun yang anda berikan.',
  },
  DATE_DIFFERS: {
    EN: 'The payment reached us on a different date from the one you gave.',
    MS: 'Bayaran sampai kepada kami pada tarikh yang berbeza daripada tarikh yang anda berikan.',
  },
  UNREADABLE: {
    EN: 'The slip could not be read.',
    MS: 'Slip tidak dapat dibaca.',
  },
  OTHER: { EN: 'Another reason.', MS: 'Sebab lain.' },
};
export const SLIP_NOT_MULTIPART = 'Send the slip as multipart/form-data';

interface DecisionFacts {
  to: string;
  firstName: string;
  language: Language;
  agreementNo: string;
  amountSen: number;
  paidOn: IsoDate;
  pageUrl: string;
}

/** The borrower's word that their slip was checked and the money booked. */
export function slipApprovedEmail(facts: DecisionFacts & { receiptNo: string }): EmailMessage {
  const amount = formatRinggit(facts.amountSen);
  if (facts.language === 'MS') {
    return {
      to: facts.to,
      subject: `Slip bank-in anda diterima (${facts.agreementNo})`,
      body: [
        `Salam ${facts.firstName},`,
        '',
        `Kami telah menyemak slip bank-in anda sebanyak ${amount} yang dibayar pada ${day(facts.paidOn)} untuk perjanjian ${facts.agreementNo}. Bayaran telah direkodkan dengan nombor resit ${facts.receiptNo}.`,
        '',
        `Lihat bayaran anda: ${facts.pageUrl}`,
      ].join('\n'),
      links: [facts.pageUrl],
    };
  }
  return {
    to: facts.to,
    subject: `Your bank-in slip was accepted (${facts.agreementNo})`,
    body: [
      `Dear ${facts.firstName},`,
      '',
      `We checked your bank-in slip of ${amount} paid on ${day(facts.paidOn)} for agreement ${facts.agreementNo}. The payment is booked with receipt number ${facts.receiptNo}.`,
      '',
      `See your payments: ${facts.pageUrl}`,
    ].join('\n'),
    links: [facts.pageUrl],
  };
}

/** The borrower's word that their slip was not accepted, with staff's reason. */
export function slipRejectedEmail(
  facts: DecisionFacts & { reason: BankInSlipRejectReason; note: string | null },
): EmailMessage {
  const amount = formatRinggit(facts.amountSen);
  const reason = [REJECT_REASON_WORDING[facts.reason][facts.language], facts.note ?? '']
    .join(' ')
    .trim();
  if (facts.language === 'MS') {
    return {
      to: facts.to,
      subject: `Slip bank-in anda tidak diterima (${facts.agreementNo})`,
      body: [
        `Salam ${facts.firstName},`,
        '',
        `Kami tidak dapat menerima slip bank-in anda sebanyak ${amount} yang dibayar pada ${day(facts.paidOn)} untuk perjanjian ${facts.agreementNo}.`,
        `Sebab: ${reason}`,
        '',
        `Anda boleh menghantar slip yang betul di sini: ${facts.pageUrl}`,
      ].join('\n'),
      links: [facts.pageUrl],
    };
  }
  return {
    to: facts.to,
    subject: `Your bank-in slip was not accepted (${facts.agreementNo})`,
    body: [
      `Dear ${facts.firstName},`,
      '',
      `We could not accept your bank-in slip of ${amount} paid on ${day(facts.paidOn)} for agreement ${facts.agreementNo}.`,
      `Reason: ${reason}`,
      '',
      `You can send a corrected slip here: ${facts.pageUrl}`,
    ].join('\n'),
    links: [facts.pageUrl],
  };
}
