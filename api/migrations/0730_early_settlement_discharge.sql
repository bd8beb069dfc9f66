-- Early settlement paid online, and the discharge letter of a closed loan.
--
-- A gateway order that pays an early settlement quote carries the quote it was started from: the
-- quote's business date and amount. When the money arrives the quote is checked again: on
-- another day the quote has lapsed and the money is applied as an ordinary payment (never lost);
-- on the same day the loan settles when the money still covers the day's settlement amount.
create table gateway_settlement_orders (
  gateway_payment_id uuid primary key references gateway_payments (id) on delete cascade,
  agreement_id uuid not null references agreements (id) on delete cascade,
  quote_date date not null,
  quote_sen integer not null check (quote_sen > 0),
  outcome text check (outcome in ('SETTLED', 'QUOTE_EXPIRED', 'NOT_SETTLED')),
  decided_at timestamptz,
  created_at timestamptz not null default now(),
  check ((outcome is null) = (decided_at is null))
);
create index gateway_settlement_orders_agreement_idx on gateway_settlement_orders (agreement_id);

-- The letter that confirms a closed loan owes nothing more. Rows are only ever added: a new issue
-- is the next version with its own stored bytes; a version is never overwritten.
create table discharge_letters (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references loan_accounts (id) on delete cascade,
  agreement_id uuid not null references agreements (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  version integer not null check (version > 0),
  language text not null check (language in ('EN', 'MS')),
  closed_by text not null check (closed_by in ('EARLY_SETTLEMENT', 'FINAL_INSTALMENT')),
  closed_on date not null,
  storage_key text not null unique,
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  size_bytes integer not null check (size_bytes > 0),
  emailed_at timestamptz,
  created_at timestamptz not null default now(),
  unique (account_id, version)
);
create index discharge_letters_user_idx on discharge_letters (user_id);
