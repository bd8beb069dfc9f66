// The deed of guarantee each guarantor (a partner or director of the borrower) signs: it names the
// guarantor, the borrower, the lender and the agreement by its number, and states the sums
// guaranteed with the same figures, from the domain engine, the agreement itself prints. Malay is
// the deed; the English under each part renders it, as in the agreement.
import { formatNric, formatRinggit } from '@lending/domain';
import { PDFDocument } from 'pdf-lib';

import type { AgreementFacts } from './facts';
import { drawFooters, embedFonts, PageWriter } from './layout';
import { makePdfA } from './pdfa';
import {
  type BuildOptions,
  displayDate,
  displayRate,
  instalmentCell,
  lateInterestFormula,
} from './schedule';
import { ringgitInWords } from './words';

export interface GuarantorParticulars {
  name: string;
  /** NRIC or passport number, printed in full: the deed must identify who gives it. */
  idNo: string;
  role: 'PARTNER' | 'DIRECTOR';
}

/** The terms guaranteed: the agreement's facts, with the deed's own verification link. */
export type GuaranteeFacts = AgreementFacts & {
  guarantor: GuarantorParticulars;
};

const ROLE = {
  PARTNER: { ms: 'rakan kongsi', en: 'a partner' },
  DIRECTOR: { ms: 'pengarah', en: 'a director' },
} as const;

