import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { createSealer, type SealedBlob, type Sealer } from './sealed';

async function sealStreamed(sealer: Sealer, chunks: Buffer[]): Promise<Buffer> {
  const out: Buffer[] = [];
  await pipeline(
    Readable.from(chunks),
    sealer.sealStream(),
    async (sealed: AsyncIterable<Buffer>) => {
      for await (const chunk of sealed) out.push(chunk);
    },
  );
  return Buffer.concat(out);
}

const blobOf = (bytes: Buffer): SealedBlob => ({
  size: bytes.length,
  read: async (start, end) => Readable.from([bytes.subarray(start, end)]),
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('sealed personal data', () => {
  const sealer = createSealer(randomBytes(32));

  it('opens what it sealed, and never seals the same value the same way twice', () => {
    const first = sealer.seal('880101145678');
    const second = sealer.seal('880101145678');
    expect(first).not.toEqual(second);
    expect(first).not.toContain('880101');
    expect(sealer.openText(first)).toBe('880101145678');
    expect(sealer.openJson(sealer.sealJson({ nric: '880101145678' }))).toEqual({
      nric: '880101145678',
    });
  });

  it('refuses a sealed value that was tampered with', () => {
    const sealed = sealer.seal('880101145678');
    const body = Buffer.from(sealed.split('.')[1]!, 'base64url');
    const last = body.length - 1;
    body[last] = body[last]! ^ 1;
    expect(() => sealer.open(`v1.${body.toString('base64url')}`)).toThrow();
  });

  it('refuses a value sealed with another key', () => {
    const other = createSealer(randomBytes(32));
    expect(() => sealer.open(other.seal('secret'))).toThrow();
  });

  it('fingerprints equal values equally and different keys differently', () => {
    const other = createSealer(randomBytes(32));
    expect(sealer.fingerprint('880101145678')).toBe(sealer.fingerprint('880101145678'));
    expect(sealer.fingerprint('880101145678')).not.toBe(sealer.fingerprint('880101145679'));
    expect(other.fingerprint('880101145678')).not.toBe(sealer.fingerprint('880101145678'));
  });

  it('seals binary files', () => {
    const file = randomBytes(1000);
    expect(sealer.openBytes(sealer.sealBytes(file)).equals(file)).toBe(true);
  });

  it('seals a stream chunk by chunk and opens it back', async () => {
    const chunks = [randomBytes(70_000), randomBytes(1), randomBytes(65_536)];
    const sealed = await sealStreamed(sealer, chunks);
    const plain = Buffer.concat(chunks);
    expect(sealed.includes(plain.subarray(0, 32))).toBe(false);
    expect((await readAll(await sealer.openStream(blobOf(sealed)))).equals(plain)).toBe(true);
    const empty = await sealStreamed(sealer, []);
    expect((await readAll(await sealer.openStream(blobOf(empty)))).length).toBe(0);
  });

  it('opens a blob sealed whole through the same stream', async () => {
    const file = randomBytes(5000);
    const opened = await readAll(await sealer.openStream(blobOf(sealer.sealBytes(file))));
    expect(opened.equals(file)).toBe(true);
  });

  it('refuses a streamed blob that was tampered with', async () => {
    const sealed = await sealStreamed(sealer, [randomBytes(10_000)]);
    for (const at of [30, Math.floor(sealed.length / 2), sealed.length - 1]) {
      const changed = Buffer.from(sealed);
      changed[at] = changed[at]! ^ 1;
      await expect(readAll(await sealer.openStream(blobOf(changed)))).rejects.toThrow();
    }
    await expect(
      readAll(await sealer.openStream(blobOf(sealed.subarray(0, sealed.length - 100)))),
    ).rejects.toThrow();
  });

  it('refuses a streamed blob sealed with another key', async () => {
    const other = createSealer(randomBytes(32));
    const sealed = await sealStreamed(other, [Buffer.from('secret statement')]);
    await expect(readAll(await sealer.openStream(blobOf(sealed)))).rejects.toThrow();
  });
});
