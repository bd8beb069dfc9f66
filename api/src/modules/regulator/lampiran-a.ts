// The borrower ledger (Lampiran A, Moneylenders Act s.18(1)) of one loan: the statement of
// account's entries to the sen, each payment with its remark code as the loan stood at that
// payment (`borrowerLedger`), under the loan's particulars. PDF in English or Bahasa Melayu on
// the statement's page writer; CSV under the regulator's Malay headings (`LAMPIRAN_A_COLUMNS`).
import type { Language } from '@lending/contracts';
import {
  type BorrowerLedgerRow,
  formatRinggit,
  IDEAL_LOAN_TYPES,
  LAMPIRAN_A_COLUMNS,
  LOAN_STANDING_CODES,
  LOAN_STANDINGS,
  type LoanStanding,
  senToRinggitString,
} from '@lending/domain';
import { rgb } from 'pdf-lib';

import { describe, type StatementFacts } from '../accounts/statement';
import { onLetterhead } from '../agreement-documents/layout';
import type { LenderParticulars } from '../agreement-documents/lender';
import { makePdfA } from '../agreement-documents/pdfa';
import { csvRecord, UTF8_BOM } from '../audit-log/csv';
import { day } from '../repayments/messages';

export interface LedgerFacts extends StatementFacts {
  /** The schedule's first instalment. */
  monthlyInstalmentSen: number;
  /** The borrowing business and its SSM registration number. */
  borrowerRegistrationNo: string;
  annualRateBp: number;
  secured: boolean;
  rows: BorrowerLedgerRow[];
}

type Words = Record<Language, string>;

const WORDS = {
  title: { EN: 'BORROWER LEDGER (LAMPIRAN A)', MS: 'LEJAR PEMINJAM (LAMPIRAN A)' },
  law: {
    EN: 'Kept under section 18(1) of the Moneylenders Act 1951',
    MS: 'Disimpan di bawah seksyen 18(1) Akta Pemberi Pinjam Wang 1951',
  },
  loanNo: { EN: 'Loan account number', MS: 'No. akaun pinjaman' },
  borrower: { EN: 'Borrower', MS: 'Nama peminjam' },
  registrationNo: { EN: 'Registration number', MS: 'No. pendaftaran' },
  disbursed: { EN: 'Date of loan', MS: 'Tarikh pinjaman' },
  loanType: { EN: 'Type of loan', MS: 'Jenis pinjaman' },
  principal: { EN: 'Principal', MS: 'Jumlah pinjaman' },
  rate: { EN: 'Interest rate per annum', MS: 'Kadar faedah setahun' },
  tenure: { EN: 'Tenure', MS: 'Tempoh pinjaman' },
  months: { EN: 'months', MS: 'bulan' },
  instalment: { EN: 'Monthly instalment', MS: 'Ansuran bulanan' },
  total: { EN: 'Total repayable', MS: 'Jumlah bayaran balik' },
  asOf: { EN: 'Ledger as at', MS: 'Lejar setakat' },
  date: { EN: 'Date', MS: 'Tarikh' },
  description: { EN: 'Description', MS: 'Butiran' },
  receipt: { EN: 'Receipt', MS: 'No. resit' },
  debit: { EN: 'Debit', MS: 'Debit' },
  credit: { EN: 'Credit', MS: 'Kredit' },
  balance: { EN: 'Balance', MS: 'Baki' },
  remark: { EN: 'Remark', MS: 'Kod catatan' },
  legend: { EN: 'Remark codes', MS: 'Kod catatan' },
  page: { EN: 'Page', MS: 'Halaman' },
  note: {
    EN: 'Each payment carries the standing of the loan once that payment was booked. Figures are those of the statement of account, to the sen.',
    MS: 'Setiap bayaran membawa kedudukan pinjaman sebaik bayaran itu direkodkan. Angka-angka adalah sama dengan penyata akaun, hingga ke sen.',
  },
} satisfies Record<string, Words>;

