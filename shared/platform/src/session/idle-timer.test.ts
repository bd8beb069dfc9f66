import {
  ACTIVITY_THROTTLE_MS,
  IDLE_TIMEOUT_MS,
  IdleTimer,
  type SharedActivity,
} from './idle-timer';

describe('idle sign-out', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-23T09:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('fires once after 15 minutes without activity', () => {
    const onIdle = jest.fn();
    const timer = new IdleTimer(onIdle);
    timer.start();
    jest.advanceTimersByTime(IDLE_TIMEOUT_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(IDLE_TIMEOUT_MS * 2);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('starts the 15 minutes again on activity', () => {
    const onIdle = jest.fn();
    const timer = new IdleTimer(onIdle);
    timer.start();
    jest.advanceTimersByTime(10 * 60 * 1000);
    timer.activity();
    jest.advanceTimersByTime(10 * 60 * 1000);
    expect(onIdle).not.toHaveBeenCalled();
    jest.advanceTimersByTime(5 * 60 * 1000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('counts activity at most every 500 ms', () => {
    const onIdle = jest.fn();
    const timer = new IdleTimer(onIdle);
    timer.start();
    jest.advanceTimersByTime(IDLE_TIMEOUT_MS - 1000);
    timer.activity(); // counted: the 15 minutes restart here
    jest.advanceTimersByTime(300);
    timer.activity(); // 300 ms later: ignored
    jest.advanceTimersByTime(IDLE_TIMEOUT_MS - 300);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('does nothing once stopped', () => {
    const onIdle = jest.fn();
    const timer = new IdleTimer(onIdle);
    timer.start();
    timer.stop();
    timer.activity();
    jest.advanceTimersByTime(IDLE_TIMEOUT_MS * 2);
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('waits while the person works in another tab, and fires once all their tabs are idle', () => {
    let shared: number | null = null;
    const store: SharedActivity = { read: () => shared, write: (at) => (shared = at) };
    const clock = {
      now: () => Date.now(),
      setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
      clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    };
    const onIdleHere = jest.fn();
    const onIdleThere = jest.fn();
    const here = new IdleTimer(onIdleHere, IDLE_TIMEOUT_MS, ACTIVITY_THROTTLE_MS, clock, store);
    const there = new IdleTimer(onIdleThere, IDLE_TIMEOUT_MS, ACTIVITY_THROTTLE_MS, clock, store);
    here.start();
    there.start();
    // The person works in the other tab for half an hour.
    for (let minute = 0; minute < 30; minute += 5) {
      jest.advanceTimersByTime(5 * 60 * 1000);
      expect(there.activity()).toBe(true);
    }
    expect(onIdleHere).not.toHaveBeenCalled();
    // Then leaves both.
    jest.advanceTimersByTime(IDLE_TIMEOUT_MS - 1);
    expect(onIdleHere).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(onIdleHere).toHaveBeenCalledTimes(1);
    expect(onIdleThere).toHaveBeenCalledTimes(1);
  });
});
