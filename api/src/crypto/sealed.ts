// Personal data at rest (PDPA; DOMAIN.md "Encrypt NRIC and identity documents at rest"): what
// is sealed here is AES-256-GCM with a random IV per value, so equal values never look equal in
// the database, and a keyed hash (HMAC-SHA-256) stands in wherever a value must be found again.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { pipeline, Readable, Transform } from 'node:stream';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/**
 * Streamed blobs: `MAGIC | IV | ciphertext | TAG`. The tag is only known once the last byte is
 * sealed, so it goes last. The magic (bound to the ciphertext as associated data) tells these
 * apart from `sealBytes` blobs, which start with a random IV; eight bytes make a chance match
 * with one of those negligible.
 */
const STREAM_MAGIC = Buffer.from('LSEALS01', 'latin1');
const STREAM_HEADER_BYTES = STREAM_MAGIC.length + IV_BYTES;

/** A stored sealed blob, read by byte range (`end` not included). */
export interface SealedBlob {
  size: number;
  read(start: number, end: number): Promise<Readable>;
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface Sealer {
  seal(plain: Buffer | string): string;
  /** Throws when the value was changed or sealed with another key. */
  open(sealed: string): Buffer;
  openText(sealed: string): string;
  sealJson(value: unknown): string;
  openJson<T>(sealed: string): T;
  /** The same input always gives the same output: for lookups, never reversible. */
  fingerprint(value: string): string;
  /** Binary blobs (identity documents, selfies): IV and tag prefixed to the ciphertext. */
  sealBytes(plain: Buffer): Buffer;
  openBytes(sealed: Buffer): Buffer;
  /** Seals whatever is written to it, holding no more than a chunk at a time. */
  sealStream(): Transform;
  /**
   * The plain bytes of a blob from `sealStream` (or `sealBytes`, read whole). The tag is checked
   * at the end: a changed blob or another key makes the stream fail after its last chunk, so a
   * reader must treat the bytes as good only once the stream ends without an error.
   */
  openStream(blob: SealedBlob): Promise<Readable>;
}

export function createSealer(key: Buffer): Sealer {
  if (key.length !== 32) throw new Error('The data encryption key must be 32 bytes');
  const encryptKey = createHmac('sha256', key).update('encrypt').digest();
  const hashKey = createHmac('sha256', key).update('fingerprint').digest();

  function sealBytes(plain: Buffer): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', encryptKey, iv);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  function openBytes(sealed: Buffer): Buffer {
    const iv = sealed.subarray(0, IV_BYTES);
    const tag = sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', encryptKey, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]);
  }

  function sealStream(): Transform {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', encryptKey, iv);
    cipher.setAAD(STREAM_MAGIC);
    let started = false;
    const start = (stream: Transform) => {
      if (started) return;
      started = true;
      stream.push(Buffer.concat([STREAM_MAGIC, iv]));
    };
    return new Transform({
      transform(chunk: Buffer, _encoding, done) {
        start(this);
        done(null, cipher.update(chunk));
      },
      flush(done) {
        start(this);
        this.push(cipher.final());
        done(null, cipher.getAuthTag());
      },
    });
  }

  async function openStream(blob: SealedBlob): Promise<Readable> {
    const header =
      blob.size >= STREAM_HEADER_BYTES + TAG_BYTES
        ? await collect(await blob.read(0, STREAM_HEADER_BYTES))
        : Buffer.alloc(0);
    if (!header.subarray(0, STREAM_MAGIC.length).equals(STREAM_MAGIC)) {
      return Readable.from([openBytes(await collect(await blob.read(0, blob.size)))]);
    }
    const tag = await collect(await blob.read(blob.size - TAG_BYTES, blob.size));
    const decipher = createDecipheriv(
      'aes-256-gcm',
      encryptKey,
      header.subarray(STREAM_MAGIC.length),
    );
    decipher.setAAD(STREAM_MAGIC);
    decipher.setAuthTag(tag);
    const body = await blob.read(STREAM_HEADER_BYTES, blob.size - TAG_BYTES);
    return pipeline(body, decipher, () => {});
  }

  const seal = (plain: Buffer | string) =>
    `${VERSION}.${sealBytes(Buffer.isBuffer(plain) ? plain : Buffer.from(plain, 'utf8')).toString('base64url')}`;

  function open(sealed: string): Buffer {
    const [version, body] = sealed.split('.');
    if (version !== VERSION || !body) throw new Error('Not a sealed value');
    return openBytes(Buffer.from(body, 'base64url'));
  }

  return {
    seal,
    open,
    openText: (sealed) => open(sealed).toString('utf8'),
    sealJson: (value) => seal(JSON.stringify(value)),
    openJson: <T>(sealed: string) => JSON.parse(open(sealed).toString('utf8')) as T,
    fingerprint: (value) => createHmac('sha256', hashKey).update(value, 'utf8').digest('hex'),
    sealBytes,
    openBytes,
    sealStream,
    openStream,
  };
}

// Loading the key is the kernel's (it keeps secrets in the database); kept here for callers.
export { loadDataKey } from '../kernel/secrets';
