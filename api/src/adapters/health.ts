// How each outside service has answered this API process: when it was last called, how long that
// took, and its last failure. Kept in memory: it is what this process saw (several processes each
// keep their own), and a restart starts it afresh. Every asynchronous call of an adapter passes
// through `observe`, sandboxes included, so the providers page shows them all alike.
import type { Clock } from '../kernel/clock';

export interface ServiceHealth {
  calls: number;
  failures: number;
  lastCallAt: Date | null;
  lastLatencyMs: number | null;
  lastOkAt: Date | null;
  lastError: { at: Date; message: string } | null;
}

const MAX_ERROR_LENGTH = 300;

/** The message with every secret the service was configured with blotted out: a vendor that
 *  echoes a credential back in an error must not put it on the providers page. */
export function scrub(message: string, secrets: readonly string[]): string {
  let clean = message;
  for (const secret of secrets) {
    if (secret.length >= 4) clean = clean.split(secret).join('•••');
  }
  return clean.slice(0, MAX_ERROR_LENGTH);
}

export function createHealthBoard(clock: Clock) {
  const board = new Map<string, ServiceHealth>();

  function entry(service: string): ServiceHealth {
    let health = board.get(service);
    if (!health) {
      health = {
        calls: 0,
        failures: 0,
        lastCallAt: null,
        lastLatencyMs: null,
        lastOkAt: null,
        lastError: null,
      };
      board.set(service, health);
    }
    return health;
  }

  function record(
    service: string,
    startedAt: Date,
    started: number,
    error: unknown,
    secrets: readonly string[],
  ) {
    const health = entry(service);
    health.calls += 1;
    health.lastCallAt = startedAt;
    health.lastLatencyMs = Math.round(performance.now() - started);
    if (error === undefined) {
      health.lastOkAt = startedAt;
      return;
    }
    health.failures += 1;
    // An adapter that words a vendor's failure for people keeps the vendor's own as its cause.
    const cause = (error as { cause?: unknown } | null)?.cause;
    const message =
      cause instanceof Error ? cause.message : error instanceof Error ? error.message : 'failed';
    health.lastError = { at: startedAt, message: scrub(message, secrets) };
  }

  return {
    /**
     * The adapter with each of its asynchronous methods timed and recorded under `service`.
     * Synchronous methods (reading a signed notification, a meeting's links) pass straight on.
     */
    observe<T extends object>(service: string, adapter: T, secrets: readonly string[] = []): T {
      entry(service);
      return new Proxy(adapter, {
        get(target, property, receiver) {
          const value: unknown = Reflect.get(target, property, receiver);
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            const startedAt = clock.now();
            const started = performance.now();
            const result: unknown = Reflect.apply(value, target, args);
            if (!(result instanceof Promise)) return result;
            return result.then(
              (answer: unknown) => {
                record(service, startedAt, started, undefined, secrets);
                return answer;
              },
              (error: unknown) => {
                record(service, startedAt, started, error ?? new Error('failed'), secrets);
                throw error;
              },
            );
          };
        },
      });
    },

    health(service: string): ServiceHealth {
      return { ...entry(service) };
    },
  };
}

export type HealthBoard = ReturnType<typeof createHealthBoard>;
