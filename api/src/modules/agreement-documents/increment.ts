// Incremental updates (ISO 32000 7.5.6): a signed PDF is never rewritten, only appended to, so
// every earlier signature keeps covering exactly the bytes it signed. pdf-lib edits the
// document in memory; what changed or is new is appended after the original bytes with its own
// cross-reference section pointing back to the previous one.
import { type PDFDocument as Doc, PDFDocument, type PDFObject } from 'pdf-lib';

function serialized(object: PDFObject): Buffer {
  const bytes = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return Buffer.from(bytes);
}

function previousXref(bytes: Buffer): number {
  const at = bytes.lastIndexOf('startxref');
  const match = /^startxref\s+(\d+)/.exec(bytes.subarray(at, at + 40).toString('latin1'));
  if (at < 0 || !match) throw new Error('The document has no cross-reference section');
  return Number(match[1]);
}

export interface Increment {
  doc: Doc;
  /** The original bytes followed by one update with every object changed or added since load. */
  save(): Promise<Buffer>;
}

export async function openForIncrement(original: Buffer): Promise<Increment> {
  const doc = await PDFDocument.load(original, { updateMetadata: false });
  const before = new Map<string, Buffer>();
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    before.set(ref.tag, serialized(object));
  }
  return {
    doc,
    async save() {
      await doc.flush();
      const changed = doc.context
        .enumerateIndirectObjects()
        .map(([ref, object]) => ({ ref, bytes: serialized(object) }))
        .filter(({ ref, bytes }) => {
          const old = before.get(ref.tag);
          return !old || !old.equals(bytes);
        })
        .sort((a, b) => a.ref.objectNumber - b.ref.objectNumber);
      const base =
        original[original.length - 1] === 0x0a
          ? original
          : Buffer.concat([original, Buffer.from('\n')]);
      const parts: Buffer[] = [base];
      let position = base.length;
      const offsets = new Map<number, { offset: number; generation: number }>();
      for (const { ref, bytes } of changed) {
        const head = Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`, 'latin1');
        const tail = Buffer.from('\nendobj\n', 'latin1');
        offsets.set(ref.objectNumber, { offset: position, generation: ref.generationNumber });
        parts.push(head, bytes, tail);
        position += head.length + bytes.length + tail.length;
      }
      const xrefAt = position;
      let xref = 'xref\n';
      const numbers = [...offsets.keys()];
      for (let i = 0; i < numbers.length;) {
        let j = i;
        while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j += 1;
        xref += `${numbers[i]} ${j - i + 1}\n`;
        for (let k = i; k <= j; k += 1) {
          const entry = offsets.get(numbers[k]!)!;
          xref += `${String(entry.offset).padStart(10, '0')} ${String(entry.generation).padStart(5, '0')} n\r\n`;
        }
        i = j + 1;
      }
      const info = doc.context.trailerInfo;
      const trailer = [
        `/Size ${doc.context.largestObjectNumber + 1}`,
        `/Root ${String(info.Root)}`,
        ...(info.Info ? [`/Info ${String(info.Info)}`] : []),
        ...(info.ID ? [`/ID ${String(info.ID)}`] : []),
        `/Prev ${previousXref(original)}`,
      ].join(' ');
      parts.push(
        Buffer.from(`${xref}trailer\n<< ${trailer} >>\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1'),
      );
      return Buffer.concat(parts);
    },
  };
}
