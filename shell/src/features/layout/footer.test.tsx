import '@lending/ui/src/testing/jsdom';

import { formatDate } from './footer';

describe('the footer’s licence dates', () => {
  it('read as Intl writes a long date in Malaysia, every month, in both languages', () => {
    for (let month = 1; month <= 12; month += 1) {
      const iso = `2025-${String(month).padStart(2, '0')}-0${(month % 9) + 1}`;
      const instant = new Date(`${iso}T00:00:00+08:00`);
      for (const [language, locale] of [
        ['EN', 'en-MY'],
        ['MS', 'ms-MY'],
      ] as const) {
        const expected = new Intl.DateTimeFormat(locale, {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          timeZone: 'Asia/Kuala_Lumpur',
        }).format(instant);
        expect(formatDate(iso, language)).toBe(expected);
      }
    }
  });
});
