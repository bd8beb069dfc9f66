import type { Redis } from 'ioredis';

import { type FixedClock, fixedClock } from '../../kernel/clock';
import { counterStores, freshRedisPrefix, redisUrlForTests } from '../../testing/test-redis';
import { memoryCounters } from './memory';
import type { Counters } from './port';
import { openRedis, redisCounters } from './redis';

const MINUTE = 60 * 1000;
const quiet = { warn: () => undefined, info: () => undefined };

describe.each(counterStores())('counters in %s', (store) => {
  let clock: FixedClock;
  let redis: Redis | null = null;
  let counters: Counters;
  let prefix: string;

  beforeAll(() => {
    clock = fixedClock('2026-03-02T08:00:00Z');
    prefix = freshRedisPrefix();
    redis = store === 'redis' ? openRedis(redisUrlForTests()!, prefix, quiet) : null;
    counters = redis ? redisCounters(redis, clock) : memoryCounters(clock);
  });
  afterAll(async () => {
    await redis?.quit();
  });

  let keys = 0;
  const key = () => `198.51.100.${(keys += 1)}|arkcash|someone@example.com`;

  it('counts hits in a window that opens with the first and says when it ends', async () => {
    const k = key();
    const opened = clock.now().getTime();
    expect(await counters.hit(k, 15 * MINUTE)).toEqual({
      count: 1,
      windowEndsAt: opened + 15 * MINUTE,
    });
    clock.advance(5 * MINUTE);
    expect(await counters.hit(k, 15 * MINUTE)).toEqual({
      count: 2,
      windowEndsAt: opened + 15 * MINUTE,
    });
    expect(await counters.hit(k, 15 * MINUTE)).toMatchObject({ count: 3 });
  });

  it('tells a window’s count without counting, and nothing of a window that has ended', async () => {
    const k = key();
    expect((await counters.peek(k, MINUTE)).count).toBe(0);
    const opened = clock.now().getTime();
    await counters.hit(k, MINUTE);
    await counters.hit(k, MINUTE);
    expect(await counters.peek(k, MINUTE)).toEqual({ count: 2, windowEndsAt: opened + MINUTE });
    expect(await counters.peek(k, MINUTE)).toEqual({ count: 2, windowEndsAt: opened + MINUTE });
    clock.advance(MINUTE);
    expect((await counters.peek(k, MINUTE)).count).toBe(0);
  });

  it('opens a new window once the last has ended', async () => {
    const k = key();
    await counters.hit(k, MINUTE);
    await counters.hit(k, MINUTE);
    clock.advance(MINUTE);
    expect(await counters.hit(k, MINUTE)).toEqual({
      count: 1,
      windowEndsAt: clock.now().getTime() + MINUTE,
    });
  });

  it('keeps keys apart and forgets one on reset', async () => {
    const [a, b] = [key(), key()];
    await counters.hit(a, MINUTE);
    await counters.hit(a, MINUTE);
    expect(await counters.hit(b, MINUTE)).toMatchObject({ count: 1 });
    await counters.reset(a);
    expect(await counters.hit(a, MINUTE)).toMatchObject({ count: 1 });
    expect(await counters.hit(b, MINUTE)).toMatchObject({ count: 2 });
  });

  it('counts hits arriving together, none lost', async () => {
    const k = key();
    const results = await Promise.all(Array.from({ length: 20 }, () => counters.hit(k, MINUTE)));
    expect(results.map((result) => result.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  if (store === 'redis') {
    it('keeps in Redis neither the address nor the account, only under its prefix', async () => {
      const k = key();
      await counters.hit(k, MINUTE);
      // KEYS takes its pattern as given: the client's prefix is not put before it.
      const ours = await redis!.keys(`${prefix}*`);
      expect(ours.length).toBeGreaterThan(0);
      expect(ours.join(' ')).not.toMatch(/198\.51|example\.com/);
      // Redis's own expiry clears a key nobody hits again.
      const ttl = await redis!.pttl(ours[0]!.slice(prefix.length));
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(15 * MINUTE);
    });

    it('counts together with another client of the same Redis', async () => {
      const other = openRedis(redisUrlForTests()!, prefix, quiet);
      try {
        const elsewhere = redisCounters(other, clock);
        const k = key();
        await counters.hit(k, MINUTE);
        expect(await elsewhere.hit(k, MINUTE)).toMatchObject({ count: 2 });
        expect(await counters.hit(k, MINUTE)).toMatchObject({ count: 3 });
      } finally {
        await other.quit();
      }
    });
  }
});
