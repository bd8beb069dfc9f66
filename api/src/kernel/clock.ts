import { AsyncLocalStorage } from 'node:async_hooks';

import { addDays, daysBetween, type IsoDate, malaysiaDate, malaysiaInstant } from '@lending/domain';

/** Where the API reads the time, so tests can move it (token expiry, reset links, ages). */
export interface Clock {
  now(): Date;
  /** The business date: the date the books stand at. Malaysia's date at `now()` when the clock
   *  keeps none (a test's clock). */
  businessDate?(): IsoDate;
  /** The instant the books stand at: `now()` on the business date (see `businessNow`). */
  businessNow?(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The business date: the day every rule of the books (due dates, late charges, notices, ages,
 *  expiry dates) is judged on, whatever the server's own time zone. Every module and job reads
 *  it here. */
export function malaysiaToday(clock: Clock): IsoDate {
  return clock.businessDate ? clock.businessDate() : malaysiaDate(clock.now());
}

/**
 * The instant a contact with a borrower is judged at (permitted hours, holidays, one a day): the
 * time of day the person is reached, on the business date. Only a sandbox whose date was moved
 * ahead places a closed day's work at its job's own hour, since nobody is reached there and its
 * days are closed minutes apart whatever the time on the wall.
 */
export function businessNow(clock: Clock): Date {
  return clock.businessNow ? clock.businessNow() : clock.now();
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The clock the app runs on: the time of its base clock, and a business date that is Malaysia's
 * date moved `aheadDays` forward (never back; nought in production). Close of business runs a
 * past day's jobs inside `asOf`, which only the work it calls sees: requests served meanwhile
 * still read the business date.
 */
export function createBusinessClock(base: Clock) {
  let aheadDays = 0;
  const closing = new AsyncLocalStorage<{ day: IsoDate; dailyAt?: string }>();
  const today = () => addDays(malaysiaToday(base), aheadDays);
  return {
    now: () => base.now(),
    businessDate: () => closing.getStore()?.day ?? today(),
    businessNow(): Date {
      const closed = closing.getStore();
      const day = closed?.day ?? today();
      if (aheadDays > 0 && closed?.dailyAt) return malaysiaInstant(day, closed.dailyAt);
      const wall = base.now();
      return new Date(wall.getTime() + daysBetween(malaysiaDate(wall), day) * DAY_MS);
    },
    /** The business date outside any day being closed. */
    today,
    aheadDays: () => aheadDays,
    setAheadDays(days: number): void {
      if (!Number.isInteger(days) || days < 0) throw new RangeError('days ahead are whole, >= 0');
      aheadDays = days;
    },
    /** Runs `work` with the books standing at `day`; `dailyAt` is the hour of the job run. */
    asOf<T>(day: IsoDate, work: () => Promise<T>, dailyAt?: string): Promise<T> {
      return closing.run({ day, dailyAt }, work);
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
