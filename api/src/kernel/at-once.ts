import pLimit from 'p-limit';

/**
 * How many loans a job of the books works on at once: on PostgreSQL each waits on the server
 * most of its time, so a few side by side keep both busy (each in its own transaction, on its own
 * account's lock); the embedded database runs one transaction at a time, so one there.
 */
export function loansAtOnceFor(kind: 'pglite' | 'postgresql'): number {
  return kind === 'postgresql' ? 4 : 1;
}

/**
 * Runs `work` for every item, at most `atOnce` at a time, and waits for all of them; the first
 * failure is thrown once every started item has ended, so a failed job never leaves work running
 * into the next one.
 */
export async function forEachAtOnce<T>(
  items: readonly T[],
  atOnce: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const limit = pLimit(Math.max(1, Math.floor(atOnce)));
  const outcomes = await Promise.allSettled(items.map((item) => limit(() => work(item))));
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}
