-- Underwriting: what staff decide about a submitted application and what the applicant sees of
-- it. Every status change still goes through the applications module's one transition function
-- (status history + audit row, one transaction); these tables hold what the decisions carry.

-- Optimistic lock: every decision names the version it was taken on; two staff acting on the
-- same file at once, exactly one wins.
alter table applications add column version integer not null default 1;
-- The credit officer who took the file.
alter table applications add column assigned_officer_id uuid references staff_users (id);
alter table applications add column assigned_at timestamptz;
create index applications_status_idx on applications (tenant, status, submitted_at);
create index applications_officer_idx on applications (assigned_officer_id) where assigned_officer_id is not null;

-- Why a user may not apply until users.allow_to_apply_new_loan_after: a rejection's wait or a
-- temporary ban.
alter table users add column new_loan_block_kind text
  check (new_loan_block_kind in ('REJECTION', 'TEMPORARY_BAN'));

-- Internal notes: staff only, never shown to the applicant.
create table application_notes (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references applications (id) on delete cascade,
  staff_id uuid not null references staff_users (id),
  body text not null check (char_length(body) between 1 and 4000),
  created_at timestamptz not null default now()
);
create index application_notes_app_idx on application_notes (application_id, created_at);

-- An interview a credit officer asked for: a weekday office-hours slot (Malaysia time) and how
-- it is held; the outcome is recorded after it.
create table application_interviews (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references applications (id) on delete cascade,
  scheduled_at timestamptz not null,
  mode text not null check (mode in ('IN_PERSON', 'VIDEO_CALL', 'PHONE_CALL')),
  -- Where (an address) or how (a meeting link) the interview is held; free text from staff.
  details text check (char_length(details) <= 500),
  requested_by uuid not null references staff_users (id),
  requested_at timestamptz not null default now(),
  outcome text check (outcome in ('ATTENDED', 'NO_SHOW', 'RESCHEDULED')),
  outcome_note text check (char_length(outcome_note) <= 4000),
  outcome_recorded_by uuid references staff_users (id),
  outcome_recorded_at timestamptz
);
create index application_interviews_app_idx on application_interviews (application_id, requested_at);

-- A referral back: what the applicant must fix, per section or document, each with a reason.
-- Resolved when the applicant resubmits; the history stays.
create table application_referbacks (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references applications (id) on delete cascade,
  -- [{ "kind": "section" | "document", "target": "<section or document type>", "reason": "..." }]
  items jsonb not null check (jsonb_typeof(items) = 'array' and jsonb_array_length(items) > 0),
  requested_by uuid not null references staff_users (id),
  requested_at timestamptz not null default now(),
  resolved_at timestamptz
);
create index application_referbacks_app_idx on application_referbacks (application_id, requested_at);

-- Product settings, versioned per tenant: a change makes a new version, and an offer keeps the
-- version it was made with.
create table product_settings (
  tenant text not null references tenants (id),
  version integer not null check (version > 0),
  settings jsonb not null,
  created_by uuid references staff_users (id),
  created_at timestamptz not null default now(),
  primary key (tenant, version)
);

-- A credit officer's recommended terms and the offer computed from them by the domain engine.
create table application_recommendations (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references applications (id) on delete cascade,
  recommended_by uuid not null references staff_users (id),
  amount_sen integer not null check (amount_sen > 0),
  tenure_months integer not null check (tenure_months > 0),
  annual_rate_bp integer not null check (annual_rate_bp > 0),
  secured boolean not null,
  -- Sealed JSON: the security's particulars when secured.
  security_sealed text,
  settings_version integer not null,
  -- The figures the engine computed (sen, basis points), kept as offered.
  offer jsonb not null,
  -- The all-in effective rate with the lender's own fees passes the cap: compliance reviews it.
  compliance_review boolean not null default false,
  approval_levels integer not null check (approval_levels between 1 and 2),
  created_at timestamptz not null default now(),
  -- Set when the file goes back to assessment: a new recommendation replaces it.
  superseded_at timestamptz
);
create index application_recommendations_app_idx on application_recommendations (application_id, created_at);

-- Each approval of a recommendation, by level: four eyes are checked against these rows.
create table application_approvals (
  id uuid primary key default gen_random_uuid(),
  recommendation_id uuid not null references application_recommendations (id) on delete cascade,
  level integer not null check (level between 1 and 2),
  approver_id uuid not null references staff_users (id),
  approved_at timestamptz not null default now(),
  unique (recommendation_id, level),
  unique (recommendation_id, approver_id)
);
