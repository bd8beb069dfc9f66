import type { Language } from '@lending/contracts';

const ZONE = 'Asia/Kuala_Lumpur';

function locale(language: Language): string {
  return language === 'MS' ? 'ms-MY' : 'en-MY';
}

// The payment result screens show business dates too: the one formatter lives in the journey.
export { businessDateText } from '../../journey/dates';

/** A moment, Malaysia time, to the minute. */
export function instantText(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(locale(language), {
    timeZone: ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** The month of a business date, e.g. "Jan 2027": the schedule's first column. */
export function monthText(date: string, language: Language): string {
  return new Intl.DateTimeFormat(locale(language), {
    timeZone: 'UTC',
    month: 'short',
    year: 'numeric',
  }).format(new Date(`${date}T00:00:00Z`));
}
