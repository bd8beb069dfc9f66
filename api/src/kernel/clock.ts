import { AsyncLocalStorage } from 'node:async_hooks';

import { addDays, type IsoDate, malaysiaDate } from '@lending/domain';

/** Where the API reads the time, so tests can move it (token expiry, reset links, ages). */
export interface Clock {
  now(): Date;
  /** The business date: the date the books stand at. Malaysia's date at `now()` when the clock
   *  keeps none (a test's clock). */
  businessDate?(): IsoDate;
}

export const systemClock: Clock = { now: () => new Date() };

/** The business date: the day every rule of the books (due dates, late charges, notices, ages,
 *  expiry dates) is judged on, whatever the server's own time zone. Every module and job reads
 *  it here. */
export function malaysiaToday(clock: Clock): IsoDate {
  return clock.businessDate ? clock.businessDate() : malaysiaDate(clock.now());
}

/**
 * The clock the app runs on: the time of its base clock, and a business date that is Malaysia's
 * date moved `aheadDays` forward (never back; nought in production). Close of business runs a
 * past day's jobs inside `asOf`, which only the work it calls sees: requests served meanwhile
 * still read the business date.
 */
export function createBusinessClock(base: Clock) {
  let aheadDays = 0;
  const closing = new AsyncLocalStorage<IsoDate>();
  const today = () => addDays(malaysiaToday(base), aheadDays);
  return {
    now: () => base.now(),
    businessDate: () => closing.getStore() ?? today(),
    /** The business date outside any day being closed. */
    today,
    aheadDays: () => aheadDays,
    setAheadDays(days: number): void {
      if (!Number.isInteger(days) || days < 0) throw new RangeError('days ahead are whole, >= 0');
      aheadDays = days;
    },
    /** Runs `work` with the books standing at `day`. */
    asOf<T>(day: IsoDate, work: () => Promise<T>): Promise<T> {
      return closing.run(day, work);
    },
  };
}

export type BusinessClock = ReturnType<typeof createBusinessClock>;

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
