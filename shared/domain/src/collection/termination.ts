import { DEFAULT_AFTER_DAYS_IN_DEFAULT, MIN_DEFAULT_NOTICE_DAYS } from '../loan/collections';
import type { InstalmentPosition, ScheduledInstalment } from '../loan/repayment-ledger';
import type { Sen } from '../money/money';
import type { IsoDate } from '../time/calendar-date';
import { addDays, compareDates, isIsoDate } from '../time/calendar-date';

export type TerminationRefusal =
  'notActive' | 'notLongEnoughInDefault' | 'noDefaultNotice' | 'noticeStillRunning';

export interface TerminationCheck {
  accountStatus: string;
  /** Days the oldest unpaid instalment is past its due date, on `asOf`. */
  daysPastDue: number;
  /** The newest default notice standing on the account, if any. */
  notice: { issuedOn: IsoDate; remedyBy: IsoDate } | null;
  asOf: IsoDate;
}

/**
 * Whether staff may terminate the agreement on `asOf` (DOMAIN.md "Default and termination"):
 * more than 28 days in default, a written default notice given at least 14 days before, and the
 * day it gave to pay by has passed. The reason it may not, otherwise.
 */
export function terminationRefusal(check: TerminationCheck): TerminationRefusal | null {
  if (check.accountStatus !== 'ACTIVE') return 'notActive';
  if (check.daysPastDue <= DEFAULT_AFTER_DAYS_IN_DEFAULT) return 'notLongEnoughInDefault';
  if (!check.notice) return 'noDefaultNotice';
  const { issuedOn, remedyBy } = check.notice;
  if (!isIsoDate(check.asOf) || !isIsoDate(issuedOn) || !isIsoDate(remedyBy)) {
    throw new RangeError('termination dates are not dates');
  }
  const earliest = addDays(issuedOn, MIN_DEFAULT_NOTICE_DAYS);
  if (compareDates(check.asOf, earliest) < 0 || compareDates(check.asOf, remedyBy) <= 0) {
    return 'noticeStillRunning';
  }
  return null;
}

/** The first day termination may be decided on, once a notice stands. */
export function earliestTerminationDate(notice: { issuedOn: IsoDate; remedyBy: IsoDate }): IsoDate {
  const afterNotice = addDays(notice.issuedOn, MIN_DEFAULT_NOTICE_DAYS);
  const afterRemedy = addDays(notice.remedyBy, 1);
  return compareDates(afterNotice, afterRemedy) > 0 ? afterNotice : afterRemedy;
}

export interface TerminationBalance {
  /** Principal of every instalment still unpaid. */
  unpaidPrincipalSen: Sen;
  /** Flat interest of the instalments already due on the termination date, still unpaid. */
  earnedInterestSen: Sen;
  /** Late charges charged to the termination date and not paid or waived. */
  lateChargesSen: Sen;
  /** Interest of instalments not yet due: never charged (the Act allows no other charge). */
  interestForgoneSen: Sen;
  /** What the borrower owes, all of it due on the termination date. */
  balanceSen: Sen;
  /** The forgone interest per instalment, booked as interest not charged. */
  rebates: { instalmentNo: number; amountSen: Sen }[];
}

/**
 * The balance that falls due when an agreement is terminated on `on` (positions read for that
 * day, late charges brought up to it): principal unpaid + interest of instalments already due +
 * late interest. Interest of months not yet reached is not charged, not even the month in
 * progress: DOMAIN.md counts only the flat interest of instalments already due.
 */
export function terminationBalance(
  positions: readonly InstalmentPosition[],
  on: IsoDate,
): TerminationBalance {
  let unpaidPrincipalSen = 0;
  let earnedInterestSen = 0;
  let interestForgoneSen = 0;
  let lateChargesSen = 0;
  const rebates: TerminationBalance['rebates'] = [];
  for (const p of positions) {
    lateChargesSen += p.lateChargesUnpaidSen;
    unpaidPrincipalSen += p.owedPrincipalSen;
    if (compareDates(p.dueDate, on) <= 0) {
      earnedInterestSen += p.owedInterestSen;
    } else if (p.owedInterestSen > 0) {
      interestForgoneSen += p.owedInterestSen;
      rebates.push({ instalmentNo: p.instalmentNo, amountSen: p.owedInterestSen });
    }
  }
  return {
    unpaidPrincipalSen,
    earnedInterestSen,
    lateChargesSen,
    interestForgoneSen,
    balanceSen: unpaidPrincipalSen + earnedInterestSen + lateChargesSen,
    rebates,
  };
}

/**
 * The schedule after termination: every instalment not yet due falls due on the termination
 * date (a new schedule version; the amounts stay, the interest of those months is booked as not
 * charged by `terminationBalance`'s rebates).
 */
export function acceleratedSchedule(
  instalments: readonly ScheduledInstalment[],
  on: IsoDate,
): ScheduledInstalment[] {
  return instalments.map((row) =>
    compareDates(row.dueDate, on) > 0 ? { ...row, dueDate: on } : { ...row },
  );
}
