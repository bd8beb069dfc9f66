// The statement of account as a PDF in English or Bahasa Melayu, on the same page writer and
// embedded fonts as the agreement and the receipts. Every figure comes from the domain's
// statement (`statementOfAccount`), itself made from the ledger's rows.
import type { Language, LoanAccountStatus } from '@lending/contracts';
import {
  formatRinggit,
  type IsoDate,
  type StatementEntry,
  type StatementOfAccount,
} from '@lending/domain';
import { rgb } from 'pdf-lib';

import { onLetterhead } from '../agreement-documents/layout';
import type { LenderParticulars } from '../agreement-documents/lender';
import { makePdfA } from '../agreement-documents/pdfa';
import { day } from '../repayments/messages';

export interface StatementFacts {
  agreementNo: string;
  borrowerName: string;
  status: LoanAccountStatus;
  disbursedOn: IsoDate;
  principalSen: number;
  totalInterestSen: number;
  tenureMonths: number;
  statement: StatementOfAccount;
  createdAt: Date;
}

type Words = Record<Language, string>;

const WORDS = {
  title: { EN: 'STATEMENT OF ACCOUNT', MS: 'PENYATA AKAUN' },
  agreement: { EN: 'Agreement number', MS: 'Nombor perjanjian' },
  borrower: { EN: 'Borrower', MS: 'Peminjam' },
  asOf: { EN: 'Statement date', MS: 'Tarikh penyata' },
  disbursed: { EN: 'Disbursed on', MS: 'Tarikh pengeluaran' },
  principal: { EN: 'Principal', MS: 'Prinsipal' },
  interest: { EN: 'Interest', MS: 'Faedah' },
  total: { EN: 'Total repayable', MS: 'Jumlah perlu dibayar balik' },
  status: { EN: 'Account status', MS: 'Status akaun' },
  date: { EN: 'Date', MS: 'Tarikh' },
  description: { EN: 'Description', MS: 'Butiran' },
  debit: { EN: 'Debit', MS: 'Debit' },
  credit: { EN: 'Credit', MS: 'Kredit' },
  balance: { EN: 'Balance', MS: 'Baki' },
  summary: { EN: 'Summary', MS: 'Ringkasan' },
  due: { EN: 'Instalments fallen due', MS: 'Ansuran yang telah tiba tempoh' },
  lateCharges: { EN: 'Late charges', MS: 'Caj lewat' },
  payments: { EN: 'Payments received', MS: 'Bayaran diterima' },
  waivers: { EN: 'Late charges waived', MS: 'Caj lewat dikecualikan' },
  rebates: {
    EN: 'Interest not charged (early settlement)',
    MS: 'Faedah tidak dikenakan (penyelesaian awal)',
  },
  refunds: { EN: 'Credit refunded to you', MS: 'Kredit dibayar balik kepada anda' },
  netPaid: { EN: 'Paid, less credit refunded', MS: 'Dibayar, ditolak kredit dibayar balik' },
  owed: { EN: 'Balance owed', MS: 'Baki terhutang' },
  creditKept: { EN: 'Credit on the account', MS: 'Kredit dalam akaun' },
  explain: {
    EN: 'The balance is the total repayable, plus late charges, less payments, waivers and interest not charged on early settlement. An instalment falling due does not change it. A balance below zero is credit kept for you; credit refunded to you is money paid out, and brings the balance back up.',
    MS: 'Baki ialah jumlah perlu dibayar balik, ditambah caj lewat, ditolak bayaran, pengecualian dan faedah yang tidak dikenakan atas penyelesaian awal. Ansuran yang tiba tempoh tidak mengubahnya. Baki di bawah sifar ialah kredit yang disimpan untuk anda; kredit yang dibayar balik kepada anda ialah wang keluar dan menaikkan semula baki.',
  },
  page: { EN: 'Page', MS: 'Halaman' },
  note: {
    EN: 'This statement is issued by computer and needs no signature.',
    MS: 'Penyata ini dikeluarkan oleh komputer dan tidak memerlukan tandatangan.',
  },
} satisfies Record<string, Words>;

const STATUS: Record<LoanAccountStatus, Words> = {
  ACTIVE: { EN: 'Active', MS: 'Aktif' },
  CLOSED: { EN: 'Closed', MS: 'Ditutup' },
  WRITEOFF: { EN: 'Written off', MS: 'Dihapus kira' },
  TERMINATED: {
    EN: 'Terminated: whole balance due',
    MS: 'Ditamatkan: keseluruhan baki perlu dibayar',
  },
};

const PAID_KINDS = {
  LATE_CHARGE: { EN: 'late charges', MS: 'caj lewat' },
  INTEREST: { EN: 'interest', MS: 'faedah' },
  PRINCIPAL: { EN: 'principal', MS: 'prinsipal' },
  CREDIT: { EN: 'kept as credit', MS: 'disimpan sebagai kredit' },
} satisfies Record<string, Words>;

