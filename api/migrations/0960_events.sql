-- Events of the domain (`payment.booked`, `loan.closed`...), written in the transaction of the
-- change they tell of, together with the queue jobs of their handlers (pg-boss, schema pgboss,
-- installed and upgraded by pg-boss itself on start). The key says which change an event is of, so
-- the same change told twice is one event and its handlers run for it once.
create table events (
  id uuid primary key,
  type text not null check (type ~ '^[a-z]+(\.[a-z_]+)+$'),
  key text not null unique,
  payload jsonb not null,
  recorded_at timestamptz not null default now()
);
create index events_type_recorded_at on events (type, recorded_at);
