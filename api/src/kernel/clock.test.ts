import { businessNow, createBusinessClock, fixedClock, malaysiaToday } from './clock';

describe('the Malaysia-time clock', () => {
  it('gives the date in Malaysia, a day ahead of UTC from 16:00 UTC', () => {
    const clock = fixedClock('2026-05-31T15:59:59Z');
    expect(malaysiaToday(clock)).toBe('2026-05-31');
    clock.advance(1000);
    expect(malaysiaToday(clock)).toBe('2026-06-01');
  });
});

describe('the business clock', () => {
  it('keeps its lead on Malaysia’s date as midnight passes, and never goes back', () => {
    const base = fixedClock('2028-02-28T15:00:00Z');
    const clock = createBusinessClock(base);
    expect(malaysiaToday(clock)).toBe('2028-02-28');
    clock.setAheadDays(2);
    expect(malaysiaToday(clock)).toBe('2028-03-01');
    base.advance(60 * 60 * 1000);
    // Over the leap day: Malaysia's date is the 29th, two days ahead is 2 March.
    expect(malaysiaToday(clock)).toBe('2028-03-02');
    expect(clock.now()).toEqual(base.now());
    expect(() => clock.setAheadDays(-1)).toThrow(RangeError);
  });

  it('stands at the day being closed for the work closing it, and only there', async () => {
    const clock = createBusinessClock(fixedClock('2026-01-31T04:00:00Z'));
    const seen: string[] = [];
    const closing = clock.asOf('2026-01-20', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(malaysiaToday(clock));
    });
    seen.push(malaysiaToday(clock));
    await closing;
    expect(seen).toEqual(['2026-01-31', '2026-01-20']);
  });

  it('judges a contact at the time on the wall, on the business date', async () => {
    // 23:59 in Malaysia on 31 January.
    const base = fixedClock('2026-01-31T15:59:00Z');
    const clock = createBusinessClock(base);
    expect(businessNow(clock)).toEqual(base.now());
    // A production catch-up of a past day: people are reached now, on the wall's hour.
    const caughtUp = await clock.asOf('2026-01-20', async () => businessNow(clock), '08:00');
    expect(caughtUp.toISOString()).toBe('2026-01-20T15:59:00.000Z');
    clock.setAheadDays(40);
    expect(businessNow(clock).toISOString()).toBe('2026-03-12T15:59:00.000Z');
    // A sandbox moved ahead closes its days at each job's own hour, whatever the wall says.
    const closed = await clock.asOf('2026-02-20', async () => businessNow(clock), '08:00');
    expect(closed.toISOString()).toBe('2026-02-20T00:00:00.000Z');
    expect(businessNow(fixedClock('2026-01-05T09:00:00Z')).toISOString()).toBe(
      '2026-01-05T09:00:00.000Z',
    );
  });
});
