-- Attestation: the borrower shows they understand the loan before signing, by a recorded video and
-- an explain-back check, or by a live call with an attestation officer.

-- A replacement of the shipped video, per tenant and language; the newest one is current.
create table attestation_videos (
  id uuid primary key default gen_random_uuid(),
  tenant text not null references tenants(id),
  language text not null check (language in ('EN', 'MS')),
  storage_key text not null,
  size_bytes integer not null,
  duration_ms integer not null,
  sha256 text not null,
  uploaded_by uuid not null references staff_users(id),
  created_at timestamptz not null default now()
);
create index attestation_videos_current_idx on attestation_videos (tenant, language, created_at desc);

-- The borrower's choice between the two ways (switchable until one is done).
create table attestations (
  agreement_id uuid primary key references agreements(id) on delete cascade,
  option text not null check (option in ('VIDEO', 'LIVE_CALL')),
  chosen_at timestamptz not null,
  -- Who moved it to ATTESTATIONCOMPLETED: the one who approves it afterwards must be someone else.
  completed_by text,
  approved_by text
);

-- One viewing of the video: when the server began serving it and when the player reported its end.
create table attestation_viewings (
  id uuid primary key default gen_random_uuid(),
  agreement_id uuid not null references agreements(id) on delete cascade,
  video_id uuid references attestation_videos(id),
  language text not null,
  duration_ms integer not null,
  started_at timestamptz not null,
  ended_at timestamptz
);
create index attestation_viewings_agreement_idx on attestation_viewings (agreement_id, started_at);

-- Each explain-back attempt: the questions as asked (from the borrower's own figures), the answers,
-- how long each took, and whether all were right.
create table attestation_checks (
  id uuid primary key default gen_random_uuid(),
  agreement_id uuid not null references agreements(id) on delete cascade,
  viewing_id uuid not null references attestation_viewings(id) on delete cascade,
  questions jsonb not null,
  answers jsonb not null,
  passed boolean not null,
  shown_at timestamptz not null,
  submitted_at timestamptz not null
);
create index attestation_checks_agreement_idx on attestation_checks (agreement_id, submitted_at);

-- An officer's calendar: slots they are available for live calls.
create table attestation_slots (
  id uuid primary key default gen_random_uuid(),
  tenant text not null references tenants(id),
  officer_id uuid not null references staff_users(id),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  created_by uuid not null references staff_users(id),
  created_at timestamptz not null default now(),
  unique (officer_id, starts_at)
);
create index attestation_slots_time_idx on attestation_slots (tenant, starts_at);

create table attestation_bookings (
  id uuid primary key default gen_random_uuid(),
  agreement_id uuid not null references agreements(id) on delete cascade,
  slot_id uuid not null references attestation_slots(id),
  status text not null check (status in ('BOOKED', 'CANCELLED', 'RESCHEDULED', 'ATTESTED', 'NOT_ATTESTED', 'NO_SHOW')),
  meeting_id text not null,
  reminded_at timestamptz,
  outcome_notes text,
  outcome_by uuid references staff_users(id),
  outcome_at timestamptz,
  created_at timestamptz not null,
  closed_at timestamptz
);
-- One booking per slot, and one open booking per agreement.
create unique index attestation_bookings_slot_open_idx on attestation_bookings (slot_id) where status = 'BOOKED';
create unique index attestation_bookings_agreement_open_idx on attestation_bookings (agreement_id) where status = 'BOOKED';

-- Who has opened the sandbox meeting page (the sandbox video-meeting provider's room).
create table sandbox_meetings (
  id text primary key,
  title text not null,
  starts_at timestamptz not null,
  host_joined_at timestamptz,
  guest_joined_at timestamptz,
  created_at timestamptz not null default now()
);
