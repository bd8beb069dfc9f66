// The refund letter as a PDF in the borrower's language, on the same letterhead as the discharge
// letter, and its email: the credit left on the closed loan has been paid back, how much, on which
// business date and to which account (its last four digits only).
import type { Language } from '@lending/contracts';
import { formatRinggit, type IsoDate } from '@lending/domain';

import type { EmailMessage } from '../../adapters/email/port';
import { accountLetterPdf } from '../agreement-documents/account-letter';
import type { LenderParticulars } from '../agreement-documents/lender';
import { day } from '../repayments/messages';

export interface RefundLetterFacts {
  reference: string;
  issuedOn: IsoDate;
  issuedAt: Date;
  borrowerName: string;
  agreementNo: string;
  amountSen: number;
  refundedOn: IsoDate;
  bankName: string;
  accountLast4: string;
}

/** The refund's reference on the statement of account and on its letter. */
export function refundReference(refundId: string): string {
  return `RF-${refundId.slice(0, 8).toUpperCase()}`;
}

const WORDS = {
  title: { EN: 'REFUND OF CREDIT', MS: 'BAYARAN BALIK KREDIT' },
  reference: { EN: 'Our reference', MS: 'Rujukan kami' },
  date: { EN: 'Date', MS: 'Tarikh' },
  to: { EN: 'To', MS: 'Kepada' },
  subject: {
    EN: 'Loan agreement {no}: credit refunded',
    MS: 'Perjanjian pinjaman {no}: kredit dibayar balik',
  },
  body: {
    EN: 'Your loan under the agreement above is closed, and you had paid us more than it needed. We have paid that credit back to the bank account the loan was paid out to. Nothing is owed either way under this agreement.',
    MS: 'Pinjaman anda di bawah perjanjian di atas telah ditutup, dan anda telah membayar lebih daripada yang diperlukan. Kami telah membayar balik kredit tersebut ke akaun bank yang menerima pengeluaran pinjaman. Tiada jumlah terhutang oleh mana-mana pihak di bawah perjanjian ini.',
  },
  agreement: { EN: 'Agreement number', MS: 'Nombor perjanjian' },
  amount: { EN: 'Amount refunded', MS: 'Jumlah dibayar balik' },
  refundedOn: { EN: 'Refunded on', MS: 'Dibayar balik pada' },
  bank: { EN: 'Paid to', MS: 'Dibayar kepada' },
  account: { EN: 'Account ending', MS: 'Akaun berakhir dengan' },
} as const;

export async function refundLetterPdf(
  facts: RefundLetterFacts,
  language: Language,
  lender: LenderParticulars,
): Promise<Buffer> {
  const say = (key: keyof typeof WORDS) => WORDS[key][language];
  return accountLetterPdf({
    lender,
    language,
    title: say('title'),
    heading: [
      [say('reference'), facts.reference],
      [say('date'), day(facts.issuedOn)],
      [say('to'), facts.borrowerName],
    ],
    subject: say('subject').replace('{no}', facts.agreementNo),
    body: say('body'),
    facts: [
      [say('agreement'), facts.agreementNo],
      [say('amount'), formatRinggit(facts.amountSen)],
      [say('refundedOn'), day(facts.refundedOn)],
      [say('bank'), facts.bankName],
      [say('account'), facts.accountLast4],
    ],
    document: {
      subject: `${say('title')} ${facts.reference}`,
      id: `refund:${facts.reference}`,
      createdAt: facts.issuedAt,
      agreementNo: facts.agreementNo,
    },
  });
}

/** The refund letter's email: the credit paid back, and where the borrower downloads the letter. */
export function refundEmail(input: {
  to: string;
  firstName: string;
  language: Language;
  agreementNo: string;
  amountSen: number;
  refundedOn: IsoDate;
  accountLast4: string;
  scheduleUrl: string;
}): EmailMessage {
  const amount = formatRinggit(input.amountSen);
  if (input.language === 'MS') {
    return {
      to: input.to,
      subject: `Bayaran balik kredit pinjaman ${input.agreementNo}`,
      body: [
        `Salam ${input.firstName},`,
        '',
        `Kredit ${amount} yang tinggal dalam pinjaman anda di bawah perjanjian ${input.agreementNo} telah dibayar balik pada ${day(input.refundedOn)} ke akaun bank anda yang berakhir dengan ${input.accountLast4}. Surat bayaran balik anda telah dikeluarkan.`,
        '',
        `Muat turun surat bayaran balik anda dari jadual bayaran balik: ${input.scheduleUrl}`,
      ].join('\n'),
      links: [input.scheduleUrl],
    };
  }
  return {
    to: input.to,
    subject: `Credit refunded on loan ${input.agreementNo}`,
    body: [
      `Dear ${input.firstName},`,
      '',
      `The credit of ${amount} left on your loan under agreement ${input.agreementNo} was refunded on ${day(input.refundedOn)} to your bank account ending ${input.accountLast4}. Your refund letter has been issued.`,
      '',
      `Download your refund letter from your repayment schedule: ${input.scheduleUrl}`,
    ].join('\n'),
    links: [input.scheduleUrl],
  };
}
