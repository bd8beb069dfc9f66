// PDF/A-2b: what pdf-lib does not add by itself. XMP metadata naming the conformance, an output
// intent with an RGB colour profile, the document identifier in the trailer, and the info
// dictionary agreeing with the XMP. Fonts are embedded by the writer; nothing is transparent.
import { createHash } from 'node:crypto';

import { PDFArray, type PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';

/**
 * A minimal ICC v2 display profile with the sRGB primaries (D50-adapted) and a 2.2 gamma curve,
 * made here rather than shipping a profile file under someone else's licence.
 */
export function srgbIccProfile(): Buffer {
  const s15 = (value: number) => {
    const b = Buffer.alloc(4);
    b.writeInt32BE(Math.round(value * 65536));
    return b;
  };
  const xyz = (x: number, y: number, z: number) =>
    Buffer.concat([Buffer.from('XYZ \0\0\0\0', 'latin1'), s15(x), s15(y), s15(z)]);
  const description = 'sRGB (2.2 gamma)';
  const descAscii = Buffer.from(`${description}\0`, 'latin1');
  const desc = Buffer.concat([
    Buffer.from('desc\0\0\0\0', 'latin1'),
    Buffer.from([0, 0, 0, descAscii.length]),
    descAscii,
    Buffer.alloc(4 + 4 + 2 + 1 + 67),
  ]);
  const cprt = Buffer.from('text\0\0\0\0No copyright, use freely\0', 'latin1');
  const curve = Buffer.concat([
    Buffer.from('curv\0\0\0\0', 'latin1'),
    Buffer.from([0, 0, 0, 1, 2, 0x33]),
  ]);
  const tags: [string, Buffer][] = [
    ['desc', desc],
    ['cprt', cprt],
    ['wtpt', xyz(0.9642, 1, 0.8249)],
    ['rXYZ', xyz(0.4361, 0.2225, 0.0139)],
    ['gXYZ', xyz(0.3851, 0.7169, 0.0971)],
    ['bXYZ', xyz(0.1431, 0.0606, 0.7141)],
    ['rTRC', curve],
    ['gTRC', curve],
    ['bTRC', curve],
  ];
  const pad = (b: Buffer) => Buffer.concat([b, Buffer.alloc((4 - (b.length % 4)) % 4)]);
  const tableSize = 4 + tags.length * 12;
  let offset = 128 + tableSize;
  const table = Buffer.alloc(tableSize);
  table.writeUInt32BE(tags.length, 0);
  const bodies: Buffer[] = [];
  tags.forEach(([signature, data], i) => {
    table.write(signature, 4 + i * 12, 'latin1');
    table.writeUInt32BE(offset, 8 + i * 12);
    table.writeUInt32BE(data.length, 12 + i * 12);
    const padded = pad(data);
    bodies.push(padded);
    offset += padded.length;
  });
  const header = Buffer.alloc(128);
  header.writeUInt32BE(offset, 0);
  header.writeUInt32BE(0x02100000, 8);
  header.write('mntrRGB XYZ ', 12, 'latin1');
  [2026, 1, 1, 0, 0, 0].forEach((part, i) => header.writeUInt16BE(part, 24 + i * 2));
  header.write('acsp', 36, 'latin1');
  s15(0.9642).copy(header, 68);
  s15(1).copy(header, 72);
  s15(0.8249).copy(header, 76);
  return Buffer.concat([header, table, ...bodies]);
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface PdfAInfo {
  title: string;
  subject: string;
  author: string;
  createdAt: Date;
  /** Stable per document: the first half of the trailer's /ID. */
  documentId: string;
  language: string;
}

export const PRODUCER = 'Lending platform agreement documents';

export function makePdfA(doc: PDFDocument, info: PdfAInfo): void {
  const date = info.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
  doc.setTitle(info.title);
  doc.setSubject(info.subject);
  doc.setAuthor(info.author);
  doc.setCreator(PRODUCER);
  doc.setProducer(PRODUCER);
  doc.setCreationDate(info.createdAt);
  doc.setModificationDate(info.createdAt);
  doc.setLanguage(info.language);

  const xmp = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(info.title)}</rdf:li></rdf:Alt></dc:title>
   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(info.subject)}</rdf:li></rdf:Alt></dc:description>
   <dc:creator><rdf:Seq><rdf:li>${escapeXml(info.author)}</rdf:li></rdf:Seq></dc:creator>
   <xmp:CreateDate>${date}</xmp:CreateDate>
   <xmp:ModifyDate>${date}</xmp:ModifyDate>
   <xmp:MetadataDate>${date}</xmp:MetadataDate>
   <xmp:CreatorTool>${PRODUCER}</xmp:CreatorTool>
   <pdf:Producer>${PRODUCER}</pdf:Producer>
   <pdfaid:part>2</pdfaid:part>
   <pdfaid:conformance>B</pdfaid:conformance>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
  const metadata = doc.context.stream(Buffer.from(xmp, 'utf8'), {
    Type: 'Metadata',
    Subtype: 'XML',
  });
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(metadata));

  const profile = doc.context.stream(srgbIccProfile(), { N: 3 });
  const intent = doc.context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of('sRGB'),
    Info: PDFString.of('sRGB (2.2 gamma)'),
    DestOutputProfile: doc.context.register(profile),
  });
  doc.catalog.set(PDFName.of('OutputIntents'), doc.context.obj([doc.context.register(intent)]));

  const id = createHash('md5').update(info.documentId).digest('hex');
  const ids = PDFArray.withContext(doc.context);
  ids.push(PDFHexString.of(id));
  ids.push(PDFHexString.of(id));
  doc.context.trailerInfo.ID = ids;
}
