import { readStored, writeStored } from './storage';

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

/** Where the tabs of one browser leave the time of their latest activity for each other. */
export interface SharedActivity {
  read(): number | null;
  write(at: number): void;
}

/** The last activity of any tab, in local storage (not a session key: the session is not read
 *  again on every mouse move in another tab). */
export const LAST_ACTIVITY_KEY = 'lastActivity';

const storedActivity: SharedActivity = {
  read: () => {
    const at = Number(readStored(LAST_ACTIVITY_KEY));
    return Number.isFinite(at) && at > 0 ? at : null;
  },
  write: (at) => writeStored(LAST_ACTIVITY_KEY, String(at)),
};

/**
 * Calls `onIdle` once after `timeoutMs` without `activity()` here or, when `shared` is given, in
 * another tab: a person working in one tab is not signed out by the tab they left behind.
 */
export class IdleTimer {
  private handle: unknown = null;
  private lastCounted = -Infinity;

  constructor(
    private readonly onIdle: () => void,
    private readonly timeoutMs = IDLE_TIMEOUT_MS,
    private readonly throttleMs = ACTIVITY_THROTTLE_MS,
    private readonly clock: Clock = realClock,
    private readonly shared?: SharedActivity,
  ) {}

  start(): void {
    this.lastCounted = this.clock.now();
    this.shared?.write(this.lastCounted);
    this.arm(this.timeoutMs);
  }

  /** Counts activity (at most once per throttle); whether it was counted. */
  activity(): boolean {
    if (this.handle === null) return false;
    const now = this.clock.now();
    if (now - this.lastCounted < this.throttleMs) return false;
    this.lastCounted = now;
    this.shared?.write(now);
    this.arm(this.timeoutMs);
    return true;
  }

  stop(): void {
    if (this.handle !== null) this.clock.clearTimeout(this.handle);
    this.handle = null;
  }

  private arm(ms: number): void {
    if (this.handle !== null) this.clock.clearTimeout(this.handle);
    this.handle = this.clock.setTimeout(() => {
      this.handle = null;
      const elsewhere = this.shared?.read() ?? null;
      const idleFor = this.clock.now() - Math.max(this.lastCounted, elsewhere ?? -Infinity);
      if (idleFor < this.timeoutMs) this.arm(this.timeoutMs - idleFor);
      else this.onIdle();
    }, ms);
  }
}

/**
 * Listens for activity on the window while signed in, shared with the person's other tabs;
 * `onActivity` hears each counted activity. Returns the way to stop listening.
 */
export function watchIdle(
  onIdle: () => void,
  target: Window = window,
  onActivity?: () => void,
): () => void {
  const timer = new IdleTimer(
    onIdle,
    IDLE_TIMEOUT_MS,
    ACTIVITY_THROTTLE_MS,
    realClock,
    storedActivity,
  );
  const listener = () => {
    if (timer.activity()) onActivity?.();
  };
  for (const name of ACTIVITY_EVENTS) target.addEventListener(name, listener, { passive: true });
  timer.start();
  return () => {
    timer.stop();
    for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, listener);
  };
}
