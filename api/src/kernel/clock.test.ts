import { createBusinessClock, fixedClock, malaysiaToday } from './clock';

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

});
