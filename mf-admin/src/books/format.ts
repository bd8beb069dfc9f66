import { momentText, useLanguage } from '@lending/platform';

export function displayDate(date: string | null): string {
  if (!date) return '—';
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

export const accountPath = (agreementNo: string) =>
  `/admin/accounts?agreementNo=${encodeURIComponent(agreementNo)}`;

/** Instants in Malaysia time, in the page's language. */
export function useDateTime() {
  const language = useLanguage();
  return (iso: string | null) => (iso ? momentText(iso, language) : '—');
}
