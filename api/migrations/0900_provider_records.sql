-- What the real providers keep on the platform's side: the text messages a gateway took, with
-- where their delivery receipts say they stand; the video rooms of live calls, with who joined
-- when (the evidence a call's outcome needs), from the meeting server's webhooks; and where each
-- e-stamping submission stands, from the agent's webhooks. Receipts and webhooks arrive late, twice and out of order: each is booked
-- once, and a final state is never moved back.

create table sms_deliveries (
  provider text not null,
  -- The gateway's id of the message, quoted back by its receipts.
  provider_ref text not null check (length(provider_ref) between 1 and 100),
  -- The number with all but its last four digits hidden.
  recipient_masked text not null,
  parts integer not null check (parts between 1 and 10),
  status text not null check (status in ('SENT', 'DELIVERED', 'FAILED', 'EXPIRED')),
  -- The gateway's own word for the last status (e.g. UNDELIV), for an admin's eyes.
  status_detail text check (length(status_detail) <= 60),
  sent_at timestamptz not null,
  status_at timestamptz not null,
  primary key (provider, provider_ref)
);
create index sms_deliveries_sent_idx on sms_deliveries (sent_at);

create table meeting_rooms (
  id text primary key check (length(id) between 8 and 64),
  provider text not null,
  title text not null,
  starts_at timestamptz not null,
  host_joined_at timestamptz,
  guest_joined_at timestamptz,
  created_at timestamptz not null default now()
);

-- Each webhook the meeting server sent, by its idempotency key: a repeat changes nothing.
create table meeting_events (
  idempotency_key text primary key check (length(idempotency_key) between 1 and 200),
  meeting_id text not null references meeting_rooms (id) on delete cascade,
  event_type text not null,
  role text check (role in ('host', 'guest')),
  occurred_at timestamptz not null,
  received_at timestamptz not null default now()
);
create index meeting_events_meeting_idx on meeting_events (meeting_id);

-- Each stamping at the e-stamping agent, from its webhooks, by the agent's id.
create table estamp_submissions (
  agent_ref text primary key check (length(agent_ref) between 1 and 100),
  -- Our agreement number, as the submission named it.
  reference text check (length(reference) <= 60),
  status text not null check (status in ('SUBMITTED', 'PROCESSING', 'ISSUED', 'REJECTED')),
  certificate_no text check (length(certificate_no) <= 60),
  reason text check (length(reason) <= 200),
  issued_at timestamptz,
  updated_at timestamptz not null
);
