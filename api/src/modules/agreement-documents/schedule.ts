// Schedule J (unsecured) and Schedule K (secured) of the Moneylenders (Control and Licensing)
// Regulations 2003: one template, the form's own items switched on `form`. The Malay text is the
// agreement; the English under each part renders it. Every figure comes from `AgreementFacts`,
// which holds the domain engine's numbers, and is printed with the domain's own formatting.
import { formatRinggit, type IsoDate } from '@lending/domain';
import { PDFDocument } from 'pdf-lib';

import type { AgreementFacts } from './facts';
import { drawFooters, embedFonts, PageWriter } from './layout';
import { makePdfA } from './pdfa';
import { ringgitInWords } from './words';

export function displayDate(date: IsoDate): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

export function displayRate(bp: number): string {
  return `${(bp / 100).toFixed(2)}%`;
}

/** The late interest formula at the agreement's rate: `R = 8/100 x D/365 x S` at 8% a year. */
export function lateInterestFormula(bp: number, language: 'ms' | 'en'): string {
  const percent = String(bp / 100);
  return language === 'ms' ? `R = ${percent}/100 x H/365 x J` : `R = ${percent}/100 x D/365 x S`;
}

/** The instalment cell: Schedule J has no line of its own for the last instalment, so the cell
 *  states it whenever it differs (DOMAIN.md). */
export function instalmentCell(
  facts: Pick<AgreementFacts, 'monthlyInstalmentSen' | 'lastInstalmentSen' | 'tenureMonths'>,
): { ms: string; en: string } {
  const { monthlyInstalmentSen: each, lastInstalmentSen: last, tenureMonths: n } = facts;
  if (each === last) {
    return {
      ms: `${formatRinggit(each)} sebulan x ${n} bulan`,
      en: `${formatRinggit(each)} a month x ${n} months`,
    };
  }
  return {
    ms: `${formatRinggit(each)} sebulan x ${n - 1} bulan dan ansuran terakhir ${formatRinggit(last)}`,
    en: `${formatRinggit(each)} a month x ${n - 1} months and a last instalment of ${formatRinggit(last)}`,
  };
}

export interface BuildOptions {
  /** Fixes the document's dates and identifier so the same facts give the same bytes. */
  createdAt: Date;
  documentId: string;
}

