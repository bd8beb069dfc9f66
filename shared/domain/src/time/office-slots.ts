import type { IsoDate } from './calendar-date';
import { addDays, isIsoDate, malaysiaDate, malaysiaInstant, partsOf } from './calendar-date';

/** When interviews and live attestation calls may be booked, in Malaysia time. */
export interface OfficeHours {
  /** `HH:MM`, 24-hour clock. */
  opensAt: string;
  /** `HH:MM`; the last slot ends by then. */
  closesAt: string;
  slotMinutes: number;
  /** Days the office is closed, `YYYY-MM-DD`. */
  publicHolidays: readonly IsoDate[];
}

export const DEFAULT_OFFICE_HOURS: Readonly<OfficeHours> = {
  opensAt: '09:00',
  closesAt: '17:00',
  slotMinutes: 30,
  publicHolidays: [],
};

export type SlotRefusal =
  'weekend' | 'publicHoliday' | 'outsideOfficeHours' | 'notOnSlotBoundary' | 'inThePast';

const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MS_PER_MINUTE = 60 * 1000;

/** Minutes after midnight of an `HH:MM` time, or undefined when it is not one. */
export function minutesOfClockTime(time: string): number | undefined {
  const match = CLOCK_TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

function clockMinutes(time: string): number {
  const minutes = minutesOfClockTime(time);
  if (minutes === undefined) throw new RangeError(`not an HH:MM time: "${time}"`);
  return minutes;
}

/** Monday to Friday (by the calendar date, whatever the zone). */
export function isWeekday(date: IsoDate): boolean {
  const { year, month, day } = partsOf(date);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The instant of a Malaysian date at `minutes` after its midnight. */
function instantAfterMidnight(date: IsoDate, minutes: number): Date {
  return new Date(malaysiaInstant(date).getTime() + minutes * MS_PER_MINUTE);
}

/**
 * Why a slot starting at `start` cannot be booked, or undefined when it can: a weekday that is
 * not a public holiday, on the slot grid from opening time, ending by closing time, all in
 * Malaysia time; and not already begun when `now` is given.
 */
export function slotRefusal(
  start: Date,
  hours: OfficeHours = DEFAULT_OFFICE_HOURS,
  now?: Date,
): SlotRefusal | undefined {
  const date = malaysiaDate(start);
  if (!isWeekday(date)) return 'weekend';
  if (hours.publicHolidays.includes(date)) return 'publicHoliday';
  const sinceMidnightMs = start.getTime() - instantAfterMidnight(date, 0).getTime();
  const opensAt = clockMinutes(hours.opensAt);
  const closesAt = clockMinutes(hours.closesAt);
  const minute = Math.floor(sinceMidnightMs / MS_PER_MINUTE);
  if (minute < opensAt || minute + hours.slotMinutes > closesAt) return 'outsideOfficeHours';
  if (sinceMidnightMs % MS_PER_MINUTE !== 0 || (minute - opensAt) % hours.slotMinutes !== 0) {
    return 'notOnSlotBoundary';
  }
  if (now && start.getTime() < now.getTime()) return 'inThePast';
  return undefined;
}

export function isBookableSlot(
  start: Date,
  hours: OfficeHours = DEFAULT_OFFICE_HOURS,
  now?: Date,
): boolean {
  return slotRefusal(start, hours, now) === undefined;
}

/**
 * The slot starts a calendar shows for `days` Malaysian dates from `fromDate`, in order;
 * weekends and public holidays have none. With `now`, slots already begun are left out.
 */
export function bookableSlots(
  fromDate: IsoDate,
  days: number,
  hours: OfficeHours = DEFAULT_OFFICE_HOURS,
  now?: Date,
): Date[] {
  if (!isIsoDate(fromDate)) throw new RangeError(`not a YYYY-MM-DD date: "${fromDate}"`);
  if (!Number.isSafeInteger(hours.slotMinutes) || hours.slotMinutes <= 0) {
    throw new RangeError('slot length must be a positive whole number of minutes');
  }
  const opensAt = clockMinutes(hours.opensAt);
  const closesAt = clockMinutes(hours.closesAt);
  const slots: Date[] = [];
  for (let offset = 0; offset < days; offset += 1) {
    const date = addDays(fromDate, offset);
    if (!isWeekday(date) || hours.publicHolidays.includes(date)) continue;
    for (
      let minute = opensAt;
      minute + hours.slotMinutes <= closesAt;
      minute += hours.slotMinutes
    ) {
      const start = instantAfterMidnight(date, minute);
      if (!now || start.getTime() >= now.getTime()) slots.push(start);
    }
  }
  return slots;
}
