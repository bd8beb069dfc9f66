import type { Language } from '@lending/contracts';
import { calendarDateText } from '@lending/platform';

/** A business date (`YYYY-MM-DD`, already Malaysian) as people read it: no zone shift. */
export function businessDateText(date: string, language: Language): string {
  return calendarDateText(date, language);
}
