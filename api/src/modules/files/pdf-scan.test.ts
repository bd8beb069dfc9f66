import { deflateSync } from 'node:zlib';

import { pdfActiveContentScanner } from './pdf-scan';

/** Fed in pieces of `size` bytes, as a multipart stream may cut it. */
function scan(bytes: Buffer, size = bytes.length) {
  const scanner = pdfActiveContentScanner();
  for (let at = 0; at < bytes.length; at += size) scanner.feed(bytes.subarray(at, at + size));
  return scanner.finish();
}

function objectStream(content: string | Buffer, lineEnd = '\n') {
  const compressed = deflateSync(content);
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.5\n4 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode >>\nstream${lineEnd}`,
    ),
    compressed,
    Buffer.from(`${lineEnd}endstream\nendobj\n%%EOF\n`),
  ]);
}

describe('the PDF active content scan', () => {
  const openAction = Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>' +
      ' endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );

  it('finds a JavaScript action wherever the chunks are cut', () => {
    for (let size = 1; size <= 40; size += 1) expect(scan(openAction, size)).toBe('javascript');
  });

  it('finds names written with #xx escapes, a bare /JS and a launch action', () => {
    expect(scan(Buffer.from('%PDF-1.4\n<< /S /J#61va#53cript >>'))).toBe('javascript');
    expect(scan(Buffer.from('%PDF-1.4\n<< /AA << /O 5 0 R >> /JS 6 0 R >>'))).toBe('javascript');
    expect(scan(Buffer.from('%PDF-1.4\n<</S/Launch/F(calc.exe)>>'))).toBe('launch');
  });

  it('passes a clean file and similar names that are not actions', () => {
    expect(
      scan(Buffer.from('%PDF-1.4\n1 0 obj << /JSON 1 /JavaScripts 2 /Launched 3 >> endobj')),
    ).toBeNull();
    expect(scan(objectStream('1 0 << /Type /Page /Contents 2 0 R >>'), 3)).toBeNull();
  });

  it('reads compressed object streams, cut anywhere', () => {
    const hidden = objectStream('3 0 << /S /JavaScript /JS (this.exportDataObject()) >>', '\r\n');
    for (const size of [1, 2, 7, 64, 4096]) expect(scan(hidden, size)).toBe('javascript');
    expect(scan(objectStream('3 0 << /S /Launch >>'), 5)).toBe('launch');
  });

  it('counts /JS inside other streams only with /JavaScript, which compressed bytes do not mimic', () => {
    const content = (data: string) =>
      Buffer.from(
        `%PDF-1.4\n5 0 obj << /Length ${data.length} >>\nstream\n${data}\nendstream\nendobj\n`,
      );
    expect(scan(content('q /JS 12 Tf Q'))).toBeNull();
    expect(scan(content('<< /S /JavaScript >>'))).toBe('javascript');
  });

  it('refuses an object stream that decompresses beyond what is checked', () => {
    expect(scan(objectStream(Buffer.alloc(20 * 1024 * 1024)), 65536)).toBe('unchecked');
  });
});
