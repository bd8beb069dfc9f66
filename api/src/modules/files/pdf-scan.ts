import { constants, inflateSync } from 'node:zlib';

/** Why a PDF is refused: it can run script, start a program, or hides more than is checked. */
export type PdfActiveContent = 'javascript' | 'launch' | 'unchecked';

/** Decompressed object streams read per file at most; past it the file is refused unchecked
 *  rather than waved through (a real statement's object streams are a few hundred kilobytes). */
const INFLATE_BUDGET = 16 * 1024 * 1024;
/** Longer names are none of the ones looked for; collecting stops there. */
const NAME_MAX = 64;
const WORD_MAX = 16;

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const SLASH = 0x2f;
const HASH = 0x23;

const isRegular = (byte: number) => !WHITESPACE.has(byte) && !DELIMITERS.has(byte);

/** A name as the reader sees it: `#xx` stands for the byte xx (`/J#61vaScript` is JavaScript). */
function decodeName(bytes: number[]): string {
  let name = '';
  for (let i = 0; i < bytes.length; i += 1) {
    const hex = String.fromCharCode(bytes[i + 1] ?? 0, bytes[i + 2] ?? 0);
    if (bytes[i] === HASH && /^[0-9a-f]{2}$/i.test(hex)) {
      name += String.fromCharCode(parseInt(hex, 16));
      i += 2;
    } else {
      name += String.fromCharCode(bytes[i]!);
    }
  }
  return name;
}

/**
 * Reads a PDF's bytes as they arrive, in chunks cut anywhere, for what makes a reader run code:
 * a JavaScript action or name tree (`/JavaScript`, `/JS`: this is what an `/OpenAction` or `/AA`
 * reaches script through) and a `/Launch` action. Names are matched as the reader decodes them.
 * Object streams (`/Type /ObjStm`, `/FlateDecode`), where a file may tuck its dictionaries away,
 * are decompressed and read the same way. Inside other streams (page content, images, fonts)
 * only the long names count: `/JS` turns up by chance in a few megabytes of compressed data,
 * and a script action needs `/S /JavaScript` anyway.
 */
export function pdfActiveContentScanner() {
  let budget = INFLATE_BUDGET;
  let finding: PdfActiveContent | null = null;

  function lexer(inflateObjectStreams: boolean) {
    let name: number[] | null = null;
    let word = '';
    let inStream = false;
    let objectStream = false;
    let flate = false;
    let captured: Buffer[] | null = null;

    function endName(): void {
      if (!name) return;
      const decoded = decodeName(name);
      name = null;
      if (decoded === 'JavaScript' || (decoded === 'JS' && !inStream)) finding ??= 'javascript';
      else if (decoded === 'Launch') finding ??= 'launch';
      else if (decoded === 'ObjStm') objectStream = true;
      else if (decoded === 'FlateDecode' || decoded === 'Fl') flate = true;
    }

    function readObjectStream(compressed: Buffer): void {
      let inflated: Buffer;
      try {
        const lineEnd = compressed[0] === 0x0d && compressed[1] === 0x0a ? 2 : 1;
        inflated = inflateSync(compressed.subarray(lineEnd), {
          finishFlush: constants.Z_SYNC_FLUSH,
          maxOutputLength: Math.max(1, budget),
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
          finding ??= 'unchecked';
        // Otherwise not deflate data a reader could open either.
        return;
      }
      budget -= inflated.length;
      const inner = lexer(false);
      inner.feed(inflated);
      inner.end();
    }

    function endWord(): void {
      if (word === 'stream' && !inStream) {
        inStream = true;
        if (inflateObjectStreams && objectStream && flate) captured = [];
      } else if (word === 'endstream' && inStream) {
        inStream = false;
        if (captured) readObjectStream(Buffer.concat(captured));
        captured = null;
      }
      if (word === 'obj' || word === 'endobj' || word === 'endstream') {
        objectStream = false;
        flate = false;
      }
      word = '';
    }

    return {
      feed(chunk: Buffer): void {
        if (captured) captured.push(chunk);
        for (let at = 0; at < chunk.length; at += 1) {
          const byte = chunk[at]!;
          if (name) {
            if (isRegular(byte)) {
              if (name.length < NAME_MAX) name.push(byte);
              continue;
            }
            endName();
          } else if (isRegular(byte)) {
            if (word.length < WORD_MAX) word += String.fromCharCode(byte);
            continue;
          }
          if (word) {
            const capturing = captured !== null;
            endWord();
            // From the end of line after `stream`: the data begins in this very chunk.
            if (!capturing && captured) (captured as Buffer[]).push(chunk.subarray(at));
          }
          if (byte === SLASH) name = [];
        }
      },
      end(): void {
        endName();
        if (word) endWord();
      },
    };
  }

  const outer = lexer(true);
  return {
    feed(chunk: Buffer): void {
      if (!finding) outer.feed(chunk);
    },
    /** What was found, once the last chunk is in; null for a file with none of it. */
    finish(): PdfActiveContent | null {
      outer.end();
      return finding;
    },
  };
}
