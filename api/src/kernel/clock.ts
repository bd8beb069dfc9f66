import { type IsoDate, malaysiaDate } from '@lending/domain';

/** Where the API reads the time, so tests can move it (token expiry, reset links, ages). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The calendar date in Malaysia at the clock's instant: the day rules (ages, expiry dates) are
 *  judged on, whatever the server's own time zone. */
export function malaysiaToday(clock: Clock): IsoDate {
  return malaysiaDate(clock.now());
}

/** A clock that stands still until moved. */
export function fixedClock(start: Date | string = '2026-01-05T09:00:00Z') {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(at: Date | string) {
      current = new Date(at).getTime();
    },
  };
}

export type FixedClock = ReturnType<typeof fixedClock>;
