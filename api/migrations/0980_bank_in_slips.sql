-- Bank-in slips: the borrower says they paid by bank transfer and uploads the slip (sealed, as
-- uploaded documents are) with the amount and the day paid. Finance checks it against the bank
-- account: at or below the second-approval amount of the product settings one member approves;
-- above it one approves first and a different member confirms (the database refuses the same
-- person twice). An approved slip is booked as a payment on the BANK_TRANSFER channel.
alter table payments drop constraint payments_channel_check;
alter table payments add constraint payments_channel_check check (
  channel in ('FPX', 'CARD', 'JOMPAY', 'DIRECT_DEBIT', 'COUNTER', 'BANK_TRANSFER')
);

create table bank_in_slips (
  id uuid primary key default gen_random_uuid(),
  tenant text not null references tenants (id),
  account_id uuid not null references loan_accounts (id) on delete cascade,
  agreement_id uuid not null references agreements (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  status text not null check (status in ('SUBMITTED', 'CONFIRMING', 'APPROVED', 'REJECTED')),
  amount_sen integer not null check (amount_sen > 0),
  paid_on date not null,
  original_file_name text not null check (length(original_file_name) between 1 and 255),
  mime_type text not null check (mime_type in ('application/pdf', 'image/png', 'image/jpeg')),
  size_bytes integer not null check (size_bytes > 0),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  storage_key text not null,
  submitted_at timestamptz not null,
  -- How many approvals it needs, fixed when submitted from the settings then in force.
  approvals_needed integer not null check (approvals_needed in (1, 2)),
  first_approved_by text,
  first_approved_at timestamptz,
  decided_by text,
  decided_at timestamptz,
  -- Why it was rejected: a reason the borrower is told in their language, and staff's own note
  -- (required for OTHER), shown as written.
  reject_reason text check (
    reject_reason in ('NOT_RECEIVED', 'AMOUNT_DIFFERS', 'DATE_DIFFERS', 'UNREADABLE', 'OTHER')
  ),
  reject_note text check (length(reject_note) between 1 and 500),
  payment_id uuid references payments (id),
  check ((status = 'CONFIRMING') <= (first_approved_by is not null)),
  check ((first_approved_by is null) = (first_approved_at is null)),
  check ((status in ('APPROVED', 'REJECTED')) = (decided_by is not null)),
  check ((decided_by is null) = (decided_at is null)),
  check (decided_by is null or first_approved_by is null or decided_by <> first_approved_by),
  check ((status = 'REJECTED') = (reject_reason is not null)),
  check (reject_reason is distinct from 'OTHER' or reject_note is not null),
  check ((status = 'APPROVED') = (payment_id is not null))
);
create index bank_in_slips_account_idx on bank_in_slips (account_id, submitted_at);
create index bank_in_slips_open_idx on bank_in_slips (submitted_at)
  where status in ('SUBMITTED', 'CONFIRMING');
-- The same slip (by its bytes, whatever its name) is sent once per borrower; a rejected slip
-- may be sent again once corrected, so only undecided and approved ones count.
create unique index bank_in_slips_file_idx on bank_in_slips (user_id, sha256)
  where status <> 'REJECTED';
-- One slip per loan for an amount paid on a day, unless it was rejected.
create unique index bank_in_slips_payment_idx on bank_in_slips (account_id, amount_sen, paid_on)
  where status <> 'REJECTED';
