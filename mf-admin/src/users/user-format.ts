import { dayText, momentText, useLanguage } from '@lending/platform';

/** A moment as a Malaysia calendar day, in the page's language. */
export function useDayText() {
  const language = useLanguage();
  return (iso: string) => dayText(iso, language);
}

/** A moment to the minute, as staff in Malaysia read it. */
export function useTimeText() {
  const language = useLanguage();
  return (iso: string) => momentText(iso, language);
}
