import { addMonthsToInstant } from '../time/calendar-date';

export interface BanSettings {
  /** After a rejection the applicant may apply again this many months later. */
  rejectionBanMonths: number;
  /** A temporary ban lasts this many months. */
  temporaryBanMonths: number;
}

export const DEFAULT_BAN_SETTINGS: Readonly<BanSettings> = {
  rejectionBanMonths: 3,
  temporaryBanMonths: 6,
};

export type BanKind = 'REJECTION' | 'TEMPORARY_BAN';

export function banMonths(kind: BanKind, settings: BanSettings = DEFAULT_BAN_SETTINGS): number {
  return kind === 'REJECTION' ? settings.rejectionBanMonths : settings.temporaryBanMonths;
}

/**
 * `allowToApplyNewLoanAfterDateTime`: the decision's Malaysian calendar date moved on by the ban's
 * months, at the same time of day. When that day does not exist the ban ends on the last day of
 * the shorter month (31 Jan + 3 months = 30 Apr; 30 Nov + 3 months = 28 or 29 Feb), the same
 * reading as instalment due dates.
 */
export function allowToApplyNewLoanAfter(
  decidedAt: Date,
  kind: BanKind,
  settings: BanSettings = DEFAULT_BAN_SETTINGS,
): Date {
  return addMonthsToInstant(decidedAt, banMonths(kind, settings));
}

/** Whether the ban is over: from the instant it ends the applicant may apply again. */
export function mayApplyAgain(now: Date, allowAfter: Date | null | undefined): boolean {
  return !allowAfter || now.getTime() >= allowAfter.getTime();
}
