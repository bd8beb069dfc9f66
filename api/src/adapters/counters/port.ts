/**
 * Counts hits per key in fixed windows that open with a key's first hit: what the rate limits
 * need. In memory for one API process; in Redis when several processes must count together.
 */
export interface Counters {
  readonly provider: 'memory' | 'redis';
  /** Counts one hit on the key: how many the window holds now, and when it ends (epoch ms). */
  hit(key: string, windowMs: number): Promise<{ count: number; windowEndsAt: number }>;
  /** How many hits the key's window holds now, without counting one (0 when none is open). */
  peek(key: string, windowMs: number): Promise<{ count: number; windowEndsAt: number }>;
  /** Forgets the key's window; the next hit opens a new one. */
  reset(key: string): Promise<void>;
}
