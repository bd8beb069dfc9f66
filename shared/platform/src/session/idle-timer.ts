/** Spec section 4: signed out after 15 minutes without activity; activity counted at most every
 *  500 ms so a moving mouse does not reset timers hundreds of times a second. */
export const IDLE_TIMEOUT_MS = 15 * 60 * 1000;
export const ACTIVITY_THROTTLE_MS = 500;

export const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'touchstart',
  'scroll',
  'wheel',
] as const;

interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Calls `onIdle` once after `timeoutMs` without `activity()`. */
export class IdleTimer {
  private handle: unknown = null;
  private lastCounted = -Infinity;

  constructor(
    private readonly onIdle: () => void,
    private readonly timeoutMs = IDLE_TIMEOUT_MS,
    private readonly throttleMs = ACTIVITY_THROTTLE_MS,
    private readonly clock: Clock = realClock,
  ) {}

  start(): void {
    this.lastCounted = this.clock.now();
    this.arm();
  }

  activity(): void {
    if (this.handle === null) return;
    const now = this.clock.now();
    if (now - this.lastCounted < this.throttleMs) return;
    this.lastCounted = now;
    this.arm();
  }

  stop(): void {
    if (this.handle !== null) this.clock.clearTimeout(this.handle);
    this.handle = null;
  }

  private arm(): void {
    if (this.handle !== null) this.clock.clearTimeout(this.handle);
    this.handle = this.clock.setTimeout(() => {
      this.handle = null;
      this.onIdle();
    }, this.timeoutMs);
  }
}

/** Listens for activity on the window while signed in; returns the way to stop listening. */
export function watchIdle(onIdle: () => void, target: Window = window): () => void {
  const timer = new IdleTimer(onIdle);
  const onActivity = () => timer.activity();
  for (const name of ACTIVITY_EVENTS) target.addEventListener(name, onActivity, { passive: true });
  timer.start();
  return () => {
    timer.stop();
    for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, onActivity);
  };
}
