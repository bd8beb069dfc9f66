-- Staff accounts run by an admin, and the second factor of staff sign-in (TOTP).

-- The authenticator secret, sealed at rest; set on the first sign-in and confirmed by a first
-- code (`totp_enrolled_at`). The last time step accepted: a code is never taken twice.
alter table staff_users add column totp_secret text;
alter table staff_users add column totp_enrolled_at timestamptz;
alter table staff_users add column totp_last_step bigint;
-- Null until the member chose a password through their emailed link (the first admin has one).
alter table staff_users add column password_set_at timestamptz;
-- Everyone already here chose their password before links existed.
update staff_users set password_set_at = created_at;

-- One-time recovery codes, shown once at enrolment and kept only as hashes.
create table staff_recovery_codes (
  staff_id uuid not null references staff_users (id) on delete cascade,
  code_hash text not null,
  created_at timestamptz not null,
  used_at timestamptz,
  primary key (staff_id, code_hash)
);

-- Set-password links an admin sends (a new member's first password, or a reset): single use,
-- expiring, stored hashed.
create table staff_password_links (
  token_hash text primary key,
  staff_id uuid not null references staff_users (id) on delete cascade,
  purpose text not null check (purpose in ('INVITE', 'RESET')),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);

create index staff_password_links_staff_idx on staff_password_links (staff_id);
