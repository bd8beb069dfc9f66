import type { Language } from '@lending/contracts';
import { dayText, momentText } from '@lending/platform';

/** A date as the lender's calendar shows it (Malaysia time), in the reader's language. */
export function formatDate(iso: string, language: Language): string {
  return dayText(iso, language, 'long');
}

/** A date and time in Malaysia time, e.g. for an interview slot. */
export function formatDateTime(iso: string, language: Language): string {
  return momentText(iso, language, { date: 'full' });
}
