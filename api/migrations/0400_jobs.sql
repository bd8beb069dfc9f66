-- Scheduled jobs: one row per job with when it is next due. Every API process polls this table;
-- the one whose update claims the row (due, and not leased or its lease run out) runs the job,
-- so a job runs once however many processes there are. A process that dies mid-job leaves a
-- lease that runs out, and another takes the job over.

create table scheduled_jobs (
  name text primary key,
  next_run_at timestamptz not null,
  locked_until timestamptz,
  locked_by text,
  last_started_at timestamptz,
  last_finished_at timestamptz
);
