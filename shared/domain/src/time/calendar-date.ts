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

const MALAYSIA_OFFSET_MS = MALAYSIA_UTC_OFFSET_MINUTES * 60 * 1000;

/** Malaysia's date and time of day at the given instant, `YYYY-MM-DDTHH:MM:SS.sss` without a
 *  zone: the one place an instant is turned into Malaysian wall time. */
export function malaysiaWallTime(instant: Date): string {
  return new Date(instant.getTime() + MALAYSIA_OFFSET_MS).toISOString().slice(0, 23);
}

/** The instant a Malaysian date and time of day (`HH:MM`, `HH:MM:SS`) is: the other way. */
export function malaysiaInstant(date: IsoDate, time = '00:00'): Date {
  const { year, month, day } = partsOf(date);
  const match = /^(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?$/.exec(time);
  if (!match) throw new RangeError(`not a HH:MM time: "${time}"`);
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) throw new RangeError(`no such time: "${time}"`);
  const ms = Math.round(Number(match[4] ?? 0) * 1000);
  return new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds, ms) - MALAYSIA_OFFSET_MS);
}

/** The calendar date in Malaysia at the given instant. */
export function malaysiaDate(instant: Date): IsoDate {
  return malaysiaWallTime(instant).slice(0, 10);
}

/** `DD/MM/YYYY HH:MM` in Malaysia time: how a letter or a message states when. */
export function malaysiaDayAndTime(instant: Date): string {
  const local = malaysiaWallTime(instant);
  return `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11, 16)}`;
}

/** The time of day in Malaysia at the given instant, `HH:MM` on the 24-hour clock: read the same
 *  in English and Bahasa Melayu, and the same on a device set to any zone. */
export function malaysiaClockTime(instant: Date): string {
  return malaysiaWallTime(instant).slice(11, 16);
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
  const local = malaysiaWallTime(instant);
  return malaysiaInstant(addMonths(local.slice(0, 10), months), local.slice(11));
}
