import type { BasisPoints, Sen } from '../money/money';
import { assertBasisPoints, assertSen, divideRoundHalfUp, senFromBigInt } from '../money/money';
import type { IsoDate } from '../time/calendar-date';
import { daysBetween } from '../time/calendar-date';

/** Late interest of 8% a year, simple, from product settings. */
export const DEFAULT_LATE_CHARGE_ANNUAL_RATE_BP: BasisPoints = 800;

export interface LateChargeTerms {
  /** S: the overdue instalment amount. */
  overdueSen: Sen;
  /** D: days in default. */
  daysOverdue: number;
  annualRateBp?: BasisPoints;
}

/**
 * `R = 8/100 x D/365 x S`, rounded half up to the sen. Simple interest on the overdue amount
 * only: never compounded, and not counted as loan interest. RM973.33 for 10 days is RM2.13.
 */
export function lateCharge({
  overdueSen,
  daysOverdue,
  annualRateBp = DEFAULT_LATE_CHARGE_ANNUAL_RATE_BP,
}: LateChargeTerms): Sen {
  assertSen(overdueSen, 'overdue amount');
  assertBasisPoints(annualRateBp);
  if (overdueSen < 0) throw new RangeError('overdue amount must not be negative');
  if (!Number.isSafeInteger(daysOverdue) || daysOverdue < 0) {
    throw new RangeError('days overdue must be a whole, non-negative number');
  }
  return senFromBigInt(
    divideRoundHalfUp(
      BigInt(overdueSen) * BigInt(annualRateBp) * BigInt(daysOverdue),
      10_000n * 365n,
    ),
  );
}

/** Days in default on `asOf`: none on or before the due date, then one for each day after it. */
export function daysInDefault(dueDate: IsoDate, asOf: IsoDate): number {
  return Math.max(0, daysBetween(dueDate, asOf));
}

export interface LateChargeAccrual {
  overdueSen: Sen;
  dueDate: IsoDate;
  /** The Malaysian date the daily job runs for. */
  asOf: IsoDate;
  /** What has already been charged on this instalment. */
  alreadyChargedSen: Sen;
  annualRateBp?: BasisPoints;
}

/**
 * What the daily job should add today for one overdue instalment: the charge due for every day
 * in default up to `asOf`, less what was already charged. Running twice adds nothing the second
 * time, and a missed day is caught up on the next run.
 */
export function lateChargeToAccrue({
  overdueSen,
  dueDate,
  asOf,
  alreadyChargedSen,
  annualRateBp,
}: LateChargeAccrual): Sen {
  assertSen(alreadyChargedSen, 'already charged');
  const dueToDate = lateCharge({
    overdueSen,
    daysOverdue: daysInDefault(dueDate, asOf),
    ...(annualRateBp === undefined ? {} : { annualRateBp }),
  });
  return Math.max(0, dueToDate - alreadyChargedSen);
}
