import type { IsoDate } from '../time/calendar-date';
import { addDays } from '../time/calendar-date';
import { isWeekday } from '../time/office-slots';

/**
 * Direct debit collections on an active e-Mandate. On an instalment's due date one collection is
 * sent for what has fallen due (that instalment, anything older left unpaid and late charges,
 * less credit kept), never more than the mandate's limit. The bank answers the next day; a
 * failed collection is tried again `retryCount` times, `retryDays` after the one before. Banks
 * take collections on business days only. An instalment due on a weekend or a public holiday is
 * collected on the business day before it, so the calendar never makes a borrower late (the
 * agreement's reading of a payment date that is not a business day); a retry that would fall on
 * one waits for the next business day.
 */
export interface DirectDebitSettings {
  /** Further attempts after a failed first one (0 to 5). */
  retryCount: number;
  /** Days from one attempt to the next (1 to 14): the bank's answer takes a day. */
  retryDays: number;
}

export const DEFAULT_DIRECT_DEBIT_SETTINGS: Readonly<DirectDebitSettings> = {
  retryCount: 2,
  retryDays: 3,
};

export function isValidDirectDebitSettings(settings: DirectDebitSettings): boolean {
  return (
    Number.isSafeInteger(settings.retryCount) &&
    settings.retryCount >= 0 &&
    settings.retryCount <= 5 &&
    Number.isSafeInteger(settings.retryDays) &&
    settings.retryDays >= 1 &&
    settings.retryDays <= 14
  );
}

export interface CollectionInstalment {
  instalmentNo: number;
  dueDate: IsoDate;
  /** Principal and interest still unpaid. */
  unpaidSen: number;
}

export interface CollectionAttempt {
  instalmentNo: number;
  attemptNo: number;
  collectionDate: IsoDate;
  status: 'PLANNED' | 'SUBMITTED' | 'SUCCEEDED' | 'FAILED';
}

export interface CollectionPlanInput {
  today: IsoDate;
  instalments: readonly CollectionInstalment[];
  /** Late charges charged and not paid. */
  lateChargesOutstandingSen: number;
  creditSen: number;
  /** The most one collection may take (the mandate's limit). */
  maxAmountSen: number;
  /** The agreement's collections so far. */
  attempts: readonly CollectionAttempt[];
  settings: DirectDebitSettings;
  /** The public holidays of the product settings, on which no collection is sent. */
  publicHolidays: readonly IsoDate[];
}

export type CollectionPlan =
  | { collect: true; instalmentNo: number; attemptNo: number; amountSen: number }
  | {
      collect: false;
      reason:
        'nothingDue' | 'awaitingResult' | 'collected' | 'retriesUsed' | 'notYet' | 'notBusinessDay';
    };

/**
 * What to collect today, if anything: keyed by the newest instalment that has fallen due and the
 * attempt number, so the same day planned twice is the same collection.
 */
export function planCollection(input: CollectionPlanInput): CollectionPlan {
  if (!isBusinessDay(input.today, input.publicHolidays)) {
    const plan = planThrough(input, input.today);
    return plan.collect ? { collect: false, reason: 'notBusinessDay' } : plan;
  }
  // Today also collects what falls due on the days the bank is closed before the next business day.
  let next = addDays(input.today, 1);
  while (!isBusinessDay(next, input.publicHolidays)) next = addDays(next, 1);
  return planThrough(input, addDays(next, -1));
}

/** Monday to Friday and not a public holiday. */
export function isBusinessDay(date: IsoDate, publicHolidays: readonly IsoDate[]): boolean {
  return isWeekday(date) && !publicHolidays.includes(date);
}

/** The day an instalment due on `dueDate` is first collected: that day or the business day before. */
export function collectionDayFor(dueDate: IsoDate, publicHolidays: readonly IsoDate[]): IsoDate {
  let day = dueDate;
  while (!isBusinessDay(day, publicHolidays)) day = addDays(day, -1);
  return day;
}

/** What to collect of the instalments due by `dueThrough`. */
function planThrough(input: CollectionPlanInput, dueThrough: IsoDate): CollectionPlan {
  const due = input.instalments.filter((row) => row.dueDate <= dueThrough);
  const newest = due.at(-1);
  const owedSen =
    due.reduce((total, row) => total + row.unpaidSen, 0) +
    input.lateChargesOutstandingSen -
    input.creditSen;
  if (!newest || owedSen <= 0) return { collect: false, reason: 'nothingDue' };
  if (input.attempts.some((a) => a.status === 'PLANNED' || a.status === 'SUBMITTED')) {
    return { collect: false, reason: 'awaitingResult' };
  }
  const amountSen = Math.min(owedSen, input.maxAmountSen);
  const tries = input.attempts
    .filter((attempt) => attempt.instalmentNo === newest.instalmentNo)
    .sort((a, b) => a.attemptNo - b.attemptNo);
  const last = tries.at(-1);
  if (!last) return { collect: true, instalmentNo: newest.instalmentNo, attemptNo: 1, amountSen };
  if (last.status === 'SUCCEEDED') return { collect: false, reason: 'collected' };
  if (last.attemptNo >= input.settings.retryCount + 1)
    return { collect: false, reason: 'retriesUsed' };
  if (input.today < addDays(last.collectionDate, input.settings.retryDays)) {
    return { collect: false, reason: 'notYet' };
  }
  return {
    collect: true,
    instalmentNo: newest.instalmentNo,
    attemptNo: last.attemptNo + 1,
    amountSen,
  };
}
