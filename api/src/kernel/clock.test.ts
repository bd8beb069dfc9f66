import { fixedClock, malaysiaToday } from './clock';

describe('the Malaysia-time clock', () => {
  it('gives the date in Malaysia, a day ahead of UTC from 16:00 UTC', () => {
    const clock = fixedClock('2026-05-31T15:59:59Z');
    expect(malaysiaToday(clock)).toBe('2026-05-31');
    clock.advance(1000);
    expect(malaysiaToday(clock)).toBe('2026-06-01');
  });
});
