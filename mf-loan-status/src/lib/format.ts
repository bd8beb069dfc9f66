import type { Language } from '@lending/contracts';

const LOCALES: Record<Language, string> = { EN: 'en-MY', MS: 'ms-MY' };

/** A date as the lender's calendar shows it (Malaysia time), in the reader's language. */
export function formatDate(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'long',
    timeZone: 'Asia/Kuala_Lumpur',
  }).format(new Date(iso));
}

/** A date and time in Malaysia time, e.g. for an interview slot. */
export function formatDateTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Asia/Kuala_Lumpur',
  }).format(new Date(iso));
}
