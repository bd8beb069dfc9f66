import type { Language } from '@lending/contracts';

// Dates as people in Malaysia read them, in the page's language: one place for every screen, so a
// date reads the same on every screen, and each format is built once (an Intl.DateTimeFormat
// takes far longer to make than to use).

const LOCALES: Record<Language, string> = { EN: 'en-MY', MS: 'ms-MY' };
const MALAYSIA = 'Asia/Kuala_Lumpur';

export type DateStyle = 'medium' | 'long' | 'full';

const formats = new Map<string, Intl.DateTimeFormat>();

function format(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(LOCALES[language], options);
    formats.set(key, made);
  }
  return made;
}

/** A calendar date (`YYYY-MM-DD`: a business date or a due date, already Malaysia's), read
 *  without any shift of time zone. */
export function calendarDateText(
  date: string,
  language: Language,
  style: DateStyle = 'medium',
): string {
  return format(language, { timeZone: 'UTC', dateStyle: style }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** The month of a calendar date (or of a `YYYY-MM` period): "Jan 2027", or "January 2027". */
export function calendarMonthText(
  date: string,
  language: Language,
  length: 'short' | 'long' = 'short',
): string {
  const day = date.length === 7 ? `${date}-01` : date;
  return format(language, { timeZone: 'UTC', month: length, year: 'numeric' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** The Malaysian day of a moment (an ISO timestamp). */
export function dayText(instant: string, language: Language, style: DateStyle = 'medium'): string {
  return format(language, { timeZone: MALAYSIA, dateStyle: style }).format(new Date(instant));
}

/** A moment to the minute (or to the second, where order matters: an audit trail), Malaysia
 *  time. */
export function momentText(
  instant: string,
  language: Language,
  { date = 'medium', seconds = false }: { date?: DateStyle; seconds?: boolean } = {},
): string {
  return format(language, {
    timeZone: MALAYSIA,
    dateStyle: date,
    timeStyle: seconds ? 'medium' : 'short',
  }).format(new Date(instant));
}
