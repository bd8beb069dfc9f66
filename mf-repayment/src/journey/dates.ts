import type { Language } from '@lending/contracts';

/** A business date (`YYYY-MM-DD`, already Malaysian) as people read it: no zone shift. */
export function businessDateText(date: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'MS' ? 'ms-MY' : 'en-MY', {
    timeZone: 'UTC',
    dateStyle: 'medium',
  }).format(new Date(`${date}T00:00:00Z`));
}
