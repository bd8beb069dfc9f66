import type { Clock } from '../../kernel/clock';
import type { Counters } from './port';

/** How often windows that have ended are dropped, so the map does not grow with every key. */
const SWEEP_EVERY_MS = 60 * 1000;

/** Counters in this process's memory: enough for one API process, nothing to install. */
export function memoryCounters(clock: Clock): Counters {
  const windows = new Map<string, { start: number; windowMs: number; count: number }>();
  let lastSweep = 0;

  function sweep(now: number) {
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    for (const [key, window] of windows) {
      if (now - window.start >= window.windowMs) windows.delete(key);
    }
  }

  return {
    provider: 'memory',
    async hit(key, windowMs) {
      const now = clock.now().getTime();
      sweep(now);
      const window = windows.get(key);
      if (!window || now - window.start >= window.windowMs) {
        windows.set(key, { start: now, windowMs, count: 1 });
        return { count: 1, windowEndsAt: now + windowMs };
      }
      window.count += 1;
      return { count: window.count, windowEndsAt: window.start + window.windowMs };
    },
    async peek(key, windowMs) {
      const now = clock.now().getTime();
      const window = windows.get(key);
      if (!window || now - window.start >= windowMs) return { count: 0, windowEndsAt: now };
      return { count: window.count, windowEndsAt: window.start + windowMs };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}
