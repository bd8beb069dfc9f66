// A small page writer on pdf-lib: flowing text that wraps and breaks pages, two-language
// paragraphs, tables, and the footer with the verification QR code drawn on every page.
import fs from 'node:fs';
import { createRequire } from 'node:module';

import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import QRCode from 'qrcode';

import type { LenderParticulars } from './lender';

const require = createRequire(import.meta.url);

/** DejaVu (free licence, shipped in an npm package): covers Malay and English, and is embedded,
 *  so the document reads the same on any machine (PDF/A). Read once per process. */
let fontBytes: { regular: Buffer; bold: Buffer; oblique: Buffer } | null = null;
function dejaVu() {
  fontBytes ??= {
    regular: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
    oblique: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf')),
  };
  return fontBytes;
}

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  oblique: PDFFont;
}

export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  doc.registerFontkit(fontkit);
  const bytes = dejaVu();
  return {
    regular: await doc.embedFont(bytes.regular, { subset: true }),
    bold: await doc.embedFont(bytes.bold, { subset: true }),
    oblique: await doc.embedFont(bytes.oblique, { subset: true }),
  };
}

const FONT_VARIANTS = ['regular', 'bold', 'oblique'] as const;

/** Widths at size 1000 of the words (and centred lines) drawn, per font, for the process: every
 *  document draws the same letterhead, headings and clauses, the fonts never change, and shaping
 *  through fontkit is the dearest part of drawing one. Measuring whole candidate lines made
 *  wrapping quadratic; words are measured instead. Bounded: names and figures vary without end. */
const MEASURED = new Map<keyof Fonts, Map<string, number>>();
const MEASURED_MAX = 20_000;

function measured(variant: keyof Fonts, word: string, font: PDFFont): number {
  let known = MEASURED.get(variant);
  if (!known || known.size >= MEASURED_MAX) {
    known = new Map();
    MEASURED.set(variant, known);
  }
  let width = known.get(word);
  if (width === undefined) {
    width = font.widthOfTextAtSize(word, 1000);
    known.set(word, width);
  }
  return width;
}

export const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
/** Room kept at the bottom of every page for the footer and its QR code. */
const FOOTER = 80;
const INK = rgb(0.1, 0.1, 0.12);
const GREY = rgb(0.35, 0.35, 0.4);

export interface TextStyle {
  font?: keyof Fonts;
  size?: number;
  color?: ReturnType<typeof rgb>;
  indent?: number;
  gapAfter?: number;
}

export class PageWriter {
  private page: PDFPage;
  private y: number;

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  get width(): number {
    return A4[0] - 2 * MARGIN;
  }

  newPage(): void {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  private ensure(height: number): void {
    if (this.y - height < MARGIN + FOOTER) this.newPage();
  }

  private widthOf(word: string, font: PDFFont, size: number): number {
    const variant = FONT_VARIANTS.find((name) => this.fonts[name] === font);
    return variant
      ? (measured(variant, word, font) * size) / 1000
      : font.widthOfTextAtSize(word, size);
  }

  lines(text: string, font: PDFFont, size: number, width: number): string[] {
    const out: string[] = [];
    const space = this.widthOf(' ', font, size);
    for (const paragraph of text.split('\n')) {
      let line = '';
      let lineWidth = 0;
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const wordWidth = this.widthOf(word, font, size);
        if (!line) {
          line = word;
          lineWidth = wordWidth;
        } else if (lineWidth + space + wordWidth <= width) {
          line = `${line} ${word}`;
          lineWidth += space + wordWidth;
        } else {
          out.push(line);
          line = word;
          lineWidth = wordWidth;
        }
      }
      out.push(line);
    }
    return out;
  }

  text(text: string, style: TextStyle = {}): void {
    const font = this.fonts[style.font ?? 'regular'];
    const size = style.size ?? 9.5;
    const indent = style.indent ?? 0;
    const leading = size * 1.35;
    for (const line of this.lines(text, font, size, this.width - indent)) {
      this.ensure(leading);
      this.y -= leading;
      this.page.drawText(line, {
        x: MARGIN + indent,
        y: this.y,
        size,
        font,
        color: style.color ?? INK,
      });
    }
    this.y -= style.gapAfter ?? 4;
  }

  /** The Malay text, binding, then its English rendering in oblique grey. */
  bilingual(ms: string, en: string, style: TextStyle = {}): void {
    this.text(ms, { ...style, gapAfter: 1 });
    this.text(en, { ...style, font: 'oblique', color: GREY, gapAfter: style.gapAfter ?? 7 });
  }

