import type { CaseBucketStarts } from '../collection/collection-case';
import type { ContactRules } from '../collection/contact-rules';
import type { Sen } from '../money/money';
import type { CollectionStage } from '../status/collection-stage';
import type { IsoDate } from '../time/calendar-date';
import { addDays, compareDates, daysBetween, isIsoDate } from '../time/calendar-date';
import type { InstalmentPosition } from './repayment-ledger';

/** How collection reminds borrowers, held in product settings so it changes without a deploy. */
export interface CollectionSettings {
  /** Days before a due date the reminder goes out (email and SMS). */
  reminderDaysBefore: number;
  /** Permitted hours and frequency of contact; DEFAULT_CONTACT_RULES when absent. */
  contact?: ContactRules;
  /** Where each bucket of days past due starts; DEFAULT_CASE_BUCKET_STARTS when absent. */
  caseBuckets?: CaseBucketStarts;
}

export const DEFAULT_COLLECTION_SETTINGS: Readonly<CollectionSettings> = { reminderDaysBefore: 3 };

/** A reminder further ahead than two weeks reads as a new bill, not a reminder. */
export const MAX_REMINDER_DAYS_BEFORE = 14;

export function isValidReminderDaysBefore(days: number): boolean {
  return Number.isSafeInteger(days) && days >= 1 && days <= MAX_REMINDER_DAYS_BEFORE;
}

/** The lender may terminate only after MORE than this many days in default (DOMAIN.md). */
export const DEFAULT_AFTER_DAYS_IN_DEFAULT = 28;

/** The least written notice before termination the law allows. */
export const MIN_DEFAULT_NOTICE_DAYS = 14;

/** The longest warning a default notice may give: beyond it the notice would lose its point. */
export const MAX_DEFAULT_NOTICE_DAYS = 90;

export interface ArrearsPosition {
  /** Days the oldest unpaid instalment is past its due date; 0 when nothing is overdue. */
  daysPastDue: number;
  /** Instalments past their due date, unpaid (principal and interest). */
  overdueSen: Sen;
  /** Late charges charged and not paid, on every instalment. */
  lateChargesSen: Sen;
  /** The overdue instalments, oldest first. */
  overdue: { instalmentNo: number; dueDate: IsoDate; unpaidSen: Sen; daysOverdue: number }[];
  /** More than 28 days in default: staff may issue a default notice. */
  readyForDefault: boolean;
}

/** The account's arrears on the business date its positions were read for. */
export function arrearsOf(positions: readonly InstalmentPosition[]): ArrearsPosition {
  const overdue = positions
    .filter((p) => p.state === 'OVERDUE')
    .map((p) => ({
      instalmentNo: p.instalmentNo,
      dueDate: p.dueDate,
      unpaidSen: p.unpaidSen,
      daysOverdue: p.daysOverdue,
    }));
  const daysPastDue = overdue.reduce((most, p) => Math.max(most, p.daysOverdue), 0);
  return {
    daysPastDue,
    overdueSen: overdue.reduce((sum, p) => sum + p.unpaidSen, 0),
    lateChargesSen: positions.reduce((sum, p) => sum + p.lateChargesUnpaidSen, 0),
    overdue,
    readyForDefault: daysPastDue > DEFAULT_AFTER_DAYS_IN_DEFAULT,
  };
}

/**
 * The stage the daily job moves an account to. A default notice stands until the arrears are
 * cleared: paying part of them does not withdraw a notice a person issued.
 */
export function collectionStageFor(
  current: CollectionStage,
  arrears: ArrearsPosition,
): CollectionStage {
  if (arrears.overdue.length === 0 && arrears.lateChargesSen === 0) return 'CURRENT';
  if (current === 'DEFAULT_NOTICE_ISSUED') return current;
  // Late charges alone keep an account in arrears, never put a current one there.
  if (arrears.overdue.length === 0) return current === 'CURRENT' ? 'CURRENT' : 'IN_ARREARS';
  return arrears.readyForDefault ? 'READY_FOR_DEFAULT' : 'IN_ARREARS';
}

export interface ReminderDue {
  instalmentNo: number;
  dueDate: IsoDate;
  /** What is still to pay on it. */
  amountSen: Sen;
}

/**
 * Instalments to remind the borrower of on `asOf`: unpaid, falling due within `daysBefore` days
 * (today included). A day the job missed is caught up the next day, as long as the due date has
 * not passed; whether a reminder already went is the caller's record, not this function's.
 */
export function remindersDue(
  positions: readonly InstalmentPosition[],
  asOf: IsoDate,
  daysBefore: number,
): ReminderDue[] {
  return positions
    .filter(
      (p) =>
        p.unpaidSen > 0 &&
        compareDates(p.dueDate, asOf) >= 0 &&
        daysBetween(asOf, p.dueDate) <= daysBefore,
    )
    .map((p) => ({ instalmentNo: p.instalmentNo, dueDate: p.dueDate, amountSen: p.unpaidSen }));
}

/**
 * Whether an arrears notice is due: an instalment missed since the last notice (`noticedThrough`
 * is the newest instalment the last notice covered). Several due dates missed while the job was
 * down make one notice, listing them all.
 */
export function arrearsNoticeDue(arrears: ArrearsPosition, noticedThrough: number): boolean {
  const newest = arrears.overdue.at(-1)?.instalmentNo ?? 0;
  return newest > noticedThrough;
}

/** The day a default notice gives the borrower to pay by: at least 14 days after it is issued. */
export function defaultNoticeRemedyDate(issuedOn: IsoDate, warningDays: number): IsoDate {
  if (!isIsoDate(issuedOn)) throw new RangeError('issue date is not a date');
  if (
    !Number.isSafeInteger(warningDays) ||
    warningDays < MIN_DEFAULT_NOTICE_DAYS ||
    warningDays > MAX_DEFAULT_NOTICE_DAYS
  ) {
    throw new RangeError(
      `a default notice gives ${MIN_DEFAULT_NOTICE_DAYS} to ${MAX_DEFAULT_NOTICE_DAYS} days`,
    );
  }
  return addDays(issuedOn, warningDays);
}
