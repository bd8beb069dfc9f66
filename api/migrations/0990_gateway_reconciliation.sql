-- Reconciling the payment gateway's settlement report with the payments booked: a run for a brand
-- and a span of payment dates, from the gateway's own report or a CSV finance staff uploaded, and
-- its lines. A line that does not match stays open until one finance member proposes why and a
-- second confirms it (four eyes); the run and its lines are written once, only resolutions change.
create table reconciliation_runs (
  id uuid primary key default gen_random_uuid(),
  tenant text not null references tenants (id),
  from_date date not null,
  to_date date not null check (to_date >= from_date),
  source text not null check (source in ('GATEWAY', 'UPLOAD')),
  started_by text not null,
  started_at timestamptz not null,
  matched integer not null check (matched >= 0),
  report_only integer not null check (report_only >= 0),
  books_only integer not null check (books_only >= 0),
  amount_differences integer not null check (amount_differences >= 0)
);

create index reconciliation_runs_tenant_idx on reconciliation_runs (tenant, started_at);

create table reconciliation_lines (
  id uuid primary key default gen_random_uuid(),
  run_id uuid not null references reconciliation_runs (id) on delete cascade,
  kind text not null check (kind in ('MATCHED', 'REPORT_ONLY', 'BOOKS_ONLY', 'AMOUNT_DIFFERENCE')),
  txn_id text,
  order_id text,
  report_amount_sen integer check (report_amount_sen >= 0),
  booked_amount_sen integer check (booked_amount_sen >= 0),
  paid_at timestamptz,
  gateway_payment_id uuid references gateway_payments (id),
  -- Null for a matched line: there is nothing to resolve.
  status text check (status in ('OPEN', 'PROPOSED', 'RESOLVED')),
  resolution text check (resolution in ('BANK_ERROR', 'EXPLAINED')),
  note text check (length(note) between 1 and 500),
  proposed_by text,
  proposed_at timestamptz,
  confirmed_by text,
  confirmed_at timestamptz,
  version integer not null default 1,
  check ((kind = 'MATCHED') = (status is null))
);

create index reconciliation_lines_run_idx on reconciliation_lines (run_id, kind);
