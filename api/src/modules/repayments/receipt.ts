// The receipt of a payment as a PDF in the borrower's language, on the same page writer and
// embedded fonts as the agreement's documents: the receipt number, the payment, and where its
// money went (late charges, interest, principal per instalment, credit kept).
import type { AllocationKind, Language, PaymentChannel } from '@lending/contracts';
import { formatRinggit, type IsoDate } from '@lending/domain';

import { onLetterhead } from '../agreement-documents/layout';
import type { LenderParticulars } from '../agreement-documents/lender';
import { makePdfA } from '../agreement-documents/pdfa';
import { day } from './messages';

export interface ReceiptFacts {
  receiptNo: string;
  agreementNo: string;
  borrowerName: string;
  channel: PaymentChannel;
  externalRef: string;
  amountSen: number;
  paidAt: Date;
  paidOn: IsoDate;
  allocations: { instalmentNo: number | null; kind: AllocationKind; amountSen: number }[];
  /** Still owed after the payment, and credit kept. */
  outstandingSen: number;
  creditSen: number;
}

const CHANNELS: Record<PaymentChannel, Record<Language, string>> = {
  FPX: { EN: 'Online banking (FPX)', MS: 'Perbankan dalam talian (FPX)' },
  CARD: { EN: 'Debit or credit card', MS: 'Kad debit atau kredit' },
  JOMPAY: { EN: 'JomPAY', MS: 'JomPAY' },
  DIRECT_DEBIT: { EN: 'Direct debit', MS: 'Debit terus' },
  COUNTER: { EN: 'Over the counter', MS: 'Di kaunter' },
  BANK_TRANSFER: { EN: 'Bank transfer (bank-in slip)', MS: 'Pindahan bank (slip bank-in)' },
};

const KINDS: Record<AllocationKind, Record<Language, string>> = {
  LATE_CHARGE: { EN: 'Late charges', MS: 'Caj lewat' },
  INTEREST: { EN: 'Interest', MS: 'Faedah' },
  PRINCIPAL: { EN: 'Principal', MS: 'Prinsipal' },
  CREDIT: { EN: 'Kept as credit', MS: 'Disimpan sebagai kredit' },
};

const INTEREST_PAID_AHEAD = {
  EN: 'Interest paid ahead, moved to principal',
  MS: 'Faedah dibayar awal, dipindahkan ke prinsipal',
};

const WORDS = {
  title: { EN: 'OFFICIAL RECEIPT', MS: 'RESIT RASMI' },
  receiptNo: { EN: 'Receipt number', MS: 'Nombor resit' },
  date: { EN: 'Date of payment', MS: 'Tarikh bayaran' },
  agreement: { EN: 'Agreement number', MS: 'Nombor perjanjian' },
  received: { EN: 'Received from', MS: 'Diterima daripada' },
  channel: { EN: 'Paid by', MS: 'Dibayar melalui' },
  reference: { EN: 'Reference', MS: 'Rujukan' },
  amount: { EN: 'Amount received', MS: 'Jumlah diterima' },
  allocation: { EN: 'How the payment was applied', MS: 'Cara bayaran digunakan' },
  instalment: { EN: 'Instalment', MS: 'Ansuran' },
  item: { EN: 'Item', MS: 'Butiran' },
  sum: { EN: 'Amount', MS: 'Jumlah' },
  outstanding: { EN: 'Still owed after this payment', MS: 'Baki terhutang selepas bayaran ini' },
  credit: { EN: 'Credit on your account', MS: 'Kredit dalam akaun anda' },
  note: {
    EN: 'This receipt is issued by computer and needs no signature.',
    MS: 'Resit ini dikeluarkan oleh komputer dan tidak memerlukan tandatangan.',
  },
} as const;

export async function receiptPdf(
  facts: ReceiptFacts,
  language: Language,
  lender: LenderParticulars,
): Promise<Buffer> {
  const say = (key: keyof typeof WORDS) => WORDS[key][language];
  const { doc, w } = await onLetterhead(lender, say('title'));
  w.space(6);
  w.table(
    [
      [say('receiptNo'), facts.receiptNo],
      [say('date'), day(facts.paidOn)],
      [say('agreement'), facts.agreementNo],
      [say('received'), facts.borrowerName],
      [say('channel'), CHANNELS[facts.channel][language]],
      [say('reference'), facts.externalRef],
      [say('amount'), formatRinggit(facts.amountSen)],
    ],
    [0.4, 0.6],
  );
  w.text(say('allocation'), { font: 'bold', size: 10, gapAfter: 4 });
  w.table(
    [
      [say('instalment'), say('item'), say('sum')],
      ...facts.allocations.map((line) => [
        line.instalmentNo === null ? '-' : String(line.instalmentNo),
        // A settling payment's negative interest line: interest paid before it accrued.
        line.kind === 'INTEREST' && line.amountSen < 0
          ? INTEREST_PAID_AHEAD[language]
          : KINDS[line.kind][language],
        formatRinggit(line.amountSen),
      ]),
    ],
    [0.2, 0.5, 0.3],
    { header: true },
  );
  w.table(
    [
      [say('outstanding'), formatRinggit(facts.outstandingSen)],
      [say('credit'), formatRinggit(facts.creditSen)],
    ],
    [0.6, 0.4],
  );
  w.text(say('note'), { font: 'oblique', size: 8 });
  makePdfA(doc, {
    title: `${say('title')} ${facts.receiptNo}`,
    subject: `${say('title')} ${facts.receiptNo}`,
    author: lender.legalName,
    createdAt: facts.paidAt,
    documentId: `receipt:${facts.receiptNo}`,
    language: language === 'MS' ? 'ms-MY' : 'en-MY',
  });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
