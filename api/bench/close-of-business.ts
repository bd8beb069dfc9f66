// Close of business over LOANS active loans (10,000 unless told) for DAYS business days (30): the
// business date is moved forward DAYS days and close of business closes each of them, every job
// of the books for every day, as an admin's request does. Prints the total time and the loans
// brought up to date per second (loans x days / seconds); the goal is 30 days in under two
// minutes on PostgreSQL. Embedded PGlite unless DATABASE_URL names a PostgreSQL server.
// Run: pnpm --filter @lending/api bench:close-of-business   (LOANS=1000 DAYS=5 for a quick look)
import { addDays } from '@lending/domain';

import { closeOfBusinessDays } from '../src/db/schema';
import { fixedClock } from '../src/kernel/clock';
import { openTestApp } from '../src/testing/test-db';
import { countsOf, seconds, seedLoanBook } from './loan-book';

const LOANS = Number(process.env.LOANS ?? 10_000);
const DAYS = Number(process.env.DAYS ?? 30);
const GOAL_MS = 120_000;
const kind = process.env.DATABASE_URL ? 'postgresql' : 'pglite';
const clock = fixedClock(new Date());
// AT_ONCE: loans worked on side by side (the database's own choice unless told), to compare.
const atOnce = process.env.AT_ONCE ? { loansAtOnce: Number(process.env.AT_ONCE) } : {};
const app = await openTestApp(kind, { clock, movableBusinessDate: true, ...atOnce });
const firstDueDate = await seedLoanBook(app, LOANS);

// The day before the stretch stands closed, so the run closes exactly DAYS days: from three days
// before the template's first due date, through reminders, due dates and arrears.
const from = addDays(firstDueDate, -3);
clock.set(`${addDays(from, -1)}T12:00:00+08:00`);
await app.db.orm.insert(closeOfBusinessDays).values({
  businessDate: addDays(from, -1),
  status: 'CLOSED',
  startedAt: clock.now(),
  startedBy: 'bench',
});
const service = app.app.businessDate;
await service.move('bench', addDays(from, DAYS - 1));

const started = performance.now();
const run = await service.closeOfBusiness('bench');
await service.settle();
const totalMs = performance.now() - started;
const view = await service.view();
const closed = view.days.filter((day) => day.businessDate >= from);
const failures = closed.reduce((sum, day) => sum + day.failures, 0);
const perJob = new Map<string, number>();
for (const day of closed) {
  for (const job of day.jobs) perJob.set(job.name, (perJob.get(job.name) ?? 0) + job.durationMs);
}
const made = await countsOf(
  app,
  `select (select count(*)::int from late_charge_accruals) as accruals,
          (select count(*)::int from collection_reminders) as reminders,
          (select count(*)::int from collection_letters) as letters`,
);
console.log(
  `close of business on ${kind}: ${closed.length} days (${run.from} to ${run.to}) over ${LOANS} ` +
    `loans in ${seconds(totalMs)}${atOnce.loansAtOnce ? ` (${atOnce.loansAtOnce} at once)` : ''}, ` +
    `${Math.round((LOANS * closed.length) / (totalMs / 1000))} ` +
    `loans a second (loan-days); ${failures} failures`,
);
console.log(
  `  per job: ${[...perJob].map(([name, ms]) => `${name} ${seconds(ms)}`).join(', ')}; ` +
    `made ${JSON.stringify(made)}`,
);
if (kind === 'postgresql' && DAYS === 30) {
  console.log(
    `  goal: 30 days under ${seconds(GOAL_MS)}: ${totalMs < GOAL_MS ? 'met' : 'NOT met'}`,
  );
}
if (closed.length !== DAYS || failures > 0) process.exitCode = 1;
await app.close();
