import { and, eq } from 'drizzle-orm';

import { auditLog, scheduledJobs } from '../db/schema';
import { databases, openTestDatabase, type TestDatabase } from '../testing/test-db';
import { fixedClock } from './clock';
import { createJobRunner, nextDailyRun } from './jobs';

const silent = { info: () => undefined, error: () => undefined };
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

describe('the next daily run', () => {
  it('is the next 00:30 in Malaysia, strictly after the instant given', () => {
    expect(nextDailyRun(new Date('2026-01-05T09:00:00Z'), '00:30')).toEqual(
      new Date('2026-01-05T16:30:00Z'),
    );
    expect(nextDailyRun(new Date('2026-01-05T16:30:00Z'), '00:30')).toEqual(
      new Date('2026-01-06T16:30:00Z'),
    );
    expect(nextDailyRun(new Date('2026-01-05T16:29:59Z'), '00:30')).toEqual(
      new Date('2026-01-05T16:30:00Z'),
    );
  });

  it('refuses a time that is not HH:MM', () => {
    expect(() => nextDailyRun(new Date(), '0:30')).toThrow('HH:MM');
  });
});

describe.each(databases('concurrency', 'hand-written SQL'))('scheduled jobs on %s', (kind) => {
  let database: TestDatabase;
  let jobNumber = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  /** A job name of the test's own, counting its runs; its runners start before it is due. */
  async function setUp(options: { leaseMs?: number; work?: () => Promise<void> } = {}) {
    jobNumber += 1;
    const name = `job-${jobNumber}`;
    const clock = fixedClock('2026-01-05T09:00:00Z');
    const runs: string[] = [];
    const runner = (label: string) => {
      const jobs = createJobRunner({
        db: database.db.orm,
        clock,
        log: silent,
        ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
      });
      jobs.register({
        name,
        dailyAt: '00:30',
        ownSchedule: true,
        run: async () => {
          runs.push(label);
          await options.work?.();
          return { removed: 3 };
        },
      });
      return jobs;
    };
    const first = runner('first');
    const second = runner('second');
    expect(await first.runDue()).toEqual([]);
    expect(await second.runDue()).toEqual([]);
    const row = async () =>
      (await database.db.orm.select().from(scheduledJobs).where(eq(scheduledJobs.name, name)))[0];
    const audits = () =>
      database.db.orm
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, `job:${name}`)));
    return { name, clock, runs, first, second, row, audits };
  }

  it('runs a due job once when two processes race for it, and not again until next due', async () => {
    const { clock, runs, first, second, row, audits } = await setUp({
      work: () => new Promise((resolve) => setTimeout(resolve, 30)),
    });
    expect((await row())?.nextRunAt).toEqual(new Date('2026-01-05T16:30:00Z'));

    clock.set('2026-01-05T16:31:00Z');
    const [a, b] = await Promise.all([first.runDue(), second.runDue()]);
    expect(runs).toHaveLength(1);
    expect([...a, ...b]).toEqual([
      expect.objectContaining({ outcome: 'completed', missed: 0, counts: { removed: 3 } }),
    ]);
    expect(await row()).toMatchObject({
      nextRunAt: new Date('2026-01-06T16:30:00Z'),
      lockedUntil: null,
      lockedBy: null,
    });

    clock.set('2026-01-06T16:29:00Z');
    expect([...(await first.runDue()), ...(await second.runDue())]).toEqual([]);
    expect(runs).toHaveLength(1);

    clock.set('2026-01-06T16:30:00Z');
    await Promise.all([first.runDue(), second.runDue()]);
    expect(runs).toHaveLength(2);
    const recorded = await audits();
    expect(recorded.map((entry) => [entry.action, entry.actor])).toEqual([
      ['job.completed', expect.stringMatching(/^system:job-/)],
      ['job.completed', expect.stringMatching(/^system:job-/)],
    ]);
    expect(recorded[0]?.detail).toMatchObject({ missed: 0, counts: { removed: 3 } });
  });

  it('lets another process take over a job whose runner died, once its lease ran out', async () => {
    let finishStalled: () => void = () => undefined;
    const stalled = new Promise<void>((resolve) => {
      finishStalled = resolve;
    });
    let calls = 0;
    const { clock, runs, first, second, row } = await setUp({
      leaseMs: 10 * MINUTE,
      // The first run stalls like a process that died mid-job; later ones finish.
      work: () => (++calls === 1 ? stalled : Promise.resolve()),
    });
    clock.set('2026-01-05T16:31:00Z');
    const dying = first.runDue();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toEqual(['first']);

    clock.advance(9 * MINUTE);
    expect(await second.runDue()).toEqual([]);

    clock.advance(2 * MINUTE);
    expect(await second.runDue()).toEqual([expect.objectContaining({ outcome: 'completed' })]);
    expect(runs).toEqual(['first', 'second']);
    const afterTakeOver = await row();
    expect(afterTakeOver?.nextRunAt).toEqual(new Date('2026-01-06T16:30:00Z'));

    // The stalled run ending late does not move the schedule the new owner set.
    clock.set('2026-01-06T10:00:00Z');
    finishStalled();
    await dying;
    expect(await row()).toMatchObject({ nextRunAt: afterTakeOver?.nextRunAt, lockedBy: null });
  });

  it('catches up missed days with one run, then waits for the next due time', async () => {
    const { clock, runs, first, row, audits } = await setUp();
    clock.set('2026-01-08T09:00:00Z');
    expect(await first.runDue()).toEqual([
      expect.objectContaining({ outcome: 'completed', missed: 2 }),
    ]);
    expect(runs).toHaveLength(1);
    expect((await row())?.nextRunAt).toEqual(new Date('2026-01-08T16:30:00Z'));
    expect((await audits())[0]?.detail).toMatchObject({
      due: '2026-01-05T16:30:00.000Z',
      missed: 2,
    });
    expect(await first.runDue()).toEqual([]);
  });

  it('records a failed run and tries again only once its lease ran out', async () => {
    const { clock, runs, first, row, audits } = await setUp({
      leaseMs: 10 * MINUTE,
      work: () => Promise.reject(new Error('storage unreachable')),
    });
    clock.set('2026-01-05T16:31:00Z');
    expect(await first.runDue()).toEqual([expect.objectContaining({ outcome: 'failed' })]);
    expect((await audits()).map((entry) => entry.action)).toEqual(['job.failed']);
    expect((await row())?.nextRunAt).toEqual(new Date('2026-01-05T16:30:00Z'));

    clock.advance(5 * MINUTE);
    expect(await first.runDue()).toEqual([]);
    clock.advance(DAY);
    expect(await first.runDue()).toEqual([expect.objectContaining({ outcome: 'failed' })]);
    expect(runs).toHaveLength(2);
  });
});
