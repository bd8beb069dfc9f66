import type { Redis } from 'ioredis';

import { memoryCounters } from '../../adapters/counters/memory';
import { openRedis, redisCounters } from '../../adapters/counters/redis';
import { fixedClock } from '../../kernel/clock';
import { counterStores, freshRedisPrefix, redisUrlForTests } from '../../testing/test-redis';
import { createLimiter } from './limiter';

const MINUTE = 60 * 1000;
const quiet = { warn: () => undefined, info: () => undefined };

describe.each(counterStores())('the attempt limiter on %s counters', (store) => {
  const clock = fixedClock('2026-03-02T08:00:00Z');
  let redis: Redis | null = null;
  let limiter: (name: string) => ReturnType<typeof createLimiter>;

  beforeAll(() => {
    redis = store === 'redis' ? openRedis(redisUrlForTests()!, freshRedisPrefix(), quiet) : null;
    const counters = redis ? redisCounters(redis, clock) : memoryCounters(clock);
    limiter = (name) => createLimiter({ name, max: 3, windowMs: 15 * MINUTE, counters, clock });
  });
  afterAll(async () => {
    await redis?.quit();
  });

  it('refuses past the limit, saying how long to wait, until the window passes', async () => {
    const login = limiter('login');
    for (let i = 0; i < 3; i += 1) await login.hit('203.0.113.1|arkcash|a@example.com');
    clock.advance(MINUTE);
    await expect(login.hit('203.0.113.1|arkcash|a@example.com')).rejects.toMatchObject({
      statusCode: 429,
      message: 'Too many attempts, please try again in 14 minutes',
    });
    clock.advance(14 * MINUTE - 30 * 1000);
    await expect(login.hit('203.0.113.1|arkcash|a@example.com')).rejects.toMatchObject({
      message: 'Too many attempts, please try again in 30 seconds',
    });
    clock.advance(30 * 1000);
    await expect(login.hit('203.0.113.1|arkcash|a@example.com')).resolves.toBeUndefined();
  });

  it('starts over after a reset, and keeps limiters and keys apart', async () => {
    const login = limiter('login');
    const reset = limiter('reset');
    for (let i = 0; i < 3; i += 1) await login.hit('203.0.113.2|arkcash|b@example.com');
    await expect(reset.hit('203.0.113.2|arkcash|b@example.com')).resolves.toBeUndefined();
    await expect(login.hit('203.0.113.3|arkcash|b@example.com')).resolves.toBeUndefined();
    await login.reset('203.0.113.2|arkcash|b@example.com');
    await expect(login.hit('203.0.113.2|arkcash|b@example.com')).resolves.toBeUndefined();
  });
});
