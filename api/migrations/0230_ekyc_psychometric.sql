-- Identity verification (eKYC) and the psychometric test.
--
-- ekyc_sessions is the lender's record of each verification: whose application, which provider,
-- the outcome and the biometric consent (PDPA 2010: a selfie is sensitive personal data, so the
-- consent, its wording version, time and address are kept). ekyc_documents holds the identity
-- card images and the selfie returned by the provider, sealed (AES-256-GCM) before they are
-- written; nothing of them is stored in plain.
--
-- ekyc_sandbox_sessions and ekyc_sandbox_images are the sandbox provider's own storage (what a
-- hosted vendor keeps on its side): the capture link's token only as a hash, single use, with an
-- expiry; the images it captured, sealed, until the lender has collected the result.

create table ekyc_sessions (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references applications (id) on delete cascade,
  user_id uuid not null references users (id),
  provider text not null,
  provider_ref text not null,
  status text not null check (status in ('PENDING', 'PASSED', 'FAILED', 'EXPIRED')),
  result_message text,
  expires_at timestamptz not null,
  consent_text_version text,
  consent_at timestamptz,
  consent_ip text,
  completed_at timestamptz,
  confirmed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index ekyc_sessions_application_idx on ekyc_sessions (application_id, created_at);
create unique index ekyc_sessions_provider_ref_key on ekyc_sessions (provider, provider_ref);

create table ekyc_documents (
  session_id uuid not null references ekyc_sessions (id) on delete cascade,
  kind text not null check (kind in ('ID_FRONT', 'ID_BACK', 'SELFIE')),
  content_type text not null,
  size_bytes integer not null check (size_bytes > 0),
  sealed_content bytea not null,
  created_at timestamptz not null default now(),
  primary key (session_id, kind)
);

create table ekyc_sandbox_sessions (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  expected_identity_card_hash text,
  language text not null default 'EN' check (language in ('EN', 'MS')),
  expires_at timestamptz not null,
  used_at timestamptz,
  verdict text check (verdict in ('PASSED', 'FAILED')),
  verdict_message text,
  consent_text_version text,
  consent_at timestamptz,
  consent_ip text,
  created_at timestamptz not null default now()
);

create table ekyc_sandbox_images (
  session_id uuid not null references ekyc_sandbox_sessions (id) on delete cascade,
  kind text not null check (kind in ('ID_FRONT', 'ID_BACK', 'SELFIE')),
  content_type text not null,
  sealed_content bytea not null,
  primary key (session_id, kind)
);

-- One row per attempt at the test. started_at is the server's own clock when the questions
-- were handed out, so "answered impossibly fast" cannot be faked by the browser.
create table psychometric_attempts (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references applications (id) on delete cascade,
  user_id uuid not null references users (id),
  questionnaire_version text not null,
  language text not null check (language in ('EN', 'MS')),
  started_at timestamptz not null,
  submitted_at timestamptz,
  answers jsonb,
  outcome text check (outcome in ('VALID', 'INVALID')),
  score integer check (score between 0 and 100),
  dimension_scores jsonb,
  invalid_reasons text[],
  created_at timestamptz not null default now()
);

create index psychometric_attempts_application_idx on psychometric_attempts (application_id, started_at);
