import {
  addDays,
  addMonths,
  addMonthsToInstant,
  compareDates,
  daysBetween,
  isIsoDate,
  malaysiaClockTime,
  malaysiaDate,
  malaysiaDayAndTime,
  malaysiaInstant,
  malaysiaWallTime,
  partsOf,
  wholeYearsBetween,
} from './calendar-date';

describe('calendar dates', () => {
  it('reads the date in Malaysia time, eight hours ahead of UTC', () => {
    expect(malaysiaDate(new Date('2025-03-31T15:59:59Z'))).toBe('2025-03-31');
    expect(malaysiaDate(new Date('2025-03-31T16:00:00Z'))).toBe('2025-04-01');
  });

  it('accepts only dates that exist', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2023-13-01')).toBe(false);
    expect(isIsoDate('23-01-01')).toBe(false);
    expect(() => partsOf('2023-02-30')).toThrow(RangeError);
  });

  it('counts days between dates', () => {
    expect(daysBetween('2025-01-31', '2025-03-01')).toBe(29);
    expect(daysBetween('2025-03-01', '2025-01-31')).toBe(-29);
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(compareDates('2025-01-01', '2024-12-31')).toBe(1);
    expect(compareDates('2025-01-01', '2025-01-01')).toBe(0);
  });

  it('adds months clamped to the last day of the month', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-11-15', 3)).toBe('2026-02-15');
    expect(addMonths('2025-01-15', -1)).toBe('2024-12-15');
  });

  it('counts completed years up to the day before an anniversary', () => {
    expect(wholeYearsBetween('2000-06-15', '2020-06-14')).toBe(19);
    expect(wholeYearsBetween('2000-06-15', '2020-06-15')).toBe(20);
  });

  it('adds months to an instant on the Malaysian calendar', () => {
    expect(addMonthsToInstant(new Date('2025-01-31T17:30:00Z'), 1).toISOString()).toBe(
      '2025-02-28T17:30:00.000Z',
    );
    expect(addMonthsToInstant(new Date('2025-01-15T02:00:00Z'), 3).toISOString()).toBe(
      '2025-04-15T02:00:00.000Z',
    );
  });
});

describe('the time of day in Malaysia', () => {
  it('reads an instant on the 24-hour clock at UTC+8, across midnight too', () => {
    expect(malaysiaClockTime(new Date('2026-11-24T03:05:00.000Z'))).toBe('11:05');
    expect(malaysiaClockTime(new Date('2026-11-24T16:30:00.000Z'))).toBe('00:30');
  });
});

describe('Malaysian wall time and instants, the one place UTC+8 is worked', () => {
  it('turns a Malaysian date and time into its instant, across month and year ends', () => {
    expect(malaysiaInstant('2026-01-01').toISOString()).toBe('2025-12-31T16:00:00.000Z');
    expect(malaysiaInstant('2026-03-01', '00:15').toISOString()).toBe('2026-02-28T16:15:00.000Z');
    expect(malaysiaInstant('2026-04-30', '23:59:59').toISOString()).toBe(
      '2026-04-30T15:59:59.000Z',
    );
  });

  it('knows the leap day, and refuses dates and times that do not exist', () => {
    expect(malaysiaInstant('2028-02-29', '08:00').toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(malaysiaDate(new Date('2028-02-29T16:00:00Z'))).toBe('2028-03-01');
    expect(malaysiaDate(new Date('2027-02-28T16:00:00Z'))).toBe('2027-03-01');
    expect(() => malaysiaInstant('2027-02-29')).toThrow(RangeError);
    expect(() => malaysiaInstant('2026-01-01', '24:00')).toThrow(RangeError);
    expect(() => malaysiaInstant('2026-01-01', '9:30')).toThrow(RangeError);
  });

  it('reads an instant back as Malaysian wall time, and round-trips', () => {
    const at = new Date('2026-12-31T16:30:05.250Z');
    expect(malaysiaWallTime(at)).toBe('2027-01-01T00:30:05.250');
    expect(malaysiaInstant('2027-01-01', '00:30:05.250')).toEqual(at);
    expect(malaysiaDayAndTime(at)).toBe('01/01/2027 00:30');
  });
});
