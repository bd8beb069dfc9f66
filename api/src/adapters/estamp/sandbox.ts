// The sandbox stamp office: checks the submission as the e-stamping system would and issues a
// stamp certificate PDF naming the instrument, the parties, the duty paid and the document's hash.
// It keeps no records of its own (it is called inside the transaction that closes the agreement):
// the certificate number is derived from the agreement and the document, so stamping the same
// document twice yields the same number, as the real system refuses to stamp an instrument twice.
import { createHash } from 'node:crypto';

import { formatRinggit } from '@lending/domain';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

import type { Clock } from '../../kernel/clock';
import type { EstampProvider, StampInput } from './port';

export class StampRefused extends Error {}

function check(input: StampInput): void {
  if (!/^[A-Z0-9-]{6,40}$/.test(input.agreementNo)) throw new StampRefused('agreement number');
  if (!/^[0-9a-f]{64}$/.test(input.documentSha256)) throw new StampRefused('document hash');
  if (!Number.isSafeInteger(input.stampDutySen) || input.stampDutySen < 0) {
    throw new StampRefused('stamp duty');
  }
  if (!input.parties.some((party) => party.role === 'BORROWER')) {
    throw new StampRefused('a borrower is required');
  }
  if (!input.parties.some((party) => party.role === 'LENDER')) {
    throw new StampRefused('the lender is required');
  }
  for (const party of input.parties) {
    if (!party.name.trim() || !party.idNo.trim()) throw new StampRefused('party name and id');
  }
}

/** Only what the standard PDF font can draw: the certificate prints names as given otherwise. */
const printable = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');

export function sandboxEstamp(deps: { clock: Clock }): EstampProvider {
  return {
    name: 'sandbox',

    async stamp(input) {
      check(input);
      const issuedAt = deps.clock.now();
      const digest = createHash('sha256')
        .update(`${input.agreementNo}\n${input.documentSha256}`)
        .digest('hex')
        .slice(0, 12)
        .toUpperCase();
      const certificateNo = `SB-STM-${digest}`;

      const pdf = await PDFDocument.create();
      pdf.setTitle(`Stamp certificate ${certificateNo}`);
      pdf.setSubject(`Agreement ${input.agreementNo}`);
      pdf.setProducer('Sandbox e-stamping');
      pdf.setCreationDate(issuedAt);
      pdf.setModificationDate(issuedAt);
      const page = pdf.addPage([595.28, 841.89]);
      const regular = await pdf.embedFont(StandardFonts.Helvetica);
      const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
      let y = 780;
      const line = (text: string, options: { size?: number; font?: typeof regular } = {}) => {
        page.drawText(printable(text), {
          x: 56,
          y,
          size: options.size ?? 11,
          font: options.font ?? regular,
          color: rgb(0.1, 0.1, 0.15),
        });
        y -= (options.size ?? 11) + 9;
      };
      line('SIJIL SETEM / STAMP CERTIFICATE', { size: 16, font: bold });
      line('Sandbox e-stamping: not issued by the tax authority', { size: 9 });
      y -= 10;
      line(`No. Sijil / Certificate no.: ${certificateNo}`, { font: bold });
      line(`Tarikh / Issued at: ${issuedAt.toISOString()}`);
      line('Surat cara / Instrument: Perjanjian pinjaman wang / Moneylending agreement');
      line(`No. perjanjian / Agreement no.: ${input.agreementNo}`);
      line(`Duti setem dibayar / Stamp duty paid: ${formatRinggit(input.stampDutySen)}`);
      y -= 6;
      line('Pihak-pihak / Parties', { font: bold });
      for (const party of input.parties) {
        line(`${party.role}: ${party.name} (${party.shownIdNo})`);
      }
      y -= 6;
      line('Cincangan dokumen (SHA-256) / Document hash (SHA-256):', { font: bold });
      line(input.documentSha256.slice(0, 32), { size: 10 });
      line(input.documentSha256.slice(32), { size: 10 });
      const bytes = await pdf.save({ useObjectStreams: false });
      return { certificateNo, pdf: Buffer.from(bytes), issuedAt };
    },
  };
}
