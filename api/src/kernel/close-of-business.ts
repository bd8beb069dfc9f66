import { randomUUID } from 'node:crypto';

import { addDays, daysBetween, type IsoDate } from '@lending/domain';
import { and, desc, eq, gte, isNull, lt, lte, or } from 'drizzle-orm';

import type { Orm } from '../db/database';
import { businessDate, type ClosedJobReport, closeOfBusinessDays } from '../db/schema';
import { writeAudit } from './audit';
import type { BusinessClock } from './clock';
import type { JobDefinition, JobRun } from './jobs';

interface CobLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface CloseOfBusinessOptions {
  db: Orm;
  clock: BusinessClock;
  /** The jobs of the books, in the order each day runs them. */
  jobs: () => JobDefinition[];
  log: CobLog;
  /** How long a claim holds without a day closed before another process may take over. */
  leaseMs?: number;
}

export interface DayReport {
  businessDate: IsoDate;
  status: 'RUNNING' | 'CLOSED' | 'FAILED';
  startedAt: Date;
  finishedAt: Date | null;
  startedBy: string;
  loans: number;
  failures: number;
  jobs: ClosedJobReport[];
}

export interface CloseOfBusinessRun {
  /** The days closed (or the first that failed, which stops the run: days close in order). */
  days: DayReport[];
  /** Another process (or request) was closing days already: this one did nothing. */
  busy: boolean;
}

export interface CloseOfBusinessProgress {
  running: boolean;
  from: IsoDate | null;
  to: IsoDate | null;
  daysTotal: number;
  daysClosed: number;
  /** The day being closed, when running. */
  day: IsoDate | null;
  loans: number;
  failures: number;
}

/**
 * The runs of a close of business as the job runner lists runs: one per job of the books, its
 * counts added up over the days closed and the days before the last counted as caught up, as a
 * job that covers every day it missed would say.
 */
export function jobRunsOf(days: readonly DayReport[]): JobRun[] {
  const runs = new Map<string, JobRun>();
  for (const day of days) {
    for (const job of day.jobs) {
      const run = runs.get(job.name);
      if (!run) {
        runs.set(job.name, { ...job, counts: { ...job.counts }, missed: 0 });
        continue;
      }
      run.missed += 1;
      run.durationMs += job.durationMs;
      if (job.outcome === 'failed') run.outcome = 'failed';
      for (const [key, value] of Object.entries(job.counts)) {
        run.counts[key] = (run.counts[key] ?? 0) + value;
      }
    }
  }
  return [...runs.values()];
}

/** The loans a run brought up to date: every loan goes through every day of the run, so the
 *  busiest day counts them (a sum would count each loan once a day). */
export function loansOfRun(days: readonly { loans: number }[]): number {
  return days.reduce((most, day) => Math.max(most, day.loans), 0);
}

/** The loans a day's jobs went through: the most any job counted (`accounts`). */
function loansOf(jobs: readonly ClosedJobReport[]): number {
  return Math.max(0, ...jobs.map((job) => job.counts.accounts ?? 0));
}

/**
 * Close of business: brings the books up to the business date a day at a time, in order, from
 * the day after the last one closed (the business date itself the first time). Each day runs
 * every job of the books as of that day and keeps its report; a day whose job failed stops the
 * run and is closed again by the next one (every job is safe to run twice). One process at a
 * time closes days: the lease on the business date's row, renewed after each day, lets another
 * take over from a process that died.
 */
