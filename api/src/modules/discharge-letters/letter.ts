// The discharge letter as a PDF in the borrower's language, on the same page writer and embedded
// fonts as the receipts and the agreement's documents: the loan, how and when it closed, and the
// lender's confirmation that nothing more is owed under the agreement.
import type { AccountClosedBy, Language } from '@lending/contracts';
import { formatRinggit, type IsoDate } from '@lending/domain';

import { accountLetterPdf } from '../agreement-documents/account-letter';
import type { LenderParticulars } from '../agreement-documents/lender';
import { day } from '../repayments/messages';

export interface DischargeFacts {
  letterNo: string;
  version: number;
  issuedOn: IsoDate;
  issuedAt: Date;
  borrowerName: string;
  agreementNo: string;
  principalSen: number;
  disbursedOn: IsoDate;
  closedOn: IsoDate;
  closedBy: AccountClosedBy;
  /** Everything the borrower paid on the loan, and the receipt of the payment that closed it. */
  totalPaidSen: number;
  lastReceiptNo: string | null;
}

const WORDS = {
  title: { EN: 'DISCHARGE LETTER', MS: 'SURAT PELEPASAN' },
  letterNo: { EN: 'Our reference', MS: 'Rujukan kami' },
  date: { EN: 'Date', MS: 'Tarikh' },
  to: { EN: 'To', MS: 'Kepada' },
  subject: {
    EN: 'Loan agreement {no}: loan fully settled',
    MS: 'Perjanjian pinjaman {no}: pinjaman telah dijelaskan sepenuhnya',
  },
  body: {
    EN: 'We confirm that the loan under the agreement above has been fully paid and the loan account is closed. No further sum is owed to us under this agreement, and you are released from your obligations under it.',
    MS: 'Kami mengesahkan bahawa pinjaman di bawah perjanjian di atas telah dibayar sepenuhnya dan akaun pinjaman telah ditutup. Tiada lagi jumlah yang terhutang kepada kami di bawah perjanjian ini, dan anda dilepaskan daripada tanggungjawab anda di bawahnya.',
  },
  agreement: { EN: 'Agreement number', MS: 'Nombor perjanjian' },
  principal: { EN: 'Principal', MS: 'Prinsipal' },
  disbursed: { EN: 'Disbursed on', MS: 'Dikeluarkan pada' },
  closedOn: { EN: 'Closed on', MS: 'Ditutup pada' },
  closedBy: { EN: 'How the loan ended', MS: 'Cara pinjaman berakhir' },
  totalPaid: { EN: 'Total paid', MS: 'Jumlah dibayar' },
  lastReceipt: { EN: 'Receipt of the final payment', MS: 'Resit bayaran terakhir' },
  version: { EN: 'Version', MS: 'Versi' },
} as const;

export const CLOSED_BY: Record<AccountClosedBy, Record<Language, string>> = {
  EARLY_SETTLEMENT: { EN: 'Settled early', MS: 'Penyelesaian awal' },
  FINAL_INSTALMENT: {
    EN: 'All instalments paid',
    MS: 'Semua ansuran telah dibayar',
  },
};

export async function dischargeLetterPdf(
  facts: DischargeFacts,
  language: Language,
  lender: LenderParticulars,
): Promise<Buffer> {
  const say = (key: keyof typeof WORDS) => WORDS[key][language];
  return accountLetterPdf({
    lender,
    language,
    title: say('title'),
    heading: [
      [say('letterNo'), facts.letterNo],
      [say('date'), day(facts.issuedOn)],
      [say('to'), facts.borrowerName],
    ],
    subject: say('subject').replace('{no}', facts.agreementNo),
    body: say('body'),
    facts: [
      [say('agreement'), facts.agreementNo],
      [say('principal'), formatRinggit(facts.principalSen)],
      [say('disbursed'), day(facts.disbursedOn)],
      [say('closedOn'), day(facts.closedOn)],
      [say('closedBy'), CLOSED_BY[facts.closedBy][language]],
      [say('totalPaid'), formatRinggit(facts.totalPaidSen)],
      ...(facts.lastReceiptNo
        ? [[say('lastReceipt'), facts.lastReceiptNo] as [string, string]]
        : []),
      [say('version'), String(facts.version)],
    ],
    document: {
      subject: `${say('title')} ${facts.letterNo}`,
      id: `discharge:${facts.letterNo}`,
      createdAt: facts.issuedAt,
      agreementNo: facts.agreementNo,
    },
  });
}