  heading(ms: string, en: string): void {
    this.ensure(40);
    this.y -= 4;
    this.text(ms, { font: 'bold', size: 11, gapAfter: 0 });
    this.text(en, { font: 'oblique', size: 10, color: GREY, gapAfter: 6 });
  }

  centred(text: string, font: keyof Fonts, size: number, color = INK): void {
    const f = this.fonts[font];
    for (const line of this.lines(text, f, size, this.width)) {
      this.ensure(size * 1.4);
      this.y -= size * 1.4;
      const w = this.widthOf(line, f, size);
      this.page.drawText(line, {
        x: MARGIN + (this.width - w) / 2,
        y: this.y,
        size,
        font: f,
        color,
      });
    }
    this.y -= 3;
  }

  /** A table; `widths` are fractions of the text width. Rows break across pages whole. */
  table(rows: string[][], widths: number[], options: { header?: boolean } = {}): void {
    const size = 8.5;
    const leading = size * 1.35;
    rows.forEach((row, index) => {
      const bold = options.header === true && index === 0;
      const font = bold ? this.fonts.bold : this.fonts.regular;
      const cells = row.map((cell, i) => this.lines(cell, font, size, widths[i]! * this.width - 8));
      const height = Math.max(...cells.map((c) => c.length)) * leading + 6;
      this.ensure(height);
      let x = MARGIN;
      cells.forEach((cellLines, i) => {
        const w = widths[i]! * this.width;
        this.page.drawRectangle({
          x,
          y: this.y - height,
          width: w,
          height,
          borderColor: GREY,
          borderWidth: 0.5,
          ...(bold ? { color: rgb(0.93, 0.94, 0.97) } : {}),
        });
        cellLines.forEach((line, n) => {
          this.page.drawText(line, {
            x: x + 4,
            y: this.y - 3 - (n + 1) * leading + 2,
            size,
            font,
            color: INK,
          });
        });
        x += w;
      });
      this.y -= height;
    });
    this.y -= 8;
  }

  space(points: number): void {
    this.y -= points;
  }
}

/** The QR code as one vector path (no image: sharp at any zoom, a few hundred bytes). */
function qrPath(text: string): { path: string; size: number } {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  let path = '';
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (qr.modules.get(row, col)) path += `M${col} ${row}h1v1h-1z`;
    }
  }
  return { path, size };
}

/** Page numbers, the agreement number and the QR code to the public verification page. */
export function drawFooters(
  doc: PDFDocument,
  fonts: Fonts,
  footer: { agreementNo: string; verificationUrl: string; pagesFrom?: number },
): void {
  const { path, size } = qrPath(footer.verificationUrl);
  const qrPoints = 56;
  const pages = doc.getPages();
  pages.slice(footer.pagesFrom ?? 0).forEach((page) => {
    const number = pages.indexOf(page) + 1;
    page.drawSvgPath(path, {
      x: A4[0] - MARGIN - qrPoints,
      y: MARGIN - 18 + qrPoints,
      scale: qrPoints / size,
      color: rgb(0, 0, 0),
    });
    const lines = [
      `${footer.agreementNo} · Muka surat / Page ${number}`,
      'Imbas untuk mengesahkan dokumen ini / Scan to verify this document:',
      footer.verificationUrl,
    ];
    lines.forEach((line, i) => {
      page.drawText(line, {
        x: MARGIN,
        y: MARGIN + 26 - i * 11,
        size: 7.5,
        font: i === 0 ? fonts.bold : fonts.regular,
        color: GREY,
      });
    });
  });
}

/**
 * A new document on the lender's letterhead (name, registration and licence numbers, address)
 * with its title: the receipts, statements, letters and ledgers the lender issues all open so.
 */
export async function onLetterhead(
  lender: LenderParticulars,
  title: string,
): Promise<{ doc: PDFDocument; fonts: Fonts; w: PageWriter }> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(doc);
  const w = new PageWriter(doc, fonts);
  w.centred(lender.legalName, 'bold', 13);
  w.centred(`${lender.registrationNo} · ${lender.licenceNo}`, 'regular', 8.5);
  w.centred(lender.addressLines.join(', '), 'regular', 8.5);
  w.space(10);
  w.centred(title, 'bold', 14);
  return { doc, fonts, w };
}
