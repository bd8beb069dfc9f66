import { createHash } from 'node:crypto';

import { Redis } from 'ioredis';

import type { Clock } from '../../kernel/clock';
import type { Counters } from './port';

/**
 * One hit, atomically: opens a window (its start and a count of one) when there is none or the
 * last has ended, counts one more otherwise. The time comes from the API's clock, like the
 * in-memory counters; Redis's own expiry only clears keys nobody hits again.
 */
const HIT_SCRIPT = `
local start = redis.call('HGET', KEYS[1], 'start')
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
if (not start) or now - tonumber(start) >= window then
  redis.call('HSET', KEYS[1], 'start', ARGV[1], 'count', 1)
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, now + window}
end
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
return {count, tonumber(start) + window}
`;

/** The window's count without counting, as HIT_SCRIPT would see it. */
const PEEK_SCRIPT = `
local fields = redis.call('HMGET', KEYS[1], 'start', 'count')
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
if (not fields[1]) or now - tonumber(fields[1]) >= window then
  return {0, now}
end
return {tonumber(fields[2]), tonumber(fields[1]) + window}
`;

/** Keys name addresses and accounts; Redis sees only their hashes. */
const keyOf = (key: string) => `counter:${createHash('sha256').update(key).digest('base64url')}`;

/** Counters every API process sharing the Redis server counts together. */
export function redisCounters(redis: Redis, clock: Clock): Counters {
  return {
    provider: 'redis',
    async hit(key, windowMs) {
      const [count, windowEndsAt] = (await redis.eval(
        HIT_SCRIPT,
        1,
        keyOf(key),
        String(clock.now().getTime()),
        String(windowMs),
      )) as [number, number];
      return { count, windowEndsAt };
    },
    async peek(key, windowMs) {
      const [count, windowEndsAt] = (await redis.eval(
        PEEK_SCRIPT,
        1,
        keyOf(key),
        String(clock.now().getTime()),
        String(windowMs),
      )) as [number, number];
      return { count, windowEndsAt };
    },
    async reset(key) {
      await redis.del(keyOf(key));
    },
  };
}

/** Where the client says Redis went away and came back. */
export interface RedisLog {
  warn(details: object, message: string): void;
  info(message: string): void;
}

/**
 * A client for the shared counters. Commands fail fast while Redis is away rather than queueing
 * for long: a request then answers an error, and the readiness check says Redis is down. The
 * client retries every few seconds; the log says once that Redis went away, and when it is back.
 */
export function openRedis(url: string, keyPrefix: string, log: RedisLog): Redis {
  const redis = new Redis(url, {
    keyPrefix,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
  });
  let away = false;
  redis.on('error', (error: Error) => {
    if (away) return;
    away = true;
    log.warn(
      { err: error },
      'redis unreachable: requests that count a limit fail until it is back',
    );
  });
  redis.on('ready', () => {
    if (away) log.info('redis reachable again');
    away = false;
  });
  return redis;
}
