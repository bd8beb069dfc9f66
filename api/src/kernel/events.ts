// Events and their handlers. A state change records its events in its own transaction: the event
// row (unique by key) and one pg-boss job per handler are written through the caller's transaction,
// so nothing is sent for a change that rolled back, and a change that committed has its jobs even
// if the process dies the next instant. pg-boss then runs the handlers with retries, exponential
// backoff and a dead letter queue, on PostgreSQL and on embedded PGlite alike (its `pglite`
// backend, one connection shared with Drizzle).
//
// Not to be confused with the staff work queue (modules/queue) or the sandbox mailbox of emails
// and text messages (adapters/outbox).
import { randomUUID } from 'node:crypto';

import { sql } from 'drizzle-orm';
import { type DrizzleTransactionLike, fromDrizzle, type Job, PgBoss } from 'pg-boss';

import type { Database } from '../db/database';
import { events as eventRows } from '../db/schema';
import type { OrmTransaction } from './transaction';

/** pg-boss keeps its tables in a schema of their own, installed and upgraded on start. */
export const QUEUE_SCHEMA = 'pgboss';

export interface DomainEvent {
  /** What happened, `area.verb` (`payment.booked`, `loan.closed`). */
  type: string;
  /** Names the change: the same key again is the same event, recorded once. */
  key: string;
  payload: Record<string, unknown>;
}

export interface EventJob {
  eventId: string;
  type: string;
  key: string;
  payload: Record<string, unknown>;
}

export interface EventHandler {
  /** Unique among handlers; the name of its queue. */
  name: string;
  /** The event type it runs for. */
  on: string;
  /** Tries after the first before the job goes to the dead letters (3 when not given). */
  retryLimit?: number;
  /** The first retry's delay; each later one doubles it, with jitter (30 s when not given). */
  retryDelaySeconds?: number;
  /** Must be safe to run twice for one event: a job is retried after a crash mid-run. */
  handle(job: EventJob): Promise<void>;
}

/** Writes the event and its handlers' jobs in `tx`; false when the key was recorded before. */
export type RecordEvent = (tx: OrmTransaction, event: DomainEvent) => Promise<boolean>;

interface EventLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface EventBusOptions {
  db: Database;
  log: EventLog;
  /** Run handlers as jobs arrive (polling every `pollingSeconds`); off in tests, which call
   *  `drain()` instead. */
  work: boolean;
  pollingSeconds?: number;
}

const deadLetters = (queue: string) => `${queue}.dead`;

export function createEventBus(options: EventBusOptions) {
  const { db, log } = options;
  const handlers = new Map<string, EventHandler>();
  const boss = new PgBoss({
    db: db.sql,
    backend: db.kind === 'pglite' ? 'pglite' : 'postgres',
    schema: QUEUE_SCHEMA,
    // Daily jobs still run on the scheduled jobs table; pg-boss's cron stays off until they move.
    schedule: false,
  });
  boss.on('error', (error: Error) => log.error({ error: error.message }, 'job queue error'));
  let started = false;
  let attempted = false;

  async function run(handler: EventHandler, job: Job<EventJob>): Promise<void> {
    try {
      await handler.handle(job.data);
    } catch (error) {
      // Type and key only: a payload may name a person.
      log.warn(
        { handler: handler.name, event: job.data.type, key: job.data.key, error: String(error) },
        'event handler failed',
      );
      throw error;
    }
  }

  const record: RecordEvent = async (tx, event) => {
    if (!started) throw new Error('events recorded before the job queue started');
    const id = randomUUID();
    const [row] = await tx
      .insert(eventRows)
      .values({ id, type: event.type, key: event.key, payload: event.payload })
      .onConflictDoNothing()
      .returning({ id: eventRows.id });
    if (!row) return false;
    const data: EventJob = { eventId: id, ...event };
    // Drizzle types `execute` loosely; on both drivers it answers `{ rows }`, which pg-boss reads.
    const inTx = fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
    for (const handler of handlers.values()) {
      if (handler.on === event.type) await boss.send(handler.name, data, { db: inTx });
    }
    return true;
  };

  return {
    record,

    /** Adds a handler; before `start` only. */
    on(handler: EventHandler): void {
      if (started) throw new Error(`handler ${handler.name} added after the job queue started`);
      if (handlers.has(handler.name)) throw new Error(`handler ${handler.name} added twice`);
      handlers.set(handler.name, handler);
    },

    /** Installs or upgrades pg-boss's schema, creates the handlers' queues, starts working. */
    async start(): Promise<void> {
      if (started) return;
      attempted = true;
      await boss.start();
      for (const handler of handlers.values()) {
        const dead = deadLetters(handler.name);
        await boss.createQueue(dead);
        await boss.createQueue(handler.name, {
          retryLimit: handler.retryLimit ?? 3,
          retryDelay: handler.retryDelaySeconds ?? 30,
          retryBackoff: true,
          retryDelayMax: 60 * 60,
          deadLetter: dead,
        });
        // Reading a job of the queue caches the queue's settings now: a first `send` inside a
        // transaction would otherwise look them up outside it, which on PGlite's one connection
        // waits for that very transaction to end.
        await boss.findJobs(handler.name, { id: randomUUID() });
        if (options.work) {
          await boss.work<EventJob>(
            handler.name,
            { pollingIntervalSeconds: options.pollingSeconds ?? 2, batchSize: 1 },
            async (jobs) => {
              for (const job of jobs) await run(handler, job);
            },
          );
        }
      }
      started = true;
    },

    /**
     * Runs every job that is due now, until none is left: what tests wait on instead of polling.
     * A job waiting out its retry delay is not due and stays.
     */
    async drain(): Promise<number> {
      let ran = 0;
      for (let found = true; found;) {
        found = false;
        for (const handler of handlers.values()) {
          for (const job of await boss.fetch<EventJob>(handler.name, { batchSize: 10 })) {
            found = true;
            ran += 1;
            try {
              await run(handler, job);
              await boss.complete(handler.name, job.id);
            } catch (error) {
              await boss.fail(handler.name, job.id, { error: String(error) });
            }
          }
        }
      }
      return ran;
    },

    /** The queue underneath, for suites that look at jobs, retries and dead letters. */
    queue: boss,
    deadLetters,

    /** Stops taking jobs and waits for handlers under way; the database stays open. */
    /** Whether the queue is working (its schema installed, its queues made). */
    get started(): boolean {
      return started;
    },

    async stop(): Promise<void> {
      if (!attempted) return;
      attempted = false;
      started = false;
      try {
        await boss.stop({ graceful: true, close: false });
      } catch (error) {
        // A start that failed (its database gone) leaves nothing running to stop.
        log.warn({ error: String(error) }, 'job queue stop');
      }
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
