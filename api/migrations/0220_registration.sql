-- Registration and contact verification. Registering opens an account (users) and its
-- organization (organizations, 0200) in one transaction; what the registration form asks beyond
-- those two rows (business details, the applicant's derived identity facts, how they heard of
-- us, consents) is kept in registrations. Partners refer applicants by partner ID.
-- Verification codes are kept hashed, never in clear; a verified email or phone is recorded in
-- contact_verifications against the exact address or number that was verified.

create table partners (
  id text primary key check (id ~ '^[A-Z0-9]{4,20}$'),
  name text not null,
  active boolean not null default true,
  created_at timestamptz not null default now()
);

-- Sandbox partners, so a referral can be tried end to end on a fresh machine.
insert into partners (id, name) values
  ('PTNR0001', 'Koperasi Usahawan Maju'),
  ('PTNR0002', 'Persatuan Peniaga Kecil Selangor'),
  ('AGENT0001', 'Sales agent: Lim Wei Jie');

create table registrations (
  user_id uuid primary key references users (id),
  organization_id uuid not null references organizations (id),
  established_date date not null,
  nature_of_business_id integer not null references natures_of_business (id),
  business_postcode_id integer not null references postcodes (id),
  applicant_race_id integer not null references races (id),
  applicant_birth_date date not null,
  applicant_gender text not null check (applicant_gender in ('MALE', 'FEMALE')),
  referral_source_id integer references referral_sources (id),
  referral_source_other text check (char_length(referral_source_other) <= 200),
  partner_id text references partners (id),
  terms_accepted_at timestamptz not null,
  marketing_consent_at timestamptz,
  created_at timestamptz not null default now()
);

create index registrations_organization_idx on registrations (organization_id);

create table verification_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id),
  channel text not null check (channel in ('email', 'sms')),
  -- The address or number the code was sent to: verifying proves that one, not a later one.
  destination text not null,
  code_hash text not null,
  attempts integer not null default 0,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);

create index verification_codes_user_idx on verification_codes (user_id, channel, created_at);

create table contact_verifications (
  user_id uuid not null references users (id),
  channel text not null check (channel in ('email', 'sms')),
  destination text not null,
  verified_at timestamptz not null,
  primary key (user_id, channel)
);
