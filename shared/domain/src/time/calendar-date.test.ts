import {
  addDays,
  addMonths,
  addMonthsToInstant,
  compareDates,
  daysBetween,
  isIsoDate,
  malaysiaDate,
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