export async function buildAgreementPdf(
  facts: AgreementFacts,
  options: BuildOptions,
): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(doc);
  const w = new PageWriter(doc, fonts);
  const secured = facts.form === 'K';
  const lender = facts.lender;
  const borrower = facts.borrower;

  w.centred(`JADUAL ${facts.form} / SCHEDULE ${facts.form}`, 'bold', 13);
  w.centred(
    'AKTA PEMBERI PINJAM WANG 1951 — PERATURAN-PERATURAN PEMBERI PINJAM WANG (KAWALAN DAN PELESENAN) 2003',
    'regular',
    8.5,
  );
  w.centred(
    'Moneylenders Act 1951 — Moneylenders (Control and Licensing) Regulations 2003',
    'oblique',
    8.5,
  );
  w.centred('(Subperaturan 10(1) / Subregulation 10(1))', 'regular', 8.5);
  w.space(4);
  w.centred(
    secured
      ? 'PERJANJIAN PEMBERIAN PINJAMAN WANG (PINJAMAN BERCAGAR)'
      : 'PERJANJIAN PEMBERIAN PINJAMAN WANG (PINJAMAN TANPA CAGARAN)',
    'bold',
    11.5,
  );
  w.centred(
    secured ? 'Moneylending agreement (secured loan)' : 'Moneylending agreement (unsecured loan)',
    'oblique',
    10,
  );
  w.centred(`No. Perjanjian / Agreement No.: ${facts.agreementNo}`, 'bold', 9.5);
  w.space(6);

  w.bilingual(
    `PERJANJIAN INI dibuat pada hari dan tahun yang dinyatakan dalam seksyen 1 Jadual Pertama di antara pemberi pinjam wang yang dinyatakan dalam seksyen 2 Jadual Pertama (“Pemberi Pinjam Wang”) dan peminjam yang dinyatakan dalam seksyen 3 Jadual Pertama (“Peminjam”).`,
    `THIS AGREEMENT is made on the day and year stated in section 1 of the First Schedule between the moneylender stated in section 2 of the First Schedule (“the Moneylender”) and the borrower stated in section 3 of the First Schedule (“the Borrower”).`,
  );
  w.bilingual(
    'BAHAWASANYA Pemberi Pinjam Wang ialah pemberi pinjam wang berlesen di bawah Akta Pemberi Pinjam Wang 1951 dan Peminjam telah memohon, dan Pemberi Pinjam Wang telah bersetuju untuk memberi, pinjaman wang mengikut terma-terma perjanjian ini.',
    'WHEREAS the Moneylender is a moneylender licensed under the Moneylenders Act 1951 and the Borrower has applied for, and the Moneylender has agreed to grant, a loan on the terms of this agreement.',
  );

  w.heading('1. Jumlah pinjaman', '1. Amount of the loan');
  w.bilingual(
    `Pemberi Pinjam Wang bersetuju untuk memberi pinjaman sebanyak ${formatRinggit(facts.principalSen)} (${ringgitInWords(facts.principalSen, 'ms')}) kepada Peminjam, iaitu jumlah wang pokok yang dinyatakan dalam seksyen 4 Jadual Pertama.`,
    `The Moneylender agrees to lend the Borrower ${formatRinggit(facts.principalSen)} (${ringgitInWords(facts.principalSen, 'en')}), the principal stated in section 4 of the First Schedule.`,
  );

  w.heading('2. Bayaran balik', '2. Repayment');
  const cell = instalmentCell(facts);
  w.bilingual(
    `Peminjam hendaklah membayar balik jumlah bayaran balik sebanyak ${formatRinggit(facts.totalRepayableSen)} dalam ${facts.tenureMonths} ansuran bulanan: ${cell.ms}. Ansuran pertama kena dibayar pada ${displayDate(facts.firstRepaymentDate)} dan ansuran berikutnya pada hari ke-${facts.repaymentDay} setiap bulan (hari terakhir bulan itu jika bulan itu tidak mempunyai hari tersebut), bagi tempoh ${facts.tenureMonths} bulan, seperti dalam Jadual Ansuran.`,
    `The Borrower shall repay the total repayment of ${formatRinggit(facts.totalRepayableSen)} in ${facts.tenureMonths} monthly instalments: ${cell.en}. The first instalment falls due on ${displayDate(facts.firstRepaymentDate)} and each following one on day ${facts.repaymentDay} of every month (the last day of a month that has no such day), over a term of ${facts.tenureMonths} months, as in the Instalment Table.`,
  );

  w.heading('3. Faedah', '3. Interest');
  w.bilingual(
    `Faedah dikenakan pada kadar rata ${displayRate(facts.annualRateBp)} setahun ke atas wang pokok bagi seluruh tempoh pinjaman, berjumlah ${formatRinggit(facts.totalInterestSen)}. Faedah tidak dikompaun dan tidak boleh melebihi had di bawah seksyen 17A Akta.`,
    `Interest is charged at a flat rate of ${displayRate(facts.annualRateBp)} a year on the principal over the whole term, ${formatRinggit(facts.totalInterestSen)} in all. Interest is never compounded and may not exceed the limits of section 17A of the Act.`,
  );

  w.heading('4. Caj, fi dan jumlah diterima', '4. Charges, fees and the amount received');
  const deductions: [string, string, string][] = [
    ['Duti setem', 'Stamp duty', formatRinggit(facts.stampDutySen)],
    [
      'Fi pengakuan (termasuk SST)',
      'Attestation fee (SST included)',
      formatRinggit(facts.attestationFeeSen),
    ],
  ];
  if (facts.referralWaiverSen > 0) {
    deductions.push([
      'Pengecualian rujukan',
      'Referral waiver',
      `-${formatRinggit(facts.referralWaiverSen)}`,
    ]);
  }
  if (facts.loanProtection) {
    const lp = facts.loanProtection;
    deductions.push(
      [
        'Premium kasar perlindungan pinjaman',
        'Loan protection gross premium',
        formatRinggit(lp.grossPremiumSen),
      ],
      ['Cukai perkhidmatan', 'Service tax', formatRinggit(lp.serviceTaxSen)],
      [
        lp.deducted
          ? 'Jumlah premium (ditolak daripada pinjaman)'
          : 'Jumlah premium (dibayar berasingan)',
        lp.deducted ? 'Total premium (deducted from the loan)' : 'Total premium (paid separately)',
        formatRinggit(lp.totalPremiumSen),
      ],
    );
  }
  w.table(
    [
      ['Perkara / Item', 'Amaun / Amount'],
      ...deductions.map(([ms, en, amount]) => [`${ms} / ${en}`, amount]),
      ['Jumlah bersih diterima / Net amount received', formatRinggit(facts.netReceivedSen)],
      [
        'Kadar berkesan setahun termasuk fi / Effective annual rate with all fees',
        displayRate(facts.effectiveAnnualRateBp),
      ],
    ],
    [0.7, 0.3],
    { header: true },
  );
  w.bilingual(
    'Duti setem dan fi pengakuan ditolak daripada wang pokok semasa pengeluaran; Peminjam menerima jumlah bersih di atas.',
    'Stamp duty and the attestation fee are deducted from the principal at disbursement; the Borrower receives the net amount above.',
  );

  w.heading('5. Faedah lewat bayar', '5. Late payment interest');
  w.bilingual(
    `Jika sesuatu ansuran tidak dibayar pada tarikh kena bayar, faedah mudah pada kadar ${displayRate(facts.lateChargeRateBp)} setahun dikenakan ke atas ansuran yang tertunggak mengikut formula ${lateInterestFormula(facts.lateChargeRateBp, 'ms')}, iaitu R faedah, H bilangan hari ingkar dan J jumlah ansuran tertunggak. Faedah ini tidak dikompaun.`,
    `When an instalment is not paid on its due date, simple interest at ${displayRate(facts.lateChargeRateBp)} a year is charged on the overdue instalment by the formula ${lateInterestFormula(facts.lateChargeRateBp, 'en')}, where R is the interest, D the days in default and S the overdue instalment. It is never compounded.`,
  );

  w.heading('6. Keingkaran', '6. Default');
  w.bilingual(
    'Jika Peminjam ingkar membayar mana-mana ansuran lebih daripada dua puluh lapan (28) hari, Pemberi Pinjam Wang boleh menamatkan perjanjian ini dan menuntut baki wang pokok dan faedah yang belum dibayar selepas memberi notis bertulis tidak kurang daripada empat belas (14) hari kepada Peminjam. Pemberi Pinjam Wang tidak akan mengunjungi rumah atau tempat kerja Peminjam untuk mengutip bayaran.',
    'When the Borrower is in default of any instalment for more than twenty-eight (28) days, the Moneylender may terminate this agreement and claim the unpaid principal and interest after giving the Borrower no less than fourteen (14) days’ written notice. The Moneylender will not visit the Borrower’s home or workplace to collect.',
  );

  w.heading('7. Penyelesaian awal', '7. Early settlement');
  w.bilingual(
    'Peminjam boleh menyelesaikan pinjaman pada bila-bila masa dengan membayar baki wang pokok, faedah terakru hingga tarikh penyelesaian dan caj lewat bayar, jika ada.',
    'The Borrower may settle the loan at any time by paying the unpaid principal, the interest accrued to the settlement date and any late charges.',
  );

  if (secured) {
    w.heading('8. Cagaran', '8. Security');
    w.bilingual(
      'Pinjaman ini dijamin dengan cagaran yang butirannya dinyatakan dalam seksyen 11 Jadual Pertama, yang akan dipulangkan kepada Peminjam apabila pinjaman dibayar balik sepenuhnya.',
      'This loan is secured by the security whose particulars are stated in section 11 of the First Schedule, returned to the Borrower once the loan is repaid in full.',
    );
  }

  w.heading(
    `${secured ? 9 : 8}. Tandatangan elektronik`,
    `${secured ? 9 : 8}. Electronic signature`,
  );
  w.bilingual(
    'Perjanjian ini dimeterai dan ditandatangani secara elektronik di bawah Akta Perdagangan Elektronik 2006 dan Akta Tandatangan Digital 1997. Cap masa, alamat dan kod sekali guna setiap penandatangan direkodkan dalam sijil audit yang dilampirkan.',
    'This agreement is executed and signed electronically under the Electronic Commerce Act 2006 and the Digital Signature Act 1997. Each signer’s time, address and one-time code are recorded in the audit certificate attached.',
  );

  w.newPage();
  w.centred('JADUAL PERTAMA / FIRST SCHEDULE', 'bold', 12);
  const rows: string[][] = [
    ['Seksyen / Section', 'Perkara / Item', 'Butiran / Particulars'],
    ['1', 'Tarikh perjanjian / Agreement date', displayDate(facts.agreementDate)],
    [
      '2',
      'Nama, no. pendaftaran, no. lesen dan alamat Pemberi Pinjam Wang / Moneylender’s name, registration no., licence no. and address',
      [
        lender.legalName,
        `No. Pendaftaran / Registration No.: ${lender.registrationNo}`,
        `No. Lesen / Licence No.: ${lender.licenceNo}`,
        ...lender.addressLines,
      ].join('\n'),
    ],
    [
      '3',
      'Nama, no. kad pengenalan atau no. pendaftaran dan alamat Peminjam / Borrower’s name, NRIC or registration no. and address',
      [
        borrower.name,
        `${borrower.idLabelMs} / ${borrower.idLabelEn}: ${borrower.idNo}`,
        ...borrower.addressLines,
      ].join('\n'),
    ],
    [
      '4',
      'Jumlah wang pokok / Principal',
      `${formatRinggit(facts.principalSen)}\n${ringgitInWords(facts.principalSen, 'ms')}\n${ringgitInWords(facts.principalSen, 'en')}`,
    ],
    [
      '5',
      'Kadar faedah setahun / Interest rate a year',
      `${displayRate(facts.annualRateBp)} (kadar rata / flat rate)`,
    ],
    ['6', 'Amaun setiap ansuran / Amount of each instalment', `${cell.ms}\n${cell.en}`],
    ['7', 'Jumlah bayaran balik / Total repayment', formatRinggit(facts.totalRepayableSen)],
  ];
  if (secured) {
    rows.push(
      ['8', 'Tempoh bayaran balik / Repayment period', `${facts.tenureMonths} bulan / months`],
      ['9', 'Bilangan ansuran / Number of instalments', String(facts.tenureMonths)],
      [
        '10',
        'Hari bayaran balik / Repayment day',
        `Hari ke-${facts.repaymentDay} setiap bulan, bermula ${displayDate(facts.firstRepaymentDate)} / Day ${facts.repaymentDay} of every month, from ${displayDate(facts.firstRepaymentDate)}`,
      ],
      [
        '11',
        'Butiran dan nilai cagaran / Particulars and value of the security',
        facts.security
          ? `${facts.security.particulars}${facts.security.valueSen !== null ? `\n${formatRinggit(facts.security.valueSen)}` : ''}`
          : '-',
      ],
    );
  }
  w.table(rows, [0.14, 0.36, 0.5], { header: true });

  w.heading('JADUAL ANSURAN', 'INSTALMENT TABLE');
  w.text(
    `Ansuran pertama / First instalment: ${displayDate(facts.firstRepaymentDate)} · Hari bayaran / Repayment day: ${facts.repaymentDay} · Tempoh / Term: ${facts.tenureMonths} bulan / months`,
    { size: 8.5 },
  );
  w.table(
    [
      ['No.', 'Tarikh kena bayar / Due date', 'Amaun / Amount'],
      ...facts.instalments.map((row) => [
        String(row.number),
        displayDate(row.dueDate),
        formatRinggit(row.amountSen),
      ]),
      ['', 'Jumlah / Total', formatRinggit(facts.totalRepayableSen)],
    ],
    [0.15, 0.45, 0.4],
    { header: true },
  );

  w.heading('PENANDATANGAN', 'SIGNATORIES');
  w.bilingual(
    `Ditandatangani secara digital oleh Peminjam${facts.signatory ? ` melalui ${facts.signatory.name}` : ''} dan oleh Pemberi Pinjam Wang, ${lender.legalName}. Tandatangan digital, waktu dan cincangan dokumen disahkan dalam sijil audit.`,
    `Signed digitally by the Borrower${facts.signatory ? ` through ${facts.signatory.name}` : ''} and by the Moneylender, ${lender.legalName}. The digital signatures, times and document hash are confirmed in the audit certificate.`,
  );

  drawFooters(doc, fonts, {
    agreementNo: facts.agreementNo,
    verificationUrl: facts.verificationUrl,
  });
  makePdfA(doc, {
    title: `${secured ? 'Jadual K' : 'Jadual J'} ${facts.agreementNo}`,
    subject: secured
      ? 'Moneylending agreement (secured loan)'
      : 'Moneylending agreement (unsecured loan)',
    author: lender.legalName,
    createdAt: options.createdAt,
    documentId: options.documentId,
    language: 'ms-MY',
  });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
