import type { Language } from '@lending/contracts';
import { calendarMonthText, momentText } from '@lending/platform';

// The payment result screens show business dates too: the one formatter lives in the journey.
export { businessDateText } from '../../journey/dates';

/** A moment, Malaysia time, to the minute. */
export function instantText(iso: string, language: Language): string {
  return momentText(iso, language);
}

/** The month of a business date, e.g. "Jan 2027": the schedule's first column. */
export function monthText(date: string, language: Language): string {
  return calendarMonthText(date, language);
}
