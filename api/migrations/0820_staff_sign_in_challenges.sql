-- The half-way step of a staff sign-in (after the password, before the authenticator's code) is
-- a short-lived signed challenge. Each one opens one session at most: the challenge's id is kept
-- here when it is spent, until the challenge would have expired anyway.
create table staff_spent_challenges (
  id uuid primary key,
  staff_id uuid not null references staff_users (id) on delete cascade,
  spent_at timestamptz not null,
  expires_at timestamptz not null
);

create index staff_spent_challenges_expires_idx on staff_spent_challenges (expires_at);
