import type { Sen } from '../money/money';
import { assertSen, divideRoundHalfUp, senFromBigInt } from '../money/money';
import type { IsoDate } from '../time/calendar-date';
import { compareDates, daysBetween } from '../time/calendar-date';
import { instalmentDueDates } from './flat-rate';

export interface EarlySettlementInput {
  principalSen: Sen;
  totalInterestSen: Sen;
  tenureMonths: number;
  disbursementDate: IsoDate;
  firstDueDate: IsoDate;
  /** The Malaysian date the borrower settles on. */
  settlementDate: IsoDate;
  /** Instalment payments received so far, late charges excluded. */
  paidSen: Sen;
  /** Late charges charged and not yet paid. */
  lateChargesOutstandingSen: Sen;
}

export interface EarlySettlement {
  unpaidPrincipalSen: Sen;
  accruedInterestSen: Sen;
  unpaidInterestSen: Sen;
  lateChargesSen: Sen;
  /** Interest of the full schedule that is not charged because the loan ends early. */
  interestForgoneSen: Sen;
  settlementSen: Sen;
}

/** Each instalment's share of the flat interest: equal sen, the last absorbing the rounding. */
export function interestPerInstalment(totalInterestSen: Sen, tenureMonths: number): Sen[] {
  const share = senFromBigInt(divideRoundHalfUp(BigInt(totalInterestSen), BigInt(tenureMonths)));
  return Array.from({ length: tenureMonths }, (_, i) =>
    i === tenureMonths - 1 ? totalInterestSen - share * (tenureMonths - 1) : share,
  );
}

/**
 * Interest accrued to a date. Definition: each instalment period runs from the previous due date
 * (the disbursement date for the first) to its own due date and carries that instalment's share
 * of the flat interest. The share accrues evenly day by day over its period: a period whose due
 * date has been reached has accrued in full, the period in progress has accrued
 * `share x days elapsed / days in the period` (rounded half up to the sen), later periods nothing.
 * Never the Rule of 78.
 */
export function interestAccruedTo(
  input: Pick<
    EarlySettlementInput,
    'totalInterestSen' | 'tenureMonths' | 'disbursementDate' | 'firstDueDate'
  >,
  date: IsoDate,
): Sen {
  const { totalInterestSen, tenureMonths, disbursementDate, firstDueDate } = input;
  if (compareDates(date, disbursementDate) < 0) {
    throw new RangeError('settlement date is before the disbursement date');
  }
  const shares = interestPerInstalment(totalInterestSen, tenureMonths);
  const dueDates = instalmentDueDates(firstDueDate, tenureMonths);
  let accrued = 0;
  let periodStart = disbursementDate;
  for (const [i, dueDate] of dueDates.entries()) {
    const share = shares[i] ?? 0;
    if (compareDates(date, dueDate) >= 0) {
      accrued += share;
    } else {
      const elapsed = Math.max(0, daysBetween(periodStart, date));
      const length = daysBetween(periodStart, dueDate);
      if (length > 0 && elapsed > 0) {
        accrued += senFromBigInt(
          divideRoundHalfUp(BigInt(share) * BigInt(elapsed), BigInt(length)),
        );
      }
      break;
    }
    periodStart = dueDate;
  }
  return accrued;
}

/**
 * The amount that settles the loan today: principal still unpaid + interest accrued to the
 * settlement date and not yet paid + late charges outstanding. Payments received settle accrued
 * interest first, then principal. Interest not yet accrued is never charged.
 */
export function earlySettlement(input: EarlySettlementInput): EarlySettlement {
  const { principalSen, totalInterestSen, paidSen, lateChargesOutstandingSen } = input;
  for (const [label, value] of Object.entries({
    principalSen,
    totalInterestSen,
    paidSen,
    lateChargesOutstandingSen,
  })) {
    assertSen(value, label);
    if (value < 0) throw new RangeError(`${label} must not be negative`);
  }
  const accruedInterestSen = interestAccruedTo(input, input.settlementDate);
  const unpaidInterestSen = Math.max(0, accruedInterestSen - paidSen);
  const paidToPrincipal = Math.max(0, paidSen - accruedInterestSen);
  const unpaidPrincipalSen = Math.max(0, principalSen - paidToPrincipal);
  return {
    unpaidPrincipalSen,
    accruedInterestSen,
    unpaidInterestSen,
    lateChargesSen: lateChargesOutstandingSen,
    interestForgoneSen: totalInterestSen - accruedInterestSen,
    settlementSen: unpaidPrincipalSen + unpaidInterestSen + lateChargesOutstandingSen,
  };
}
