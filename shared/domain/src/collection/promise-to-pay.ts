import type { Sen } from '../money/money';
import type { StateMachine } from '../status/state-machine';
import { transitionRules } from '../status/state-machine';
import type { IsoDate } from '../time/calendar-date';
import { addDays, compareDates, isIsoDate } from '../time/calendar-date';

export const PROMISE_STATUSES = ['OPEN', 'KEPT', 'BROKEN'] as const;
export type PromiseStatus = (typeof PROMISE_STATUSES)[number];

/** A promise closes itself: kept once paid, broken once its day passed unpaid. */
export const PROMISE_MACHINE: StateMachine<PromiseStatus> = {
  name: 'promise-to-pay',
  states: PROMISE_STATUSES,
  rules: [...transitionRules(['OPEN'], ['KEPT', 'BROKEN'], ['system'])],
};

/** How far ahead a promise may be dated: beyond a month it is a reschedule, not a promise. */
export const MAX_PROMISE_DAYS_AHEAD = 30;

export type PromiseRefusal = 'amountInvalid' | 'amountAboveOwed' | 'dateInvalid' | 'dateTooFar';

/** Checks a promise staff record on `today` against what the borrower owes now. */
export function promiseRefusal(input: {
  amountSen: Sen;
  promisedFor: IsoDate;
  today: IsoDate;
  owedSen: Sen;
}): PromiseRefusal | null {
  if (!Number.isSafeInteger(input.amountSen) || input.amountSen <= 0) return 'amountInvalid';
  if (input.amountSen > input.owedSen) return 'amountAboveOwed';
  if (!isIsoDate(input.promisedFor) || compareDates(input.promisedFor, input.today) < 0) {
    return 'dateInvalid';
  }
  if (compareDates(input.promisedFor, addDays(input.today, MAX_PROMISE_DAYS_AHEAD)) > 0) {
    return 'dateTooFar';
  }
  return null;
}

/**
 * What became of an open promise on `asOf`: KEPT once the money paid since it was made reaches
 * the amount (on or before its day, or late, as long as it is still open), BROKEN the day after
 * its date passed short; null while it still stands.
 */
export function promiseOutcome(input: {
  amountSen: Sen;
  promisedFor: IsoDate;
  paidSinceSen: Sen;
  asOf: IsoDate;
}): Exclude<PromiseStatus, 'OPEN'> | null {
  if (input.paidSinceSen >= input.amountSen) return 'KEPT';
  return compareDates(input.asOf, input.promisedFor) > 0 ? 'BROKEN' : null;
}
