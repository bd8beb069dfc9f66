// The frame of a letter about a loan account (discharge, refund): on the letterhead, its
// reference, date and addressee, a subject and a paragraph, the facts it confirms, and the note
// that a computer issued it, as PDF/A.
import type { Language } from '@lending/contracts';

import { onLetterhead } from './layout';
import type { LenderParticulars } from './lender';
import { makePdfA } from './pdfa';

const COMPUTER_ISSUED: Record<Language, string> = {
  EN: 'This letter is issued by computer and needs no signature. Please keep it for your records.',
  MS: 'Surat ini dikeluarkan oleh komputer dan tidak memerlukan tandatangan. Sila simpan untuk rekod anda.',
};

export interface AccountLetter {
  lender: LenderParticulars;
  language: Language;
  title: string;
  /** Reference, date and addressee, labelled. */
  heading: [string, string][];
  subject: string;
  body: string;
  /** What the letter confirms, labelled. */
  facts: [string, string][];
  /** The PDF's own subject, identifier and creation time. */
  document: { subject: string; id: string; createdAt: Date; agreementNo: string };
}

export async function accountLetterPdf(letter: AccountLetter): Promise<Buffer> {
  const { doc, w } = await onLetterhead(letter.lender, letter.title);
  w.space(6);
  w.table(letter.heading, [0.4, 0.6]);
  w.text(letter.subject, { font: 'bold', size: 10.5 });
  w.text(letter.body, { size: 10 });
  w.table(letter.facts, [0.45, 0.55]);
  w.text(COMPUTER_ISSUED[letter.language], { font: 'oblique', size: 8 });
  makePdfA(doc, {
    title: `${letter.title} ${letter.document.agreementNo}`,
    subject: letter.document.subject,
    author: letter.lender.legalName,
    createdAt: letter.document.createdAt,
    documentId: letter.document.id,
    language: letter.language === 'MS' ? 'ms-MY' : 'en-MY',
  });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
