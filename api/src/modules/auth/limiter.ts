import { HttpError } from '../../kernel/errors';
import type { Clock } from '../../kernel/clock';

/**
 * Counts attempts per key in fixed windows, in memory (one API process). The auth routes key it
 * by client address and account together, so someone elsewhere cannot use up a real user's
 * attempts: there is no lock-out, only a slow-down per address.
 */
export function createLimiter(options: { max: number; windowMs: number; clock: Clock }) {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = 0;

  function sweep(now: number) {
    if (now - lastSweep < options.windowMs) return;
    lastSweep = now;
    for (const [key, window] of windows) {
      if (now - window.start >= options.windowMs) windows.delete(key);
    }
  }

  return {
    /** Counts one attempt; throws a 429 once the key has used its window. */
    hit(key: string): void {
      const now = options.clock.now().getTime();
      sweep(now);
      const window = windows.get(key);
      if (!window || now - window.start >= options.windowMs) {
        windows.set(key, { start: now, count: 1 });
        return;
      }
      window.count += 1;
      if (window.count > options.max) {
        const seconds = Math.ceil((window.start + options.windowMs - now) / 1000);
        throw new HttpError(429, `Too many attempts, please try again in ${minutes(seconds)}`);
      }
    },
    reset(key: string): void {
      windows.delete(key);
    },
  };
}

function minutes(seconds: number): string {
  if (seconds < 60) return `${seconds} seconds`;
  const whole = Math.ceil(seconds / 60);
  return whole === 1 ? '1 minute' : `${whole} minutes`;
}

export type Limiter = ReturnType<typeof createLimiter>;