export function createCloseOfBusiness(options: CloseOfBusinessOptions) {
  const { db, clock, log } = options;
  const leaseMs = options.leaseMs ?? 15 * 60 * 1000;
  let running: Promise<unknown> = Promise.resolve();

  /** The days ahead of Malaysia's date another process may have set; the books' first day. */
  async function refresh(): Promise<IsoDate | null> {
    const [row] = await db
      .select({ aheadDays: businessDate.aheadDays, openedOn: businessDate.openedOn })
      .from(businessDate);
    clock.setAheadDays(row?.aheadDays ?? 0);
    return row?.openedOn ?? null;
  }

  async function lastClosed(): Promise<IsoDate | null> {
    const [row] = await db
      .select({ day: closeOfBusinessDays.businessDate })
      .from(closeOfBusinessDays)
      .where(eq(closeOfBusinessDays.status, 'CLOSED'))
      .orderBy(desc(closeOfBusinessDays.businessDate))
      .limit(1);
    return row?.day ?? null;
  }

  async function claim(owner: string, from: IsoDate, to: IsoDate): Promise<boolean> {
    const now = clock.now();
    const rows = await db
      .update(businessDate)
      .set({
        cobLockedBy: owner,
        cobLockedUntil: new Date(now.getTime() + leaseMs),
        cobFrom: from,
        cobTo: to,
      })
      .where(or(isNull(businessDate.cobLockedUntil), lt(businessDate.cobLockedUntil, now)))
      .returning({ id: businessDate.id });
    return rows.length > 0;
  }

  async function renew(owner: string): Promise<void> {
    await db
      .update(businessDate)
      .set({ cobLockedUntil: new Date(clock.now().getTime() + leaseMs) })
      .where(eq(businessDate.cobLockedBy, owner));
  }

  async function release(owner: string): Promise<void> {
    await db
      .update(businessDate)
      .set({ cobLockedUntil: null, cobLockedBy: null })
      .where(eq(businessDate.cobLockedBy, owner));
  }

  async function saveDay(report: DayReport): Promise<void> {
    const values = {
      status: report.status,
      startedAt: report.startedAt,
      finishedAt: report.finishedAt,
      startedBy: report.startedBy,
      loans: report.loans,
      failures: report.failures,
      jobs: report.jobs,
    };
    await db
      .insert(closeOfBusinessDays)
      .values({ businessDate: report.businessDate, ...values })
      .onConflictDoUpdate({ target: closeOfBusinessDays.businessDate, set: values });
  }

  async function closeDay(day: IsoDate, startedBy: string): Promise<DayReport> {
    const report: DayReport = {
      businessDate: day,
      status: 'RUNNING',
      startedAt: clock.now(),
      finishedAt: null,
      startedBy,
      loans: 0,
      failures: 0,
      jobs: [],
    };
    await saveDay(report);
    for (const job of options.jobs()) {
      const started = performance.now();
      try {
        const counts = await clock.asOf(day, () => job.run(), job.dailyAt);
        const durationMs = Math.round(performance.now() - started);
        report.jobs.push({ name: job.name, outcome: 'completed', counts, durationMs });
      } catch (error) {
        const durationMs = Math.round(performance.now() - started);
        report.jobs.push({ name: job.name, outcome: 'failed', counts: {}, durationMs });
        report.failures += 1;
        log.error({ job: job.name, businessDate: day, err: error }, 'close of business job failed');
        // The day's later jobs read what the earlier ones wrote (charges before letters).
        break;
      }
      report.loans = loansOf(report.jobs);
    }
    report.status = report.failures > 0 ? 'FAILED' : 'CLOSED';
    report.finishedAt = clock.now();
    await db.transaction(async (tx) => {
      await tx
        .update(closeOfBusinessDays)
        .set({
          status: report.status,
          finishedAt: report.finishedAt,
          loans: report.loans,
          failures: report.failures,
          jobs: report.jobs,
        })
        .where(eq(closeOfBusinessDays.businessDate, day));
      await writeAudit(tx, {
        action: report.status === 'CLOSED' ? 'business_day.closed' : 'business_day.failed',
        actor: startedBy,
        subject: null,
        entity: `business-day:${day}`,
        to: report.status,
        detail: { loans: report.loans, failures: report.failures, jobs: report.jobs },
      });
    });
    log.info(
      { businessDate: day, status: report.status, loans: report.loans, failures: report.failures },
      'business day closed',
    );
    return report;
  }

  /** The days to close now: from the day after the last closed through the business date. */
  async function pending(): Promise<{ from: IsoDate; to: IsoDate }> {
    const openedOn = await refresh();
    const to = clock.today();
    const last = await lastClosed();
    return { from: last ? addDays(last, 1) : (openedOn ?? to), to };
  }

  async function runWith(owner: string, startedBy: string, from: IsoDate, to: IsoDate) {
    const days: DayReport[] = [];
    try {
      for (let day = from; day <= to; day = addDays(day, 1)) {
        const report = await closeDay(day, startedBy);
        days.push(report);
        if (report.status === 'FAILED') break;
        await renew(owner);
      }
    } finally {
      await release(owner);
    }
    return days;
  }

  return {
    /** Notes the books' first business day, once: close of business starts there. */
    async open(): Promise<void> {
      await db
        .update(businessDate)
        .set({ openedOn: clock.today() })
        .where(isNull(businessDate.openedOn));
    },
    lastClosed,
    /** Closes every day due now and waits for it: the schedule's way. */
    async run(startedBy = 'system:close-of-business'): Promise<CloseOfBusinessRun> {
      const { from, to } = await pending();
      if (from > to) return { days: [], busy: false };
      const owner = randomUUID();
      if (!(await claim(owner, from, to))) return { days: [], busy: true };
      const days = await runWith(owner, startedBy, from, to);
      return { days, busy: false };
    },
    /**
     * Starts closing the days due now and answers at once (an admin's request): what it set out
     * to close, or `busy` when days are being closed already, or nothing when none is due.
     */
    async start(startedBy: string): Promise<{ from: IsoDate; to: IsoDate } | 'busy' | null> {
      const { from, to } = await pending();
      if (from > to) return null;
      const owner = randomUUID();
      if (!(await claim(owner, from, to))) return 'busy';
      running = runWith(owner, startedBy, from, to).catch((error: unknown) =>
        log.error({ err: error }, 'close of business stopped'),
      );
      return { from, to };
    },
    /** Resolves once a run this process started has ended (closing the app, tests). */
    settle: () => running,
    async progress(): Promise<CloseOfBusinessProgress> {
      const [row] = await db.select().from(businessDate);
      const from = row?.cobFrom ?? null;
      const to = row?.cobTo ?? null;
      const busy = Boolean(row?.cobLockedUntil && row.cobLockedUntil > clock.now());
      if (!from || !to) {
        return {
          running: busy,
          from,
          to,
          daysTotal: 0,
          daysClosed: 0,
          day: null,
          loans: 0,
          failures: 0,
        };
      }
      const days = await db
        .select()
        .from(closeOfBusinessDays)
        .where(
          and(
            gte(closeOfBusinessDays.businessDate, from),
            lte(closeOfBusinessDays.businessDate, to),
          ),
        );
      return {
        running: busy,
        from,
        to,
        daysTotal: daysBetween(from, to) + 1,
        daysClosed: days.filter((day) => day.status === 'CLOSED').length,
        day: busy ? (days.find((day) => day.status === 'RUNNING')?.businessDate ?? null) : null,
        loans: loansOfRun(days),
        failures: days.reduce((sum, day) => sum + day.failures, 0),
      };
    },
    /** The last `limit` days' reports, the latest first. */
    async reports(limit = 31): Promise<DayReport[]> {
      return db
        .select()
        .from(closeOfBusinessDays)
        .orderBy(desc(closeOfBusinessDays.businessDate))
        .limit(limit);
    },
  };
}

export type CloseOfBusiness = ReturnType<typeof createCloseOfBusiness>;

/**
 * Close of business as a scheduled job: due every day at `dailyAt`, it closes every day due then,
 * and the runner lists the jobs of the books it ran beside its own run.
 */
export function closeOfBusinessJob(cob: CloseOfBusiness, dailyAt: string): JobDefinition {
  let ran: JobRun[] = [];
  return {
    name: 'close-of-business',
    dailyAt,
    ownSchedule: true,
    async run() {
      const { days, busy } = await cob.run();
      ran = jobRunsOf(days);
      return {
        days: days.length,
        closed: days.filter((day) => day.status === 'CLOSED').length,
        failures: days.reduce((sum, day) => sum + day.failures, 0),
        busy: busy ? 1 : 0,
      };
    },
    ranJobs: () => ran,
  };
}
