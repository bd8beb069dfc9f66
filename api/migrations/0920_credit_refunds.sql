-- Refunds of credit left on a closed account: the finance desk proposes paying the whole credit
-- back to the account the loan was paid out to, a second member approves (the database refuses the
-- proposer as decider), and the approval books the refund. The bank details are the payout's, as
-- they stood when the refund was proposed (sealed, as the payout keeps them).
alter table staff_users drop constraint staff_users_roles_check;
alter table staff_users add constraint staff_users_roles_check check (
  cardinality(roles) > 0
  and roles <@ array['ADMIN', 'CREDIT_OFFICER', 'APPROVER', 'CUSTOMER_SERVICE', 'FINANCE']::text[]
);

create table credit_refunds (
  id uuid primary key default gen_random_uuid(),
  tenant text not null references tenants (id),
  account_id uuid not null references loan_accounts (id) on delete cascade,
  agreement_id uuid not null references agreements (id) on delete cascade,
  status text not null check (status in ('PROPOSED', 'APPROVED', 'REJECTED')),
  amount_sen integer not null check (amount_sen > 0),
  reason text not null check (length(reason) between 5 and 500),
  bank_code text not null,
  bank_name text not null,
  beneficiary_name_sealed text not null,
  account_no_sealed text not null,
  account_last4 text not null,
  proposed_by text not null,
  proposed_at timestamptz not null,
  decided_by text,
  decided_at timestamptz,
  decision_note text check (length(decision_note) <= 500),
  -- The business date an approved refund was booked on.
  business_date date,
  -- The refund letter (sealed PDF), built once the approval committed; emailed after.
  letter_language text check (letter_language in ('EN', 'MS')),
  letter_storage_key text,
  letter_sha256 text,
  letter_emailed_at timestamptz,
  check ((status = 'PROPOSED') = (decided_by is null)),
  check ((decided_by is null) = (decided_at is null)),
  check (decided_by is null or decided_by <> proposed_by),
  check ((status = 'APPROVED') = (business_date is not null)),
  check (letter_storage_key is null or status = 'APPROVED')
);
create index credit_refunds_account_idx on credit_refunds (account_id, proposed_at);
create unique index credit_refunds_open_idx on credit_refunds (account_id)
  where status = 'PROPOSED';

-- The credit an approved refund paid back, taken from the payments that left it (a negative
-- CREDIT row each, as credit spent is), so the account's credit stays the sum of its CREDIT rows.
alter table payment_allocations
  add column refund_id uuid references credit_refunds (id) on delete cascade;
alter table payment_allocations add constraint payment_allocations_refund_check
  check (refund_id is null or (kind = 'CREDIT' and amount_sen < 0 and from_credit));
