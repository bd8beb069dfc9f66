-- The business date: the date the books stand at. In production it is Malaysia's date; in a
-- sandbox an admin may move it forward, kept here as whole days ahead of Malaysia's date (so it
-- still moves on by itself at midnight). One row.
--
-- Close of business brings the books up to the business date a day at a time: each day closed
-- keeps its report (the jobs run, what they did, the loans and failures), and the lease lets one
-- process at a time close days, whichever asked (the schedule or an admin).

create table business_date (
  id boolean primary key default true check (id),
  ahead_days integer not null default 0 check (ahead_days >= 0),
  -- The first business day of these books (the first start's): close of business starts there
  -- when it has closed no day yet, so a date moved before then still has every day closed.
  opened_on date,
  moved_at timestamptz,
  moved_by text,
  -- The close of business under way (or last run): the days it set out to close.
  cob_from date,
  cob_to date,
  cob_locked_until timestamptz,
  cob_locked_by text
);
insert into business_date (id) values (true);

create table close_of_business_days (
  business_date date primary key,
  status text not null check (status in ('RUNNING', 'CLOSED', 'FAILED')),
  started_at timestamptz not null,
  finished_at timestamptz,
  started_by text not null,
  loans integer not null default 0,
  failures integer not null default 0,
  -- Each job of the day in order: its name, outcome, counts and duration.
  jobs jsonb not null default '[]'::jsonb
);