/** An entry's line on the statement, also the borrower ledger's description of it. */
export function describe(
  entry: StatementEntry,
  facts: Pick<StatementFacts, 'principalSen' | 'totalInterestSen' | 'tenureMonths'>,
  language: Language,
): string {
  const ms = language === 'MS';
  switch (entry.kind) {
    case 'OPENING':
      return ms
        ? `Akaun pinjaman dibuka: prinsipal ${formatRinggit(facts.principalSen)} + faedah ${formatRinggit(facts.totalInterestSen)}`
        : `Loan account opened: principal ${formatRinggit(facts.principalSen)} + interest ${formatRinggit(facts.totalInterestSen)}`;
    case 'INSTALMENT_DUE':
      return ms
        ? `Ansuran ${entry.instalmentNo} daripada ${facts.tenureMonths} perlu dibayar: ${formatRinggit(entry.amountSen)}`
        : `Instalment ${entry.instalmentNo} of ${facts.tenureMonths} due: ${formatRinggit(entry.amountSen)}`;
    case 'LATE_CHARGE': {
      const span = `${day(entry.fromDate ?? entry.date)} - ${day(entry.date)}`;
      return ms
        ? `Caj lewat atas ansuran ${entry.instalmentNo}, ${span} (${entry.days} hari)`
        : `Late charges on instalment ${entry.instalmentNo}, ${span} (${entry.days} days)`;
    }
    case 'PAYMENT': {
      const byKind = new Map<keyof typeof PAID_KINDS, number>();
      for (const line of entry.allocations) {
        byKind.set(line.kind, (byKind.get(line.kind) ?? 0) + line.amountSen);
      }
      const parts = (['LATE_CHARGE', 'INTEREST', 'PRINCIPAL', 'CREDIT'] as const)
        .filter((kind) => (byKind.get(kind) ?? 0) > 0)
        .map((kind) => `${PAID_KINDS[kind][language]} ${formatRinggit(byKind.get(kind)!)}`);
      const head = ms ? `Bayaran, resit ${entry.reference}` : `Payment, receipt ${entry.reference}`;
      return parts.length > 0 ? `${head}: ${parts.join(', ')}` : head;
    }
    case 'WAIVER':
      return ms
        ? `Caj lewat dikecualikan (${entry.reference})`
        : `Late charges waived (${entry.reference})`;
    case 'REBATE':
      return ms
        ? 'Faedah tidak dikenakan (penyelesaian awal atau penamatan)'
        : 'Interest not charged (early settlement or termination)';
    case 'REFUND':
      return ms
        ? `Kredit dibayar balik ke akaun peminjam (${entry.reference})`
        : `Credit refunded to the borrower's account (${entry.reference})`;
    case 'TERMINATION':
      return ms
        ? `Perjanjian ditamatkan; keseluruhan baki ${formatRinggit(entry.amountSen)} perlu dibayar`
        : `Agreement terminated; the whole balance of ${formatRinggit(entry.amountSen)} is due`;
    case 'WRITEOFF':
      return ms
        ? `Akaun dihapus kira; baki ${formatRinggit(entry.amountSen)} masih terhutang`
        : `Account written off; the balance of ${formatRinggit(entry.amountSen)} remains owed`;
  }
}

const money = (sen: number) => (sen === 0 ? '' : formatRinggit(sen));

export async function statementPdf(
  facts: StatementFacts,
  language: Language,
  lender: LenderParticulars,
): Promise<Buffer> {
  const say = (key: keyof typeof WORDS) => WORDS[key][language];
  const { statement } = facts;
  const { doc, fonts, w } = await onLetterhead(lender, say('title'));
  w.space(6);
  w.table(
    [
      [say('agreement'), facts.agreementNo],
      [say('borrower'), facts.borrowerName],
      [say('asOf'), day(statement.asOf)],
      [say('disbursed'), day(facts.disbursedOn)],
      [say('principal'), formatRinggit(facts.principalSen)],
      [say('interest'), formatRinggit(facts.totalInterestSen)],
      [say('total'), formatRinggit(statement.openingSen)],
      [say('status'), STATUS[facts.status][language]],
    ],
    [0.4, 0.6],
  );
  w.table(
    [
      [say('date'), say('description'), say('debit'), say('credit'), say('balance')],
      ...statement.entries.map((entry) => [
        day(entry.date),
        describe(entry, facts, language),
        money(entry.debitSen),
        money(entry.creditSen),
        formatRinggit(entry.balanceSen),
      ]),
    ],
    [0.13, 0.45, 0.14, 0.14, 0.14],
    { header: true },
  );
  w.text(say('summary'), { font: 'bold', size: 10, gapAfter: 4 });
  const closing = statement.closingBalanceSen;
  w.table(
    [
      [say('total'), formatRinggit(statement.openingSen)],
      [say('due'), formatRinggit(statement.totals.instalmentsDueSen)],
      [say('lateCharges'), formatRinggit(statement.totals.lateChargesSen)],
      [say('payments'), formatRinggit(statement.totals.paymentsSen)],
      // Money paid back is out of what was paid: net paid + waived + rebated = what was charged.
      ...(statement.totals.refundsSen > 0
        ? [
            [say('refunds'), formatRinggit(statement.totals.refundsSen)],
            [say('netPaid'), formatRinggit(statement.totals.netPaidSen)],
          ]
        : []),
      [say('waivers'), formatRinggit(statement.totals.waiversSen)],
      [say('rebates'), formatRinggit(statement.totals.rebatesSen)],
      closing < 0
        ? [say('creditKept'), formatRinggit(-closing)]
        : [say('owed'), formatRinggit(closing)],
    ],
    [0.6, 0.4],
  );
  w.text(say('explain'), { size: 8 });
  w.text(say('note'), { font: 'oblique', size: 8 });
  // Every page names the agreement and where it stands in the statement: pages get separated.
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
    documentId: `statement:${facts.agreementNo}:${statement.asOf}:${language}`,
    language: language === 'MS' ? 'ms-MY' : 'en-MY',
  });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
