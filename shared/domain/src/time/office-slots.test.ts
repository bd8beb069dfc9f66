import { bookableSlots, DEFAULT_OFFICE_HOURS, isBookableSlot, slotRefusal } from './office-slots';

/** An instant given in Malaysia time (UTC+8). */
const myt = (local: string) => new Date(`${local}+08:00`);
const hours = { ...DEFAULT_OFFICE_HOURS, publicHolidays: ['2025-08-29'] };

// 2025-08-25 is a Monday; 2025-08-29 (Friday) is a holiday in these settings.
describe('bookable interview and attestation slots', () => {
  it('opens the first slot at 09:00 Malaysia time, not a minute before', () => {
    expect(isBookableSlot(myt('2025-08-25T09:00:00'), hours)).toBe(true);
    expect(slotRefusal(myt('2025-08-25T08:59:00'), hours)).toBe('outsideOfficeHours');
  });

  it('takes the last slot at 16:30 and none at 17:00', () => {
    expect(isBookableSlot(myt('2025-08-25T16:30:00'), hours)).toBe(true);
    expect(slotRefusal(myt('2025-08-25T17:00:00'), hours)).toBe('outsideOfficeHours');
  });

  it('refuses a start off the slot grid', () => {
    expect(slotRefusal(myt('2025-08-25T09:10:00'), hours)).toBe('notOnSlotBoundary');
    expect(slotRefusal(myt('2025-08-25T09:00:30'), hours)).toBe('notOnSlotBoundary');
  });

  it('refuses weekends and public holidays', () => {
    expect(slotRefusal(myt('2025-08-30T10:00:00'), hours)).toBe('weekend');
    expect(slotRefusal(myt('2025-08-31T10:00:00'), hours)).toBe('weekend');
    expect(slotRefusal(myt('2025-08-29T10:00:00'), hours)).toBe('publicHoliday');
    expect(isBookableSlot(myt('2025-08-29T10:00:00'), DEFAULT_OFFICE_HOURS)).toBe(true);
  });

  it('reads the day and hour in Malaysia time for UTC instants near midnight', () => {
    // Sunday 31 Aug 16:00 UTC is Monday 1 Sep 00:00 in Kuala Lumpur: closed, not a weekend.
    expect(slotRefusal(new Date('2025-08-31T16:00:00Z'), hours)).toBe('outsideOfficeHours');
    // Sunday 31 Aug 01:00 UTC is Sunday 09:00 in Kuala Lumpur.
    expect(slotRefusal(new Date('2025-08-31T01:00:00Z'), hours)).toBe('weekend');
    // Monday 1 Sep 01:00 UTC is Monday 09:00 in Kuala Lumpur.
    expect(isBookableSlot(new Date('2025-09-01T01:00:00Z'), hours)).toBe(true);
    // Friday 22 Aug 23:30 UTC is already Saturday in Kuala Lumpur.
    expect(slotRefusal(new Date('2025-08-22T23:30:00Z'), hours)).toBe('weekend');
  });

  it('refuses a slot that has already begun when the time now is given', () => {
    const now = myt('2025-08-25T10:05:00');
    expect(slotRefusal(myt('2025-08-25T10:00:00'), hours, now)).toBe('inThePast');
    expect(isBookableSlot(myt('2025-08-25T10:30:00'), hours, now)).toBe(true);
  });

  it('follows the office hours of the settings', () => {
    const short = { opensAt: '10:00', closesAt: '12:00', slotMinutes: 45, publicHolidays: [] };
    expect(isBookableSlot(myt('2025-08-25T10:45:00'), short)).toBe(true);
    expect(slotRefusal(myt('2025-08-25T11:30:00'), short)).toBe('outsideOfficeHours');
  });
});

describe('the slots a calendar shows', () => {
  it('lists sixteen half-hour slots on a working day, 09:00 to 16:30', () => {
    const slots = bookableSlots('2025-08-25', 1, hours);
    expect(slots).toHaveLength(16);
    expect(slots[0]).toEqual(myt('2025-08-25T09:00:00'));
    expect(slots.at(-1)).toEqual(myt('2025-08-25T16:30:00'));
  });

  it('skips weekends and public holidays', () => {
    const days = new Set(
      bookableSlots('2025-08-25', 7, hours).map((slot) =>
        new Date(slot.getTime() + 8 * 3600_000).toISOString().slice(0, 10),
      ),
    );
    expect([...days]).toEqual(['2025-08-25', '2025-08-26', '2025-08-27', '2025-08-28']);
  });

  it('agrees with isBookableSlot for every slot it lists', () => {
    for (const slot of bookableSlots('2025-08-25', 14, hours)) {
      expect(isBookableSlot(slot, hours)).toBe(true);
    }
  });

  it('leaves out the slots of today that have already begun', () => {
    const slots = bookableSlots('2025-08-25', 1, hours, myt('2025-08-25T16:00:01'));
    expect(slots).toEqual([myt('2025-08-25T16:30:00')]);
  });
});
