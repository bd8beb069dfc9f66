import { useLanguage } from '@lending/platform';

const LOCALES = { EN: 'en-MY', MS: 'ms-MY' } as const;

/** A moment as a Malaysia calendar day, in the page's language. */
export function useDayText() {
  const language = useLanguage();
  return (iso: string) =>
    new Intl.DateTimeFormat(LOCALES[language], {
      dateStyle: 'medium',
      timeZone: 'Asia/Kuala_Lumpur',
    }).format(new Date(iso));
}

/** A moment to the minute, as staff in Malaysia read it. */
export function useTimeText() {
  const language = useLanguage();
  return (iso: string) =>
    new Intl.DateTimeFormat(LOCALES[language], {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Kuala_Lumpur',
    }).format(new Date(iso));
}
