import { useLanguage } from '@lending/platform';

export function displayDate(date: string | null): string {
  if (!date) return '—';
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

export const accountPath = (agreementNo: string) =>
  `/admin/accounts?agreementNo=${encodeURIComponent(agreementNo)}`;

const LOCALES = { EN: 'en-MY', MS: 'ms-MY' } as const;

/** Instants in Malaysia time, in the page's language. */
export function useDateTime() {
  const language = useLanguage();
  return (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(LOCALES[language], {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: 'Asia/Kuala_Lumpur',
        }).format(new Date(iso))
      : '—';
}
