// Redis for the suites, like PostgreSQL: used when REDIS_URL is set (the CI script sets it when
// a local Redis answers), never required. Every app and counter set gets a key prefix of its
// own, so suites running in parallel, and runs after one another, never count each other's hits.
import { randomBytes } from 'node:crypto';

export function redisUrlForTests(): string | undefined {
  return process.env.REDIS_URL || undefined;
}

/** The counter stores every counter suite runs on: `describe.each(counterStores())`. */
export function counterStores(): ('memory' | 'redis')[] {
  return redisUrlForTests() ? ['memory', 'redis'] : ['memory'];
}

export function freshRedisPrefix(): string {
  return `lending-test:${process.pid}:${randomBytes(6).toString('hex')}:`;
}
