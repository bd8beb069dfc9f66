import { randomUUID } from 'node:crypto';

import { malaysiaDate, malaysiaInstant } from '@lending/domain';
import { and, eq, isNull, lt, lte, or } from 'drizzle-orm';

import type { Orm } from '../db/database';
import { scheduledJobs } from '../db/schema';
import { writeAudit } from './audit';
import type { Clock } from './clock';
import { inTransaction } from './transaction';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface JobDefinition {
  name: string;
  /** Malaysia time of day the job is due every day, `HH:MM`; a job of the books runs in close
   *  of business instead, in the order of these times. */
  dailyAt: string;
  /** Runs by the wall clock on its own, outside close of business: housekeeping of sessions,
   *  links and calls, which the business date does not move. A job without it is a job of the
   *  books, run for each business day by close of business. */
  ownSchedule?: boolean;
  /** Does the work and says how much (rows removed...); must be safe to run twice. A job of the
   *  books reads the day it runs for as the business date (`malaysiaToday`). */
  run(): Promise<Record<string, number>>;
  /** The runs of other jobs its last run made, listed beside its own (close of business). */
  ranJobs?(): JobRun[];
}

export interface JobRun {
  name: string;
  outcome: 'completed' | 'failed';
  /** Due times that passed since the one claimed; a single run covers them all. */
  missed: number;
  counts: Record<string, number>;
  durationMs: number;
}

interface JobLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobRunnerOptions {
  db: Orm;
  clock: Clock;
  log: JobLog;
  /** How long a claim holds before another process may take the job over (a crash's cost). */
  leaseMs?: number;
}

/** The first instant strictly after `after` that is `HH:MM` in Malaysia. */
export function nextDailyRun(after: Date, dailyAt: string): Date {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(dailyAt)) {
    throw new Error(`a daily time is HH:MM, not ${dailyAt}`);
  }
  let due = malaysiaInstant(malaysiaDate(after), dailyAt).getTime();
  if (due <= after.getTime()) due += DAY_MS;
  return new Date(due);
}

/**
 * Runs scheduled jobs once across every API process sharing the database, on PostgreSQL and on
 * embedded PGlite alike: plain SQL, no LISTEN/NOTIFY, no second connection. A process claims a
 * due job with one conditional update, so only one wins; the lease lets another take over from a
 * process that died mid-job. Missed due times (the API was down) are caught up by one run, since
 * a job covers everything due up to now; the next due time is then the next one after now.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { db, clock, log } = options;
  const leaseMs = options.leaseMs ?? 15 * 60 * 1000;
  const jobs = new Map<string, JobDefinition>();
  const registered = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  /** The jobs the runner schedules: its own-schedule jobs (close of business among them). */
  const scheduled = () => [...jobs.values()].filter((job) => job.ownSchedule);

  async function ensureRows(): Promise<void> {
    for (const job of scheduled()) {
      if (registered.has(job.name)) continue;
      await db
        .insert(scheduledJobs)
        .values({ name: job.name, nextRunAt: nextDailyRun(clock.now(), job.dailyAt) })
        .onConflictDoNothing();
      registered.add(job.name);
    }
  }

  async function claim(name: string, owner: string): Promise<Date | undefined> {
    const now = clock.now();
    const [row] = await db
      .update(scheduledJobs)
      .set({ lockedUntil: new Date(now.getTime() + leaseMs), lockedBy: owner, lastStartedAt: now })
      .where(
        and(
          eq(scheduledJobs.name, name),
          lte(scheduledJobs.nextRunAt, now),
          or(isNull(scheduledJobs.lockedUntil), lt(scheduledJobs.lockedUntil, now)),
        ),
      )
      .returning({ nextRunAt: scheduledJobs.nextRunAt });
    return row?.nextRunAt;
  }

  async function runOne(job: JobDefinition): Promise<JobRun | undefined> {
    const owner = randomUUID();
    const due = await claim(job.name, owner);
    if (!due) return undefined;
    const started = clock.now();
    let missed = 0;
    for (
      let at = nextDailyRun(due, job.dailyAt);
      at <= started;
      at = nextDailyRun(at, job.dailyAt)
    ) {
      missed += 1;
    }
    const startedMs = performance.now();
    try {
      const counts = await job.run();
      const durationMs = Math.round(performance.now() - startedMs);
      const finished = clock.now();
      await inTransaction(db, async (tx) => {
        // Only the claim's owner moves the schedule on: a run that outlived its lease finds the
        // job taken over and leaves the new owner's claim alone.
        await tx
          .update(scheduledJobs)
          .set({
            nextRunAt: nextDailyRun(finished, job.dailyAt),
            lockedUntil: null,
            lockedBy: null,
            lastFinishedAt: finished,
          })
          .where(and(eq(scheduledJobs.name, job.name), eq(scheduledJobs.lockedBy, owner)));
        await writeAudit(tx, {
          action: 'job.completed',
          actor: `system:${job.name}`,
          subject: null,
          entity: `job:${job.name}`,
          detail: { due: due.toISOString(), missed, counts, durationMs },
        });
      });
      log.info({ job: job.name, missed, ...counts, durationMs }, 'job completed');
      return { name: job.name, outcome: 'completed', missed, counts, durationMs };
    } catch (error) {
      const durationMs = Math.round(performance.now() - startedMs);
      // The lease stays: the job is tried again once it runs out, not on every poll.
      await writeAudit(db, {
        action: 'job.failed',
        actor: `system:${job.name}`,
        subject: null,
        entity: `job:${job.name}`,
        detail: { due: due.toISOString(), durationMs },
      });
      log.error({ job: job.name, durationMs, err: error }, 'job failed');
      return { name: job.name, outcome: 'failed', missed, counts: {}, durationMs };
    }
  }

  /** Runs every job that is due and not taken by another process; what ran. */
  async function runDue(): Promise<JobRun[]> {
    await ensureRows();
    const runs: JobRun[] = [];
    for (const job of scheduled()) {
      const run = await runOne(job);
      if (run) runs.push(run, ...(job.ranJobs?.() ?? []));
    }
    return runs;
  }

  return {
    register(job: JobDefinition): void {
      nextDailyRun(clock.now(), job.dailyAt);
      jobs.set(job.name, job);
    },
    runDue,
    /** The jobs of the books, in the order close of business runs them: by their daily time,
     *  then as registered. */
    booksJobs(): JobDefinition[] {
      return [...jobs.values()]
        .filter((job) => !job.ownSchedule)
        .sort((a, b) => a.dailyAt.localeCompare(b.dailyAt));
    },
    /** Polls every `intervalMs` until stopped; a poll never overlaps the one before. */
    start(intervalMs: number): void {
      if (timer) return;
      const poll = () => {
        running = runDue()
          .catch((error: unknown) => log.error({ err: error }, 'job poll failed'))
          .finally(() => {
            if (timer) timer = setTimeout(poll, intervalMs).unref();
          });
      };
      timer = setTimeout(poll, 0).unref();
    },
    /** Stops polling and waits for a run under way, so the database can be closed after. */
    async stop(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
