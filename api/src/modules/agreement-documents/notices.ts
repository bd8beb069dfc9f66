// The personal data protection notice (PDPA 2010, as amended) and the loan's general terms, shown
// before signing. Their wording is the lender's own, a master setup template (the version the
// agreement froze when it was made); bilingual like the agreement, with the lender's particulars.
// A version never changes, so each is built once per brand and process.
import { PDFDocument } from 'pdf-lib';

import { type DocumentTemplate, fillPlaceholders } from '../master-setup/template';
import { embedFonts, PageWriter } from './layout';
import type { LenderParticulars } from './lender';
import { makePdfA } from './pdfa';

export type NoticeKind = 'pdpNotice' | 'loanTnc';

/** Which template a notice was made from: a master setup version, or the shipped text for
 *  agreements made before templates were versioned. */
export interface NoticeSource {
  id: string;
  template: DocumentTemplate;
}

async function build(
  kind: NoticeKind,
  source: NoticeSource,
  lender: LenderParticulars,
): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(doc);
  const w = new PageWriter(doc, fonts);
  const values = {
    lenderName: lender.legalName,
    registrationNo: lender.registrationNo,
    licenceNo: lender.licenceNo,
    address: lender.addressLines.join(', '),
  };
  const fill = (text: string) => fillPlaceholders(text, values);
  const titleMs = fill(source.template.titleMs);
  const titleEn = fill(source.template.titleEn);
  w.centred(titleMs, 'bold', 13);
  w.centred(titleEn, 'oblique', 10.5);
  w.centred(`${lender.legalName} · ${lender.registrationNo} · ${lender.licenceNo}`, 'regular', 8.5);
  w.space(6);
  for (const section of source.template.sections) {
    w.heading(fill(section.headingMs), fill(section.headingEn));
    w.bilingual(fill(section.bodyMs), fill(section.bodyEn));
  }
  w.text(lender.addressLines.join(', '), { size: 8 });
  makePdfA(doc, {
    title: `${titleMs} / ${titleEn}`,
    subject: titleEn,
    author: lender.legalName,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    documentId: `${kind}:${source.id}:${lender.legalName}`,
    language: 'ms-MY',
  });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

const built = new Map<string, Promise<Buffer>>();
/** Versions in use are few; past this the oldest built is dropped and rebuilt when asked. */
const MAX_BUILT = 32;

export function noticePdf(
  kind: NoticeKind,
  source: NoticeSource,
  lender: LenderParticulars,
): Promise<Buffer> {
  const key = `${kind}:${source.id}:${lender.legalName}`;
  let pdf = built.get(key);
  if (!pdf) {
    pdf = build(kind, source, lender);
    pdf.catch(() => built.delete(key));
    built.set(key, pdf);
    if (built.size > MAX_BUILT) built.delete(built.keys().next().value!);
  }
  return pdf;
}
