import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

import { type FileStorage, STORAGE_KEY_PATTERN, type StoredObject } from './port';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

const PARTIAL_SUFFIX = '.partial';
const FOLDER_PATTERN = /^[0-9a-f-]{36}$/;

/** The names in a folder, none when it is gone (removed between listing and reading). */
async function entriesOf(folder: string) {
  try {
    return await fs.readdir(folder, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

/** When a file was last written, null when it went away meanwhile. */
async function modifiedAt(file: string): Promise<Date | null> {
  try {
    return (await fs.stat(file)).mtime;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** Writes through a handle that is flushed to disk before the rename: a machine that stops right
 *  after must not leave a renamed but empty file behind a committed row. */
async function writeDurably(partial: string, source: Readable | Buffer): Promise<void> {
  const handle = await fs.open(partial, 'wx', 0o600);
  try {
    if (Buffer.isBuffer(source)) {
      await handle.writeFile(source);
    } else {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        for (let done = 0; done < chunk.length;) {
          done += (await handle.write(chunk, done)).bytesWritten;
        }
      }
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Files in a folder on this machine (FILES_DIR, default `.data/files` beside the database
 * folder). Each write goes to a temporary name (`*.partial`) first, flushed, and is renamed, so a
 * reader never sees half a file.
 */
export function localFileStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    if (!STORAGE_KEY_PATTERN.test(key)) throw new Error('Invalid storage key');
    return path.join(root, key);
  };
  async function partialFor(key: string) {
    const target = pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    return { target, partial: `${target}.${randomBytes(4).toString('hex')}${PARTIAL_SUFFIX}` };
  }
  /** Every file one level down (`<applicationId>/<name>`), with its path. */
  async function* files() {
    for (const folder of await entriesOf(root)) {
      if (!folder.isDirectory() || !FOLDER_PATTERN.test(folder.name)) continue;
      for (const file of await entriesOf(path.join(root, folder.name))) {
        if (!file.isFile()) continue;
        yield {
          name: `${folder.name}/${file.name}`,
          file: path.join(root, folder.name, file.name),
        };
      }
    }
  }
  return {
    provider: 'local',
    async put(key, bytes) {
      const { target, partial } = await partialFor(key);
      try {
        await writeDurably(partial, bytes);
        await fs.rename(partial, target);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
    },
    async putStream(key, source) {
      const { target, partial } = await partialFor(key);
      try {
        await writeDurably(partial, source);
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
    async *list(): AsyncGenerator<StoredObject> {
      for await (const { name, file } of files()) {
        if (!STORAGE_KEY_PATTERN.test(name)) continue;
        const modified = await modifiedAt(file);
        if (modified) yield { key: name, modifiedAt: modified };
      }
    },
    async removePartials(before) {
      let removed = 0;
      for await (const { name, file } of files()) {
        if (!name.endsWith(PARTIAL_SUFFIX)) continue;
        const modified = await modifiedAt(file);
        if (!modified || modified >= before) continue;
        await fs.rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}
