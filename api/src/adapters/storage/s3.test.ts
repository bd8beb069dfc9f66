// The S3 provider against a real S3-compatible server (s3rver, in this process).
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';

import { startTestS3, type TestS3 } from '../../testing/test-s3';
import type { FileStorage } from './port';
import { s3FileStorage } from './s3';

async function read(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const keyOf = () => `${randomUUID()}/${randomUUID()}`;

/** Every byte value, then a stretch no two positions of which look alike. */
function bytes(length: number): Buffer {
  const out = Buffer.alloc(length);
  for (let at = 0; at < length; at += 1) out[at] = (at * 7 + (at >> 8)) & 255;
  return out;
}

describe('documents in an S3-compatible bucket', () => {
  let s3: TestS3;
  let storage: FileStorage;

  beforeAll(async () => {
    s3 = await startTestS3();
    storage = s3FileStorage(s3.settings);
  });
  afterAll(() => s3.close());

  it('gives back what was put, byte for byte, whole and by range', async () => {
    const key = keyOf();
    const content = bytes(70_000);
    await storage.put(key, content);
    expect((await storage.get(key))?.equals(content)).toBe(true);
    expect(await storage.size(key)).toBe(content.length);
    expect((await read(await storage.getStream(key)))?.equals(content)).toBe(true);
    const part = await read(await storage.getStream(key, { start: 1000, end: 1256 }));
    expect(part?.equals(content.subarray(1000, 1256))).toBe(true);
    expect((await read(await storage.getStream(key, { start: 5, end: 5 })))?.length).toBe(0);
  });

  it('stores a stream of unknown length', async () => {
    const key = keyOf();
    const content = bytes(200_000);
    const chunks = [content.subarray(0, 65_536), content.subarray(65_536)];
    await storage.putStream(key, Readable.from(chunks));
    expect((await storage.get(key))?.equals(content)).toBe(true);
  });

  it('keeps nothing when the stream fails, and says why', async () => {
    const key = keyOf();
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('half a document');
        throw new Error('the client went away');
      })(),
    );
    await expect(storage.putStream(key, failing)).rejects.toThrow('the client went away');
    expect(await storage.get(key)).toBeNull();
    expect(await storage.removePartials(new Date())).toBe(0);
  });

  it('answers null for what is not there and deletes without fuss', async () => {
    const key = keyOf();
    expect(await storage.get(key)).toBeNull();
    expect(await storage.getStream(key)).toBeNull();
    expect(await storage.getStream(key, { start: 0, end: 0 })).toBeNull();
    expect(await storage.size(key)).toBeNull();
    await storage.delete(key);
    await storage.put(key, Buffer.from('sealed'));
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.get('../escape')).rejects.toThrow('Invalid storage key');
  });

  it('lists every object, page after page, and only the keys it made', async () => {
    const listed = s3FileStorage(s3.settings);
    const before = new Set<string>();
    for await (const object of listed.list()) before.add(object.key);
    const folder = randomUUID();
    // More than one page: ListObjectsV2 answers at most 1000 keys at a time.
    const keys = Array.from({ length: 1005 }, () => `${folder}/${randomUUID()}`);
    for (let at = 0; at < keys.length; at += 50) {
      await Promise.all(keys.slice(at, at + 50).map((key) => listed.put(key, Buffer.from(key))));
    }
    const started = Date.now();
    const found = new Map<string, Date>();
    for await (const object of listed.list()) {
      if (!before.has(object.key)) found.set(object.key, object.modifiedAt);
    }
    expect([...found.keys()].sort()).toEqual([...keys].sort());
    for (const modified of found.values()) {
      expect(Math.abs(modified.getTime() - started)).toBeLessThan(120_000);
    }
  }, 120_000);

  it('proves it can write, and leaves no probe behind', async () => {
    const seen = async () => {
      const keys: string[] = [];
      for await (const object of storage.list()) keys.push(object.key);
      return keys.length;
    };
    const count = await seen();
    await storage.checkWritable();
    expect(await seen()).toBe(count);
    const missing = s3FileStorage({ ...s3.settings, bucket: 'no-such-bucket' });
    await expect(missing.checkWritable()).rejects.toThrow();
  });
});
