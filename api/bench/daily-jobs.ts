// The daily jobs of the loan book (late charges, then reminders, arrears and the default flag)
// over LOANS active loans (10,000 unless told): the time of the first run of the day, through the
// kernel job runner as in production, and of a second run the same day, which must change
// nothing (the script fails if it does). One loan is made through the real API (application,
// approval, agreement, payout by two people); the rest are cloned from it in bulk by SQL, their
// due dates spread over a month so that some are reminded, most are not yet due, and one in
// twenty is 3 to 42 days behind. Embedded PGlite unless DATABASE_URL names a PostgreSQL server.
// Run: pnpm --filter @lending/api bench:daily-jobs   (LOANS=2000 for a quicker look)
import { addDays } from '@lending/domain';

import { fixedClock } from '../src/kernel/clock';
import { openTestApp } from '../src/testing/test-db';
import { countsOf as countsIn, seconds, seedLoanBook } from './loan-book';

const LOANS = Number(process.env.LOANS ?? 10_000);
const clock = fixedClock(new Date());
const app = await openTestApp(process.env.DATABASE_URL ? 'postgresql' : 'pglite', { clock });
// The job runner learns its jobs' next run times on its first poll, as a fresh server does.
await app.app.jobs.runDue();

const firstDueDate = await seedLoanBook(app, LOANS);
const countsOf = (sqlText: string) => countsIn(app, sqlText);

// Two days before the template's first due date, noon in Malaysia: every daily job is due.
clock.set(`${addDays(firstDueDate, -2)}T12:00:00+08:00`);
const counts = () =>
  countsOf(`
    select (select count(*)::int from late_charge_accruals) as accruals,
           (select count(*)::int from payment_allocations) as allocations,
           (select count(*)::int from collection_cases) as cases,
           (select coalesce(sum(version), 0)::int from collection_cases) as case_versions,
           (select count(*)::int from collection_reminders) as reminders,
           (select count(*)::int from collection_letters) as letters,
           (select count(*)::int from outbox) as messages,
           (select count(*)::int from audit_log) as audit_rows`);

let start = performance.now();
const runs = await app.app.jobs.runDue();
const firstMs = performance.now() - start;
for (const run of runs) {
  console.log(
    `  ${run.name}: ${run.outcome} in ${seconds(run.durationMs)} ${JSON.stringify(run.counts)}`,
  );
}
if (runs.some((run) => run.outcome !== 'completed')) throw new Error('a job failed');
console.log(`first run of the day (every due job, through the job runner): ${seconds(firstMs)}`);

const before = await counts();
start = performance.now();
const lateCharges = await app.app.repayments.accrueLateCharges();
const lateMs = performance.now() - start;
start = performance.now();
const collections = await app.app.collections.runDaily();
const collectMs = performance.now() - start;
const after = await counts();
console.log(
  `second run the same day: late charges ${seconds(lateMs)} ${JSON.stringify(lateCharges)}, ` +
    `collections ${seconds(collectMs)} ${JSON.stringify(collections)}`,
);
const changed = Object.keys(before).filter((key) => before[key] !== after[key]);
const idle =
  lateCharges.lateChargeDays === 0 &&
  lateCharges.receipts === 0 &&
  collections.stageChanges === 0 &&
  collections.reminders === 0 &&
  collections.arrearsNotices === 0 &&
  collections.lettersEmailed === 0;
if (changed.length > 0 || !idle) {
  console.error(`the second run changed something: ${changed.join(', ') || 'counts'}`);
  process.exitCode = 1;
} else {
  console.log(`the second run changed nothing: ${JSON.stringify(after)}`);
}
await app.close();