/** What each remark code means, in the reader's language (the code itself stays Malay). */
const REMARK_MEANINGS: Record<LoanStanding, Words> = {
  CURRENT: {
    EN: 'current: nothing due before that day unpaid',
    MS: 'tiada apa-apa yang perlu dibayar sebelum hari itu tertunggak',
  },
  IN_ARREARS: {
    EN: 'in arrears: an instalment due before that day, or a late charge, unpaid',
    MS: 'ansuran yang perlu dibayar sebelum hari itu, atau caj lewat, belum dibayar',
  },
  SETTLED: { EN: 'settled: nothing more owed', MS: 'tiada lagi baki terhutang' },
  WRITTEN_OFF: {
    EN: 'written off (the balance remains owed)',
    MS: 'akaun telah dihapus kira (baki masih terhutang)',
  },
};

const money = (sen: number) => (sen === 0 ? '' : formatRinggit(sen));
const remarkOf = (row: BorrowerLedgerRow) => (row.remark ? LOAN_STANDING_CODES[row.remark] : '');

export async function borrowerLedgerPdf(
  facts: LedgerFacts,
  language: Language,
  lender: LenderParticulars,
): Promise<Buffer> {
  const say = (key: keyof typeof WORDS) => WORDS[key][language];
  const { statement } = facts;
  const { doc, fonts, w } = await onLetterhead(lender, say('title'));
  w.centred(say('law'), 'oblique', 8.5);
  w.space(6);
  w.table(
    [
      [say('loanNo'), facts.agreementNo],
      [say('borrower'), facts.borrowerName],
      [say('registrationNo'), facts.borrowerRegistrationNo],
      [say('disbursed'), day(facts.disbursedOn)],
      [say('loanType'), facts.secured ? IDEAL_LOAN_TYPES.secured : IDEAL_LOAN_TYPES.unsecured],
      [say('principal'), formatRinggit(facts.principalSen)],
      [say('rate'), `${senToRinggitString(facts.annualRateBp)}%`],
      [say('tenure'), `${facts.tenureMonths} ${say('months')}`],
      [say('instalment'), formatRinggit(facts.monthlyInstalmentSen)],
      [say('total'), formatRinggit(statement.openingSen)],
      [say('asOf'), day(statement.asOf)],
    ],
    [0.4, 0.6],
  );
  w.table(
    [
      [
        say('date'),
        say('description'),
        say('receipt'),
        say('debit'),
        say('credit'),
        say('balance'),
        say('remark'),
      ],
      ...facts.rows.map((row) => [
        day(row.date),
        describe(row, facts, language),
        row.kind === 'PAYMENT' ? (row.reference ?? '') : '',
        money(row.debitSen),
        money(row.creditSen),
        formatRinggit(row.balanceSen),
        remarkOf(row),
      ]),
    ],
    [0.11, 0.31, 0.12, 0.11, 0.11, 0.12, 0.12],
    { header: true },
  );
  w.text(say('legend'), { font: 'bold', size: 10, gapAfter: 4 });
  w.table(
    LOAN_STANDINGS.map((standing) => [
      LOAN_STANDING_CODES[standing],
      REMARK_MEANINGS[standing][language],
    ]),
    [0.25, 0.75],
  );
  w.text(say('note'), { font: 'oblique', size: 8 });
  const pages = doc.getPages();
  pages.forEach((page, index) => {
    page.drawText(
      `${say('title')} ${facts.agreementNo} · ${day(statement.asOf)} · ${say('page')} ${index + 1} / ${pages.length}`,
      { x: 50, y: 40, size: 8, font: fonts.regular, color: rgb(0.35, 0.35, 0.4) },
    );
  });
  makePdfA(doc, {
    title: `${say('title')} ${facts.agreementNo}`,
    subject: `${say('title')} ${facts.agreementNo} ${statement.asOf}`,
    author: lender.legalName,
    createdAt: facts.createdAt,
    documentId: `borrower-ledger:${facts.agreementNo}:${statement.asOf}:${language}`,
    language: language === 'MS' ? 'ms-MY' : 'en-MY',
  });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** The ledger as CSV: amounts in ringgit and sen, descriptions in Malay as the headings are. */
export function borrowerLedgerCsv(facts: LedgerFacts): string {
  let body = UTF8_BOM + csvRecord(LAMPIRAN_A_COLUMNS);
  for (const row of facts.rows) {
    body += csvRecord([
      facts.agreementNo,
      day(row.date),
      describe(row, facts, 'MS'),
      row.kind === 'PAYMENT' ? row.reference : null,
      senToRinggitString(row.debitSen),
      senToRinggitString(row.creditSen),
      senToRinggitString(row.balanceSen),
      remarkOf(row),
    ]);
  }
  return body;
}
