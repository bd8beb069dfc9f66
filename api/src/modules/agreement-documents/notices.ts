// The personal data protection notice (PDPA 2010, as amended) and the loan's general terms, shown
// before signing. Bilingual like the agreement, with the lender's particulars; built once per
// brand and process (they change only with a deploy).
import { PDFDocument } from 'pdf-lib';

import { embedFonts, PageWriter } from './layout';
import type { LenderParticulars } from './lender';
import { makePdfA } from './pdfa';

type Section = [ms: string, en: string, bodyMs: string, bodyEn: string];

const PDP: Section[] = [
  [
    '1. Data yang dikumpul',
    '1. Data we collect',
    'Nama, nombor kad pengenalan, alamat, nombor telefon, e-mel, butiran perniagaan, penyata bank, imej kad pengenalan dan swafoto (data biometrik, data sensitif) yang anda berikan semasa permohonan, pengesahan identiti dan penandatanganan.',
    'Your name, identity card number, addresses, phone, email, business particulars, bank statements, identity card images and selfie (biometric, sensitive data) given during the application, identity verification and signing.',
  ],
  [
    '2. Tujuan',
    '2. Purposes',
    'Menilai permohonan pinjaman, mengesahkan identiti, menyediakan dan menandatangani perjanjian, mengutip bayaran balik, mematuhi Akta Pemberi Pinjam Wang 1951 dan laporan kepada Kementerian, serta mencegah penipuan.',
    'Assessing the loan application, verifying identity, preparing and signing the agreement, collecting repayments, complying with the Moneylenders Act 1951 and reporting to the Ministry, and preventing fraud.',
  ],
  [
    '3. Pendedahan',
    '3. Disclosure',
    'Kepada pembekal perkhidmatan yang bertindak bagi pihak kami (pengesahan identiti, pihak berkuasa pensijilan, debit terus, setem elektronik), pihak berkuasa yang dikehendaki oleh undang-undang dan juruaudit kami. Data tidak dijual.',
    'To service providers acting for us (identity verification, certificate authority, direct debit, e-stamping), authorities where the law requires, and our auditors. Data is never sold.',
  ],
  [
    '4. Keselamatan dan penyimpanan',
    '4. Security and retention',
    'Nombor kad pengenalan dan dokumen identiti disulitkan semasa disimpan. Data disimpan selagi pinjaman berjalan dan tempoh yang dikehendaki undang-undang selepas itu, kemudian dipadamkan.',
    'Identity card numbers and identity documents are encrypted at rest. Data is kept while the loan runs and for the period the law requires afterwards, then deleted.',
  ],
  [
    '5. Hak anda',
    '5. Your rights',
    'Anda boleh meminta akses kepada dan pembetulan data anda, menarik balik persetujuan pemasaran pada bila-bila masa, dan menghubungi pegawai perlindungan data kami. Pelanggaran data dilaporkan kepada Pesuruhjaya dalam masa 72 jam.',
    'You may ask to access and correct your data, withdraw marketing consent at any time, and contact our data protection officer. Data breaches are reported to the Commissioner within 72 hours.',
  ],
];

const TERMS: Section[] = [
  [
    '1. Pinjaman',
    '1. The loan',
    'Jumlah, kadar faedah, tempoh dan ansuran adalah seperti dalam perjanjian (Jadual J atau K) dan ringkasan pinjaman yang diluluskan; semua angka dikira dengan kaedah kadar rata.',
    'The amount, interest rate, term and instalments are those of the agreement (Schedule J or K) and the approved loan summary; every figure is computed on the flat-rate method.',
  ],
  [
    '2. Fi dan potongan',
    '2. Fees and deductions',
    'Duti setem dan fi pengakuan (termasuk SST) ditolak semasa pengeluaran. Premium perlindungan pinjaman, jika dipilih, ditolak atau dibayar berasingan seperti pilihan anda.',
    'Stamp duty and the attestation fee (SST included) are deducted at disbursement. The loan protection premium, when chosen, is deducted or paid separately as you chose.',
  ],
  [
    '3. Debit terus',
    '3. Direct debit',
    'Ansuran dikutip melalui mandat debit terus yang anda benarkan sebelum menandatangani perjanjian.',
    'Instalments are collected through the direct debit mandate you authorise before signing the agreement.',
  ],
  [
    '4. Lewat bayar dan keingkaran',
    '4. Late payment and default',
    'Faedah lewat bayar 8% setahun, mudah, ke atas ansuran tertunggak sahaja. Perjanjian boleh ditamatkan selepas lebih 28 hari ingkar dengan notis bertulis 14 hari. Kutipan dibuat dari jauh dan secara bertulis sahaja.',
    'Late interest is 8% a year, simple, on the overdue instalment only. The agreement may be terminated after more than 28 days in default with 14 days’ written notice. Collection is remote and in writing only.',
  ],
  [
    '5. Penyelesaian awal',
    '5. Early settlement',
    'Anda boleh menyelesaikan pinjaman pada bila-bila masa: baki wang pokok, faedah terakru hingga tarikh penyelesaian dan caj lewat bayar, jika ada.',
    'You may settle the loan at any time: the unpaid principal, interest accrued to the settlement date and any late charges.',
  ],
  [
    '6. Tandatangan elektronik',
    '6. Electronic signature',
    'Anda menandatangani secara digital dengan kod sekali guna yang dihantar melalui SMS; dokumen yang ditandatangani ialah dokumen yang sama yang anda baca.',
    'You sign digitally with a one-time code sent by SMS; the document signed is the very document you read.',
  ],
];

export type NoticeKind = 'pdpNotice' | 'loanTnc';

async function build(kind: NoticeKind, lender: LenderParticulars): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(doc);
  const w = new PageWriter(doc, fonts);
  const [titleMs, titleEn, sections] =
    kind === 'pdpNotice'
      ? ['NOTIS PERLINDUNGAN DATA PERIBADI', 'Personal data protection notice', PDP]
      : ['TERMA DAN SYARAT PINJAMAN', 'Loan terms and conditions', TERMS];
  w.centred(titleMs, 'bold', 13);
  w.centred(titleEn, 'oblique', 10.5);
  w.centred(`${lender.legalName} · ${lender.registrationNo} · ${lender.licenceNo}`, 'regular', 8.5);
  w.space(6);
  for (const [headMs, headEn, bodyMs, bodyEn] of sections) {
    w.heading(headMs, headEn);
    w.bilingual(bodyMs, bodyEn);
  }
  w.text(lender.addressLines.join(', '), { size: 8 });
  makePdfA(doc, {
    title: `${titleMs} / ${titleEn}`,
    subject: titleEn,
    author: lender.legalName,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    documentId: `${kind}:${lender.legalName}`,
    language: 'ms-MY',
  });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

const built = new Map<string, Promise<Buffer>>();

export function noticePdf(kind: NoticeKind, lender: LenderParticulars): Promise<Buffer> {
  const key = `${kind}:${lender.legalName}`;
  let pdf = built.get(key);
  if (!pdf) {
    pdf = build(kind, lender);
    pdf.catch(() => built.delete(key));
    built.set(key, pdf);
  }
  return pdf;
}
