import type { Sen } from '../money/money';
import type { IsoDate } from '../time/calendar-date';
import { addMonths, isIsoDate } from '../time/calendar-date';
import { interestPerInstalment } from './early-settlement';
import { type FlatRateTerms, instalmentDueDates, instalmentSchedule } from './flat-rate';

/** When repayment starts, held in product settings so it changes without a deploy. */
export interface RepaymentSettings {
  /** Months from the disbursement date to the first due date. */
  firstDueMonthsAfterDisbursement: number;
}

export const DEFAULT_REPAYMENT_SETTINGS: Readonly<RepaymentSettings> = {
  firstDueMonthsAfterDisbursement: 1,
};

/** The longest wait before the first instalment the settings accept. */
export const MAX_FIRST_DUE_MONTHS = 12;

export function isValidFirstDueMonths(months: number): boolean {
  return Number.isSafeInteger(months) && months >= 1 && months <= MAX_FIRST_DUE_MONTHS;
}

/** The first due date: whole months after the (Malaysian) disbursement date, clamped to the end
 *  of a shorter month. */
export function firstDueDateAfterDisbursement(
  disbursedOn: IsoDate,
  settings: RepaymentSettings = DEFAULT_REPAYMENT_SETTINGS,
): IsoDate {
  if (!isIsoDate(disbursedOn)) throw new RangeError('disbursement date is not a date');
  if (!isValidFirstDueMonths(settings.firstDueMonthsAfterDisbursement)) {
    throw new RangeError('months to the first due date out of range');
  }
  return addMonths(disbursedOn, settings.firstDueMonthsAfterDisbursement);
}

export interface RepaymentScheduleRow {
  instalmentNo: number;
  dueDate: IsoDate;
  instalmentSen: Sen;
  /** The instalment's share of the flat interest (`interestPerInstalment`). */
  interestSen: Sen;
  /** The rest of the instalment: the principal it repays. */
  principalSen: Sen;
}

/**
 * The repayment schedule of a disbursed loan: the flat-rate instalments of `instalmentSchedule`
 * (the same figures as the offer and the agreement's instalment table), each split into its share
 * of the interest and the principal it repays, due monthly from `firstDueDate`. The interest
 * column adds up to the total interest and the principal column to the principal, to the sen.
 */
export function repaymentScheduleRows(
  terms: FlatRateTerms,
  firstDueDate: IsoDate,
): RepaymentScheduleRow[] {
  const schedule = instalmentSchedule(terms);
  const interest = interestPerInstalment(schedule.totalInterestSen, schedule.tenureMonths);
  const dueDates = instalmentDueDates(firstDueDate, schedule.tenureMonths);
  return schedule.instalmentsSen.map((instalmentSen, i) => {
    const interestSen = interest[i]!;
    return {
      instalmentNo: i + 1,
      dueDate: dueDates[i]!,
      instalmentSen,
      interestSen,
      principalSen: instalmentSen - interestSen,
    };
  });
}

/**
 * The rows in one canonical text, a line each (`no|due date|instalment|principal|interest`), so
 * a hash of a stored schedule can be recomputed from its rows anywhere.
 */
export function canonicalScheduleText(rows: readonly RepaymentScheduleRow[]): string {
  return rows
    .map(
      (row) =>
        `${row.instalmentNo}|${row.dueDate}|${row.instalmentSen}|${row.principalSen}|${row.interestSen}\n`,
    )
    .join('');
}
