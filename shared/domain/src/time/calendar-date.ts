/** A calendar date without a time or zone, written `YYYY-MM-DD`. */
export type IsoDate = string;

/** Malaysia keeps UTC+8 all year (no daylight saving). */
export const MALAYSIA_UTC_OFFSET_MINUTES = 8 * 60;

const MS_PER_DAY = 24 * 60 * 60 * 1000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface DateParts {
  year: number;
  month: number;
  day: number;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isExistingDate({ year, month, day }: DateParts): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

export function toIsoDate({ year, month, day }: DateParts): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  return (
    match !== null &&
    isExistingDate({ year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) })
  );
}

/** The year, month and day of an ISO date; throws a RangeError on anything else. */
export function partsOf(date: IsoDate): DateParts {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: "${date}"`);
  const parts = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (!isExistingDate(parts)) throw new RangeError(`no such date: "${date}"`);
  return parts;
}

/** The calendar date in Malaysia at the given instant. */
export function malaysiaDate(instant: Date): IsoDate {
  const shifted = new Date(instant.getTime() + MALAYSIA_UTC_OFFSET_MINUTES * 60 * 1000);
  return shifted.toISOString().slice(0, 10);
}

function dayNumber(date: IsoDate): number {
  const { year, month, day } = partsOf(date);
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return dayNumber(to) - dayNumber(from);
}

export function compareDates(a: IsoDate, b: IsoDate): number {
  return Math.sign(daysBetween(b, a));
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date((dayNumber(date) + days) * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The same day `months` later, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const { year, month, day } = partsOf(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  return toIsoDate({
    year: targetYear,
    month: targetMonth,
    day: Math.min(day, daysInMonth(targetYear, targetMonth)),
  });
}

/** Completed years from `from` to `on` (an age, or how long a business has traded). */
export function wholeYearsBetween(from: IsoDate, on: IsoDate): number {
  const a = partsOf(from);
  const b = partsOf(on);
  const beforeAnniversary = b.month < a.month || (b.month === a.month && b.day < a.day);
  return b.year - a.year - (beforeAnniversary ? 1 : 0);
}

/** An instant `months` later on the Malaysian calendar, keeping the time of day. */
export function addMonthsToInstant(instant: Date, months: number): Date {
  const offsetMs = MALAYSIA_UTC_OFFSET_MINUTES * 60 * 1000;
  const local = new Date(instant.getTime() + offsetMs);
  const date = addMonths(local.toISOString().slice(0, 10), months);
  const timeOfDay = local.getTime() - Date.parse(`${local.toISOString().slice(0, 10)}T00:00:00Z`);
  return new Date(Date.parse(`${date}T00:00:00Z`) + timeOfDay - offsetMs);
}
