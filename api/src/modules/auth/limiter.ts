import type { Counters } from '../../adapters/counters/port';
import type { Clock } from '../../kernel/clock';
import { HttpError, type Sentence, sentence } from '../../kernel/errors';

/**
 * Counts attempts per key in fixed windows, on the counters the platform is configured with (in
 * memory for one API process, Redis for several). The auth routes key it by client address and
 * account together, so someone elsewhere cannot use up a real user's attempts: there is no
 * lock-out, only a slow-down per address.
 */
export function createLimiter(options: {
  /** Keeps this limiter's keys apart from other limiters' on the same counters. */
  name: string;
  max: number;
  windowMs: number;
  counters: Counters;
  clock: Clock;
}) {
  const { counters } = options;
  const keyOf = (key: string) => `limit:${options.name}:${key}`;
  return {
    /** Counts one attempt; throws a 429 once the key has used its window. */
    async hit(key: string): Promise<void> {
      const { count, windowEndsAt } = await counters.hit(keyOf(key), options.windowMs);
      if (count > options.max) {
        const seconds = Math.ceil((windowEndsAt - options.clock.now().getTime()) / 1000);
        throw new HttpError(429, tryAgainIn(seconds));
      }
    },
    async reset(key: string): Promise<void> {
      await counters.reset(keyOf(key));
    },
  };
}

function tryAgainIn(seconds: number): Sentence {
  if (seconds < 60) {
    return sentence('Too many attempts, please try again in {count} seconds', { count: seconds });
  }
  const whole = Math.ceil(seconds / 60);
  return whole === 1
    ? sentence('Too many attempts, please try again in 1 minute')
    : sentence('Too many attempts, please try again in {count} minutes', { count: whole });
}

export type Limiter = ReturnType<typeof createLimiter>;

/**
 * Failed sign-ins of one account, from wherever they come: past `max` in a window the account is
 * locked until the window ends, whatever the address (a guesser spread over many addresses gets
 * `max` guesses, not `max` per address). Counted for any email, with an account or not, so the
 * answer says nothing of which emails have one.
 */
export function createAccountLock(options: {
  name: string;
  max: number;
  windowMs: number;
  counters: Counters;
  clock: Clock;
}) {
  const { counters } = options;
  const keyOf = (key: string) => `lock:${options.name}:${key}`;
  return {
    /** Throws while the account is locked. */
    async assertOpen(key: string): Promise<void> {
      const { count, windowEndsAt } = await counters.peek(keyOf(key), options.windowMs);
      if (count >= options.max) {
        const minutes = Math.max(
          1,
          Math.ceil((windowEndsAt - options.clock.now().getTime()) / 60_000),
        );
        throw new HttpError(
          429,
          minutes === 1
            ? sentence(
                'This account is locked after too many failed sign-ins, please try again in 1 minute',
              )
            : sentence(
                'This account is locked after too many failed sign-ins, please try again in {count} minutes',
                { count: minutes },
              ),
          'SIGN_IN_LOCKED',
        );
      }
    },
    /** Counts a failure; true when this one locked the account. */
    async failed(key: string): Promise<boolean> {
      const { count } = await counters.hit(keyOf(key), options.windowMs);
      return count === options.max;
    },
    async succeeded(key: string): Promise<void> {
      await counters.reset(keyOf(key));
    },
  };
}
