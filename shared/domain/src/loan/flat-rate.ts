import type { BasisPoints, Sen } from '../money/money';
import { assertBasisPoints, assertSen, divideRoundHalfUp, senFromBigInt } from '../money/money';
import type { IsoDate } from '../time/calendar-date';
import { addMonths } from '../time/calendar-date';

export interface FlatRateTerms {
  principalSen: Sen;
  tenureMonths: number;
  annualRateBp: BasisPoints;
}

export interface InstalmentSchedule {
  principalSen: Sen;
  tenureMonths: number;
  totalInterestSen: Sen;
  /** Principal plus interest: exactly the sum of `instalmentsSen`. */
  totalRepayableSen: Sen;
  /** Every instalment but the last. */
  monthlyInstalmentSen: Sen;
  /** The last instalment, which absorbs the rounding of the others. */
  lastInstalmentSen: Sen;
  instalmentsSen: Sen[];
}

/** The public simulator's rate: 1.5% a month. */
export const SIMULATOR_MONTHLY_RATE_BP: BasisPoints = 150;

function assertTerms(principalSen: Sen, tenureMonths: number): void {
  assertSen(principalSen, 'principal');
  if (principalSen <= 0) throw new RangeError('principal must be positive');
  if (!Number.isSafeInteger(tenureMonths) || tenureMonths <= 0) {
    throw new RangeError('tenure must be a positive whole number of months');
  }
}

/** Flat interest `P x n x annual / 12`, rounded half up to the sen. */
export function flatRateInterest({ principalSen, tenureMonths, annualRateBp }: FlatRateTerms): Sen {
  assertTerms(principalSen, tenureMonths);
  assertBasisPoints(annualRateBp);
  return senFromBigInt(
    divideRoundHalfUp(
      BigInt(principalSen) * BigInt(tenureMonths) * BigInt(annualRateBp),
      12n * 10_000n,
    ),
  );
}

function scheduleFor(
  principalSen: Sen,
  tenureMonths: number,
  totalInterestSen: Sen,
): InstalmentSchedule {
  const totalRepayableSen = principalSen + totalInterestSen;
  const monthlyInstalmentSen = senFromBigInt(
    divideRoundHalfUp(BigInt(totalRepayableSen), BigInt(tenureMonths)),
  );
  const lastInstalmentSen = totalRepayableSen - monthlyInstalmentSen * (tenureMonths - 1);
  const instalmentsSen = Array.from({ length: tenureMonths }, (_, i) =>
    i === tenureMonths - 1 ? lastInstalmentSen : monthlyInstalmentSen,
  );
  return {
    principalSen,
    tenureMonths,
    totalInterestSen,
    totalRepayableSen,
    monthlyInstalmentSen,
    lastInstalmentSen,
    instalmentsSen,
  };
}

/**
 * Flat-rate instalments: `(P + P x n x r) / n` with `r` the monthly rate (annual / 12). Each
 * instalment is rounded to the sen and the last absorbs the rounding, so the instalments add up
 * to exactly `P + interest`. The one schedule behind the approved-loan summary, the agreement's
 * instalment table and the repayment schedule.
 */
export function instalmentSchedule(terms: FlatRateTerms): InstalmentSchedule {
  return scheduleFor(terms.principalSen, terms.tenureMonths, flatRateInterest(terms));
}

export interface SimulatorTerms {
  principalSen: Sen;
  tenureMonths: number;
  /** Defaults to the simulator's 1.5% a month. */
  monthlyRateBp?: BasisPoints;
}

/** The public simulator: the same schedule at a monthly flat rate (`P x n x monthly`). */
export function simulateInstalments({
  principalSen,
  tenureMonths,
  monthlyRateBp = SIMULATOR_MONTHLY_RATE_BP,
}: SimulatorTerms): InstalmentSchedule {
  assertTerms(principalSen, tenureMonths);
  assertBasisPoints(monthlyRateBp);
  const interest = senFromBigInt(
    divideRoundHalfUp(BigInt(principalSen) * BigInt(tenureMonths) * BigInt(monthlyRateBp), 10_000n),
  );
  return scheduleFor(principalSen, tenureMonths, interest);
}

/** Due dates a month apart from the first one, each clamped to the end of its month. */
export function instalmentDueDates(firstDueDate: IsoDate, tenureMonths: number): IsoDate[] {
  return Array.from({ length: tenureMonths }, (_, i) => addMonths(firstDueDate, i));
}
