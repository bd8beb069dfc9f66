import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { STORAGE_KEY_PATTERN, type FileStorage } from './port';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files in a folder on this machine (FILES_DIR, default `.data/files` beside the database
 * folder). Each write goes to a temporary name first and is renamed, so a reader never sees
 * half a file.
 */
export function localFileStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    if (!STORAGE_KEY_PATTERN.test(key)) throw new Error('Invalid storage key');
    return path.join(root, key);
  };
  async function partialFor(key: string) {
    const target = pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    return { target, partial: `${target}.${randomBytes(4).toString('hex')}.partial` };
  }
  return {
    provider: 'local',
    async put(key, bytes) {
      const { target, partial } = await partialFor(key);
      await fs.writeFile(partial, bytes, { mode: 0o600 });
      await fs.rename(partial, target);
    },
    async putStream(key, source) {
      const { target, partial } = await partialFor(key);
      try {
        await pipeline(source, createWriteStream(partial, { mode: 0o600 }));
        await fs.rename(partial, target);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await fs.readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async getStream(key, range) {
      // Opened before it is handed out, so a missing file is null here, not a stream error later.
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(pathOf(key), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      if (range && range.end <= range.start) {
        await handle.close();
        return Readable.from([]);
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end - 1 } : {});
    },
    async size(key) {
      try {
        return (await fs.stat(pathOf(key))).size;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },
    async checkWritable() {
      // A file written and removed: the folder existing is not enough (read-only mounts, full
      // disks, lost permissions).
      await fs.mkdir(root, { recursive: true });
      const probe = path.join(root, `.writable-${randomBytes(4).toString('hex')}`);
      try {
        await fs.writeFile(probe, '', { mode: 0o600 });
      } finally {
        await fs.rm(probe, { force: true });
      }
    },
  };
}
