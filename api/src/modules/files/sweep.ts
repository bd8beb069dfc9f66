import type { FileStorage } from '../../adapters/storage/port';
import type { Orm } from '../../db/database';
import { createFileStore } from './store';

/** Keys checked against the database per query. */
const BATCH = 500;

export interface SweepCounts {
  /** Writes a killed process left half-done. */
  partials: number;
  /** Complete objects with no live row: written before a commit that never came, or left by a
   *  delete that committed but did not get to remove the object. */
  orphans: number;
  /** Objects that have their row and stay. */
  kept: number;
}

/**
 * Removes from storage what no live row stands for. An upload writes its object before the row
 * commits, and a delete commits before it removes the object, so after any crash the leftovers
 * are objects without a live row, never a row without its object: this sweep, run once when the
 * API starts and before it takes requests, is all the repair there is. An upload in flight would
 * look the same as a leftover, hence before requests; only what was last written before `before`
 * goes (by default the moment the sweep starts).
 */
export async function sweepStoredFiles(
  db: Orm,
  storage: FileStorage,
  before: Date = new Date(),
): Promise<SweepCounts> {
  const store = createFileStore(db);
  const counts: SweepCounts = {
    partials: await storage.removePartials(before),
    orphans: 0,
    kept: 0,
  };
  let batch: string[] = [];
  async function settle(): Promise<void> {
    const live = await store.liveStorageKeys(batch);
    for (const key of batch) {
      if (live.has(key)) {
        counts.kept += 1;
      } else {
        await storage.delete(key);
        counts.orphans += 1;
      }
    }
    batch = [];
  }
  for await (const object of storage.list()) {
    if (object.modifiedAt >= before) continue;
    batch.push(object.key);
    if (batch.length >= BATCH) await settle();
  }
  await settle();
  return counts;
}
