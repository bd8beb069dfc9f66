// Collection letters as PDFs in the borrower's language, on the same page writer and embedded
// fonts as the agreement and the receipts: the arrears notice the daily job sends after a missed
// due date, and the default notice staff issue with at least 14 days to pay. Written notices only:
// collection is remote and in writing (Moneylenders Act s.29B forbids visits).
import type { CollectionLetterKind, Language } from '@lending/contracts';
import { formatRinggit, type IsoDate } from '@lending/domain';

import { onLetterhead } from '../agreement-documents/layout';
import type { LenderParticulars } from '../agreement-documents/lender';
import { makePdfA } from '../agreement-documents/pdfa';
import { displayRate } from '../agreement-documents/schedule';
import { day } from '../repayments/messages';

export interface LetterFacts {
  kind: CollectionLetterKind;
  version: number;
  issuedOn: IsoDate;
  issuedAt: Date;
  agreementNo: string;
  borrowerName: string;
  overdue: { instalmentNo: number; dueDate: IsoDate; unpaidSen: number; daysOverdue: number }[];
  overdueSen: number;
  lateChargesSen: number;
  /** The agreement's late charge rate a year, as it was made. */
  lateChargeRateBp: number;
  /** The default notice's pay-by date. */
  remedyBy: IsoDate | null;
  /** A termination letter's figures: the balance that fell due on the termination date. */
  termination?: {
    unpaidPrincipalSen: number;
    earnedInterestSen: number;
    lateChargesSen: number;
    interestForgoneSen: number;
    balanceSen: number;
  };
  payUrl: string;
}

const WORDS = {
  ARREARS: { EN: 'NOTICE OF ARREARS', MS: 'NOTIS TUNGGAKAN' },
  DEFAULT: { EN: 'NOTICE OF DEFAULT', MS: 'NOTIS KEINGKARAN' },
  TERMINATION: { EN: 'NOTICE OF TERMINATION', MS: 'NOTIS PENAMATAN' },
  principal: { EN: 'Principal unpaid', MS: 'Prinsipal belum dibayar' },
  earned: { EN: 'Interest of instalments already due', MS: 'Faedah ansuran yang telah matang' },
  forgone: {
    EN: 'Interest of months not reached (not charged)',
    MS: 'Faedah bulan yang belum tiba (tidak dikenakan)',
  },
  balance: { EN: 'Whole balance now due', MS: 'Keseluruhan baki perlu dibayar sekarang' },
  reference: { EN: 'Reference', MS: 'Rujukan' },
  date: { EN: 'Date', MS: 'Tarikh' },
  agreement: { EN: 'Agreement number', MS: 'Nombor perjanjian' },
  to: { EN: 'To', MS: 'Kepada' },
  instalment: { EN: 'Instalment', MS: 'Ansuran' },
  dueDate: { EN: 'Due date', MS: 'Tarikh matang' },
  days: { EN: 'Days overdue', MS: 'Hari tertunggak' },
  unpaid: { EN: 'Unpaid', MS: 'Belum dibayar' },
  overdue: { EN: 'Instalments overdue', MS: 'Ansuran tertunggak' },
  lateCharges: { EN: 'Late charges ({rate} a year)', MS: 'Caj lewat ({rate} setahun)' },
  total: { EN: 'Total to pay now', MS: 'Jumlah perlu dibayar sekarang' },
  pay: { EN: 'Pay online', MS: 'Bayar dalam talian' },
  writing: {
    EN: 'We will contact you about this account in writing only. If you cannot pay, write to us through the app so we can discuss a way forward.',
    MS: 'Kami akan menghubungi anda mengenai akaun ini secara bertulis sahaja. Jika anda tidak dapat membayar, tulis kepada kami melalui aplikasi supaya kita boleh berbincang.',
  },
  note: {
    EN: 'This letter is issued by computer and needs no signature.',
    MS: 'Surat ini dikeluarkan oleh komputer dan tidak memerlukan tandatangan.',
  },
} as const;

