import { IDLE_TIMEOUT_MS, IdleTimer } from './idle-timer';

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
});