export async function buildGuaranteePdf(
  facts: GuaranteeFacts,
  options: BuildOptions,
): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(doc);
  const w = new PageWriter(doc, fonts);
  const { lender, borrower, guarantor } = facts;
  const role = ROLE[guarantor.role];
  const cell = instalmentCell(facts);
  const total = formatRinggit(facts.totalRepayableSen);
  const idNo = formatNric(guarantor.idNo);

  w.centred('SURAT JAMINAN / DEED OF GUARANTEE', 'bold', 13);
  w.centred('Akta Pemberi Pinjam Wang 1951 / Moneylenders Act 1951', 'oblique', 8.5);
  w.centred(`No. Perjanjian / Agreement No.: ${facts.agreementNo}`, 'bold', 9.5);
  w.centred(`Tarikh / Date: ${displayDate(facts.agreementDate)}`, 'regular', 9);
  w.space(6);

  w.bilingual(
    `JAMINAN INI diberi oleh ${guarantor.name} (No. K/P ${idNo}), ${role.ms} Peminjam (“Penjamin”), kepada ${lender.legalName} (No. Pendaftaran ${lender.registrationNo}, No. Lesen ${lender.licenceNo}) (“Pemberi Pinjam Wang”), berkenaan perjanjian pemberian pinjaman wang No. ${facts.agreementNo} (Jadual ${facts.form}) di antara Pemberi Pinjam Wang dan ${borrower.name} (${borrower.idLabelMs} ${borrower.idNo}) (“Peminjam”).`,
    `THIS GUARANTEE is given by ${guarantor.name} (NRIC ${idNo}), ${role.en} of the Borrower (“the Guarantor”), to ${lender.legalName} (Registration No. ${lender.registrationNo}, Licence No. ${lender.licenceNo}) (“the Moneylender”), in respect of moneylending agreement No. ${facts.agreementNo} (Schedule ${facts.form}) between the Moneylender and ${borrower.name} (${borrower.idLabelEn} ${borrower.idNo}) (“the Borrower”).`,
  );

  w.heading('1. Jaminan', '1. Guarantee');
  w.bilingual(
    `Sebagai balasan Pemberi Pinjam Wang memberi pinjaman kepada Peminjam, Penjamin menjamin bahawa Peminjam akan membayar tepat pada masanya setiap ansuran yang kena dibayar di bawah perjanjian tersebut, berjumlah ${total} (${ringgitInWords(facts.totalRepayableSen, 'ms')}), berserta faedah lewat bayar yang dikenakan di bawah perjanjian itu.`,
    `In consideration of the Moneylender lending to the Borrower, the Guarantor guarantees that the Borrower will pay on time every instalment due under that agreement, ${total} (${ringgitInWords(facts.totalRepayableSen, 'en')}) in all, together with the late payment interest charged under it.`,
  );

  w.heading('2. Jumlah yang dijamin', '2. Sums guaranteed');
  const rows: string[][] = [
    ['Perkara / Item', 'Butiran / Particulars'],
    ['Wang pokok / Principal', formatRinggit(facts.principalSen)],
    [
      'Kadar faedah setahun / Interest rate a year',
      `${displayRate(facts.annualRateBp)} (kadar rata / flat rate)`,
    ],
    ['Jumlah faedah / Total interest', formatRinggit(facts.totalInterestSen)],
    ['Tempoh / Term', `${facts.tenureMonths} bulan / months`],
    ['Ansuran / Instalments', `${cell.ms}\n${cell.en}`],
    ['Jumlah bayaran balik yang dijamin / Total repayment guaranteed', total],
  ];
  if (facts.security) {
    rows.push([
      'Cagaran / Security',
      `${facts.security.particulars}${facts.security.valueSen !== null ? `\n${formatRinggit(facts.security.valueSen)}` : ''}`,
    ]);
  }
  w.table(rows, [0.55, 0.45], { header: true });
  w.bilingual(
    `Faedah lewat bayar ialah faedah mudah pada kadar ${displayRate(facts.lateChargeRateBp)} setahun, ${lateInterestFormula(facts.lateChargeRateBp, 'ms')}, ke atas ansuran yang tertunggak sahaja; ia tidak dikompaun.`,
    `Late payment interest is simple interest at ${displayRate(facts.lateChargeRateBp)} a year, ${lateInterestFormula(facts.lateChargeRateBp, 'en')}, on the overdue instalment only; it is never compounded.`,
  );

  w.heading('3. Tuntutan', '3. Demand');
  w.bilingual(
    'Jika Peminjam ingkar membayar mana-mana ansuran lebih daripada dua puluh lapan (28) hari, Pemberi Pinjam Wang boleh menuntut daripada Penjamin jumlah yang kena dibayar oleh Peminjam selepas memberi notis bertulis tidak kurang daripada empat belas (14) hari kepada Peminjam dan Penjamin. Tuntutan dibuat secara bertulis; Pemberi Pinjam Wang tidak akan mengunjungi rumah atau tempat kerja Penjamin untuk mengutip bayaran.',
    'When the Borrower is in default of any instalment for more than twenty-eight (28) days, the Moneylender may claim from the Guarantor the sums the Borrower owes, after giving the Borrower and the Guarantor no less than fourteen (14) days’ written notice. Demands are made in writing; the Moneylender will not visit the Guarantor’s home or workplace to collect.',
  );

  w.heading('4. Jaminan berterusan', '4. Continuing guarantee');
  w.bilingual(
    'Jaminan ini berterusan sehingga semua jumlah di bawah perjanjian tersebut dibayar sepenuhnya, dan tidak terjejas oleh sebarang kelonggaran masa yang diberi kepada Peminjam. Jaminan ini tidak menambah jumlah yang kena dibayar oleh Peminjam.',
    'This guarantee continues until every sum under that agreement is paid in full, and is not affected by any time given to the Borrower. It adds nothing to what the Borrower owes.',
  );

  w.heading('5. Tandatangan elektronik', '5. Electronic signature');
  w.bilingual(
    'Surat jaminan ini ditandatangani secara elektronik oleh Penjamin di bawah Akta Perdagangan Elektronik 2006 dan Akta Tandatangan Digital 1997, dengan kod sekali guna yang dihantar ke telefon Penjamin. Kod QR di setiap halaman membawa kepada pengesahan dokumen ini.',
    'This deed is signed electronically by the Guarantor under the Electronic Commerce Act 2006 and the Digital Signature Act 1997, with a one-time code sent to the Guarantor’s phone. The QR code on every page leads to this document’s verification.',
  );

  drawFooters(doc, fonts, {
    agreementNo: facts.agreementNo,
    verificationUrl: facts.verificationUrl,
  });
  makePdfA(doc, {
    title: `Surat Jaminan ${facts.agreementNo}`,
    subject: `Deed of guarantee for agreement ${facts.agreementNo}`,
    author: lender.legalName,
    createdAt: options.createdAt,
    documentId: options.documentId,
    language: 'ms-MY',
  });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