function body(facts: LetterFacts, language: Language): string[] {
  const total = formatRinggit(facts.overdueSen + facts.lateChargesSen);
  const rate = displayRate(facts.lateChargeRateBp);
  if (facts.kind === 'TERMINATION') {
    const balance = formatRinggit(facts.termination?.balanceSen ?? 0);
    return language === 'MS'
      ? [
          `Perjanjian ${facts.agreementNo} telah ingkar lebih daripada 28 hari dan tunggakan tidak dibayar dalam tempoh yang diberikan oleh notis keingkaran kami. Oleh itu pemberi pinjam menamatkan perjanjian ini mulai ${day(facts.issuedOn)}.`,
          `Keseluruhan baki, ${balance}, kini perlu dibayar: prinsipal yang belum dibayar, faedah ansuran yang telah matang dan caj lewat. Faedah bagi bulan yang belum tiba tidak dikenakan, dan tiada caj lain.`,
          'Sila bayar jumlah ini atau tulis kepada kami melalui aplikasi untuk berbincang.',
        ]
      : [
          `Agreement ${facts.agreementNo} has been in default for more than 28 days and the arrears were not paid within the time our notice of default gave. The lender therefore terminates the agreement as of ${day(facts.issuedOn)}.`,
          `The whole balance, ${balance}, is now due: the principal unpaid, the interest of instalments already due and the late charges. No interest is charged for months not reached, and there is no other charge.`,
          'Please pay this sum, or write to us through the app to discuss it.',
        ];
  }
  const remedyBy = facts.remedyBy ? day(facts.remedyBy) : '';
  if (facts.kind === 'ARREARS') {
    return language === 'MS'
      ? [
          `Rekod kami menunjukkan ansuran bagi perjanjian ${facts.agreementNo} yang telah melepasi tarikh matang dan belum dibayar sepenuhnya. Caj lewat ${rate} setahun dikenakan setiap hari ke atas ansuran tertunggak.`,
          `Sila bayar ${total} secepat mungkin. Jika bayaran telah dibuat, sila abaikan notis ini.`,
          'Jika tunggakan melebihi 28 hari, pemberi pinjam boleh menamatkan perjanjian selepas memberi notis bertulis sekurang-kurangnya 14 hari.',
        ]
      : [
          `Our records show instalments of agreement ${facts.agreementNo} past their due date and not paid in full. Late charges of ${rate} a year accrue daily on the overdue instalments.`,
          `Please pay ${total} as soon as you can. If you have paid already, please disregard this notice.`,
          "If the arrears go beyond 28 days, the lender may terminate the agreement after giving at least 14 days' written notice.",
        ];
  }
  return language === 'MS'
    ? [
        `Perjanjian ${facts.agreementNo} telah ingkar lebih daripada 28 hari. Notis ini diberikan di bawah perjanjian tersebut.`,
        `Anda dikehendaki membayar ${total} (ansuran tertunggak dan caj lewat) selewat-lewatnya pada ${remedyBy}. Caj lewat terus dikenakan sehingga dibayar.`,
        `Jika jumlah ini tidak dibayar pada ${remedyBy}, pemberi pinjam boleh menamatkan perjanjian dan menuntut keseluruhan baki pinjaman.`,
      ]
    : [
        `Agreement ${facts.agreementNo} has been in default for more than 28 days. This notice is given under that agreement.`,
        `You are required to pay ${total} (the overdue instalments and late charges) by ${remedyBy} at the latest. Late charges continue to accrue until paid.`,
        `If this sum is not paid by ${remedyBy}, the lender may terminate the agreement and demand the whole balance of the loan.`,
      ];
}

const REFERENCE_PREFIX: Record<CollectionLetterKind, string> = {
  ARREARS: 'AN',
  DEFAULT: 'DN',
  TERMINATION: 'TN',
};

export function letterReference(kind: CollectionLetterKind, agreementNo: string, version: number) {
  return `${REFERENCE_PREFIX[kind]}/${agreementNo}/${version}`;
}

export async function letterPdf(
  facts: LetterFacts,
  language: Language,
  lender: LenderParticulars,
): Promise<Buffer> {
  const say = (key: Exclude<keyof typeof WORDS, CollectionLetterKind>) =>
    WORDS[key][language].replace('{rate}', displayRate(facts.lateChargeRateBp));
  const title = WORDS[facts.kind][language];
  const reference = letterReference(facts.kind, facts.agreementNo, facts.version);
  const { doc, w } = await onLetterhead(lender, title);
  w.space(6);
  w.table(
    [
      [say('reference'), reference],
      [say('date'), day(facts.issuedOn)],
      [say('to'), facts.borrowerName],
      [say('agreement'), facts.agreementNo],
    ],
    [0.4, 0.6],
  );
  for (const paragraph of body(facts, language)) w.text(paragraph, { size: 10, gapAfter: 6 });
  w.table(
    [
      [say('instalment'), say('dueDate'), say('days'), say('unpaid')],
      ...facts.overdue.map((row) => [
        String(row.instalmentNo),
        day(row.dueDate),
        String(row.daysOverdue),
        formatRinggit(row.unpaidSen),
      ]),
    ],
    [0.2, 0.3, 0.2, 0.3],
    { header: true },
  );
  const ended = facts.termination;
  w.table(
    ended
      ? [
          [say('principal'), formatRinggit(ended.unpaidPrincipalSen)],
          [say('earned'), formatRinggit(ended.earnedInterestSen)],
          [say('lateCharges'), formatRinggit(ended.lateChargesSen)],
          [say('forgone'), formatRinggit(ended.interestForgoneSen)],
          [say('balance'), formatRinggit(ended.balanceSen)],
          [say('pay'), facts.payUrl],
        ]
      : [
          [say('overdue'), formatRinggit(facts.overdueSen)],
          [say('lateCharges'), formatRinggit(facts.lateChargesSen)],
          [say('total'), formatRinggit(facts.overdueSen + facts.lateChargesSen)],
          [say('pay'), facts.payUrl],
        ],
    [0.5, 0.5],
  );
  w.text(say('writing'), { size: 9, gapAfter: 6 });
  w.text(say('note'), { font: 'oblique', size: 8 });
  makePdfA(doc, {
    title: `${title} ${reference}`,
    subject: `${title} ${reference}`,
    author: lender.legalName,
    createdAt: facts.issuedAt,
    documentId: `letter:${reference}`,
    language: language === 'MS' ? 'ms-MY' : 'en-MY',
  });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
