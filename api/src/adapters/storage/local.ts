import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { STORAGE_KEY_PATTERN, type FileStorage } from './port';

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
  return {
    provider: 'local',
    async put(key, bytes) {
      const target = pathOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
      await fs.writeFile(partial, bytes, { mode: 0o600 });
      await fs.rename(partial, target);
    },
    async get(key) {
      try {
        return await fs.readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },
  };
}
