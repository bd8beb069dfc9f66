import { calendarDateText, calendarMonthText, dayText, momentText } from './dates';

describe('dates as people in Malaysia read them', () => {
  it('reads a calendar date as it is, whatever the zone of the machine', () => {
    // Midnight UTC is 8 am in Malaysia: a shift either way would show 31 July or 2 August.
    expect(calendarDateText('2027-08-01', 'EN', 'long')).toBe('1 August 2027');
    expect(calendarDateText('2027-08-01', 'MS', 'long')).toBe('1 Ogos 2027');
    expect(calendarMonthText('2027-08-01', 'MS')).toBe('Ogo 2027');
    expect(calendarMonthText('2027-08', 'MS', 'long')).toBe('Ogos 2027');
  });

  it('reads a moment on the Malaysian clock and calendar', () => {
    // 16:30 UTC on New Year's Eve is already New Year's Day in Malaysia.
    expect(dayText('2026-12-31T16:30:00Z', 'EN')).toBe('1 Jan 2027');
    expect(momentText('2026-12-31T16:30:00Z', 'EN')).toBe('1 Jan 2027, 12:30 am');
    expect(momentText('2026-12-31T16:30:00Z', 'MS')).toBe('1 Jan 2027, 12:30 PG');
    expect(momentText('2026-12-31T16:30:05Z', 'EN', { date: 'long', seconds: true })).toBe(
      '1 January 2027 at 12:30:05 am',
    );
  });
});
