// The PDF drawn in the page by pdf.js: each page onto a canvas sized to the screen, and its words
// read out for screen readers. An <iframe> or <object> shows nothing in most phone browsers (and
// the pages' policy allows no frames); drawing the very bytes that are signed keeps what is read
// and what is signed the same file. Loaded only when a signer opens a document.
import type * as PdfJs from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';

export interface PdfView {
  pageCount: number;
  /** Draws page `number` (from 1) across `cssWidth` CSS pixels, sharp at the screen's density. */
  drawPage(number: number, canvas: HTMLCanvasElement, cssWidth: number): Promise<void>;
  /** The page's words in reading order, one line per line of the page. */
  pageText(number: number): Promise<string>;
  close(): void;
}

let engine: Promise<typeof PdfJs> | null = null;

function pdfjs() {
  engine ??= import('pdfjs-dist').then((module) => {
    // The worker parses the file off the main thread; served beside this code, from this origin.
    module.GlobalWorkerOptions.workerSrc = new URL(
      'pdfjs-dist/build/pdf.worker.min.mjs',
      import.meta.url,
    ).toString();
    return module;
  });
  return engine;
}

function viewOf(document: PDFDocumentProxy): PdfView {
  return {
    pageCount: document.numPages,
    async drawPage(number, canvas, cssWidth) {
      const page = await document.getPage(number);
      const unscaled = page.getViewport({ scale: 1 });
      const density = Math.min(window.devicePixelRatio || 1, 3);
      const viewport = page.getViewport({ scale: (cssWidth / unscaled.width) * density });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.floor(viewport.width / density)}px`;
      canvas.style.height = `${Math.floor(viewport.height / density)}px`;
      await page.render({ canvas, viewport }).promise;
    },
    async pageText(number) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
      }
      return text.replace(/[ \t]+\n/g, '\n').trim();
    },
    close: () => void document.destroy(),
  };
}

/** Opens the PDF's bytes for drawing: nothing is fetched, evaluated or run from the file. */
export async function openPdf(bytes: ArrayBuffer): Promise<PdfView> {
  const { getDocument } = await pdfjs();
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    enableXfa: false,
    stopAtErrors: false,
  });
  return viewOf(await task.promise);
}
