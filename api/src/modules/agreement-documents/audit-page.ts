// The audit certificate: one page appended before the lender's seal, naming every signer, when,
// from which address, the one-time code they verified, and the hashes of the document they read
// and of the one the seal closes.
import { malaysiaWallTime } from '@lending/domain';
import type { PDFDocument } from 'pdf-lib';

import { drawFooters, embedFonts, PageWriter } from './layout';

export interface AuditSigner {
  role: string;
  name: string;
  /** Masked. */
  idNo: string;
  signedAt: Date;
  ip: string;
  otpVerifiedAt: Date;
  otpSentTo: string;
  signedSha256: string;
}

export interface AuditPageInfo {
  agreementNo: string;
  /** The bytes first frozen for these terms (what the borrower read). */
  originalSha256: string;
  /** The bytes the lender's seal closes (every signer's update included). */
  signedSha256: string;
  signers: AuditSigner[];
  lenderName: string;
  sealedAt: Date;
  verificationUrl: string;
}

const ROLE: Record<string, string> = {
  BORROWER: 'Peminjam / Borrower',
  GUARANTOR: 'Penjamin / Guarantor',
  LENDER: 'Pemberi Pinjam Wang / Lender',
};

/** Malaysia time, to the second: what a reader of the certificate compares with their records. */
export function malaysiaTime(instant: Date): string {
  const local = malaysiaWallTime(instant);
  return `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11, 19)} MYT`;
}

export async function appendAuditPage(doc: PDFDocument, info: AuditPageInfo): Promise<void> {
  const fonts = await embedFonts(doc);
  const first = doc.getPageCount();
  const w = new PageWriter(doc, fonts);
  w.centred('SIJIL AUDIT / AUDIT CERTIFICATE', 'bold', 13);
  w.centred(`No. Perjanjian / Agreement No.: ${info.agreementNo}`, 'bold', 9.5);
  w.space(6);
  w.bilingual(
    'Sijil ini merekodkan setiap tandatangan digital pada perjanjian ini. Setiap tandatangan ialah tandatangan PAdES yang meliputi dokumen seperti yang dibaca oleh penandatangan; sebarang perubahan selepas itu membatalkannya.',
    'This certificate records every digital signature on this agreement. Each is a PAdES signature covering the document as its signer read it; any later change breaks it.',
  );
  w.table(
    [
      ['Perkara / Item', 'Nilai / Value'],
      ['SHA-256 dokumen asal / of the original document', info.originalSha256],
      ['SHA-256 dokumen ditandatangani / of the signed document', info.signedSha256],
    ],
    [0.4, 0.6],
    { header: true },
  );
  w.table(
    [
      [
        'Penandatangan / Signer',
        'Masa / Time',
        'Alamat IP / IP address',
        'OTP disahkan / OTP verified',
        'SHA-256 dibaca / read',
      ],
      ...info.signers.map((signer) => [
        `${ROLE[signer.role] ?? signer.role}\n${signer.name}\n${signer.idNo}`,
        malaysiaTime(signer.signedAt),
        signer.ip,
        `${malaysiaTime(signer.otpVerifiedAt)}\n${signer.otpSentTo}`,
        signer.signedSha256,
      ]),
      [
        `${ROLE.LENDER}\n${info.lenderName}`,
        malaysiaTime(info.sealedAt),
        '-',
        '-',
        info.signedSha256,
      ],
    ],
    [0.24, 0.16, 0.14, 0.18, 0.28],
    { header: true },
  );
  w.bilingual(
    'Meterai digital Pemberi Pinjam Wang menutup dokumen ini, termasuk sijil audit ini.',
    'The Moneylender’s digital seal closes this document, this audit certificate included.',
  );
  drawFooters(doc, fonts, {
    agreementNo: info.agreementNo,
    verificationUrl: info.verificationUrl,
    pagesFrom: first,
  });
}
