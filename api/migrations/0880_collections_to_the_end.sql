-- Collections to their end: termination of an agreement in default (four eyes), promises to
-- pay, the collection case worked by an officer, the contact log, and refunds of credit left on
-- a closed account (four eyes).

-- A terminated agreement's whole balance has fallen due; it is then paid (CLOSED) or written off.
alter table loan_accounts drop constraint loan_accounts_status_check;
alter table loan_accounts add constraint loan_accounts_status_check
  check (status in ('ACTIVE', 'CLOSED', 'WRITEOFF', 'TERMINATED'));

-- Termination: proposed by one staff member, approved or rejected by another (the database
-- refuses the proposer as decider). At most one open proposal per account. The figures are the
-- balance that fell due on the business date it was approved.
create table account_terminations (
  id uuid primary key default gen_random_uuid(),
  tenant text not null references tenants (id),
  account_id uuid not null references loan_accounts (id) on delete cascade,
  agreement_id uuid not null references agreements (id) on delete cascade,
  status text not null check (status in ('PROPOSED', 'APPROVED', 'REJECTED')),
  reason text not null check (length(reason) between 5 and 500),
  proposed_by text not null,
  proposed_at timestamptz not null,
  decided_by text,
  decided_at timestamptz,
  decision_note text check (length(decision_note) <= 500),
  business_date date,
  unpaid_principal_sen integer check (unpaid_principal_sen >= 0),
  earned_interest_sen integer check (earned_interest_sen >= 0),
  late_charges_sen integer check (late_charges_sen >= 0),
  interest_forgone_sen integer check (interest_forgone_sen >= 0),
  balance_sen integer check (balance_sen >= 0),
  check ((status = 'PROPOSED') = (decided_by is null)),
  check ((decided_by is null) = (decided_at is null)),
  check (decided_by is null or decided_by <> proposed_by),
  check ((status = 'APPROVED') = (balance_sen is not null and business_date is not null))
);
create index account_terminations_account_idx on account_terminations (account_id, proposed_at);
create unique index account_terminations_open_idx on account_terminations (account_id)
  where status = 'PROPOSED';
create unique index account_terminations_one_idx on account_terminations (account_id)
  where status = 'APPROVED';

-- Interest not charged: on an early settlement (the settling payment) or on a termination (the
-- interest of months not reached).
alter table settlement_rebates alter column payment_id drop not null;
alter table settlement_rebates
  add column termination_id uuid references account_terminations (id) on delete cascade;
alter table settlement_rebates add constraint settlement_rebates_cause_check
  check ((payment_id is null) <> (termination_id is null));

alter table collection_letters drop constraint collection_letters_kind_check;
alter table collection_letters add constraint collection_letters_kind_check
  check (kind in ('ARREARS', 'DEFAULT', 'TERMINATION'));

-- The case: who works it, its bucket of days past due (where each starts is a setting), and its
-- next action with the day it is due.
alter table collection_cases add column assigned_to uuid references staff_users (id);
alter table collection_cases add column bucket text
  check (bucket in ('EARLY', 'MIDDLE', 'LATE', 'SEVERE'));
alter table collection_cases add column next_action text
  check (next_action in ('SEND_MESSAGE', 'CALL', 'ISSUE_DEFAULT_NOTICE', 'PROPOSE_TERMINATION',
    'AWAIT_PROMISE'));
alter table collection_cases add column next_action_on date;
alter table collection_cases add column last_contact_on date;
create index collection_cases_next_action_idx on collection_cases (next_action_on)
  where next_action is not null;

-- Every contact with a borrower about a loan: reminders, letters, calls and messages, each
-- checked against the permitted hours and frequency before it was made. Written once: the
-- trigger refuses any change or removal, whoever asks.
create table collection_contacts (
  id uuid primary key default gen_random_uuid(),
  tenant text not null references tenants (id),
  account_id uuid not null references loan_accounts (id),
  agreement_id uuid not null references agreements (id),
  user_id uuid not null references users (id),
  channel text not null check (channel in ('EMAIL', 'SMS', 'LETTER', 'CALL', 'MESSAGE')),
  kind text not null check (kind in ('REMINDER', 'ARREARS_NOTICE', 'DEFAULT_NOTICE',
    'TERMINATION_NOTICE', 'CALL', 'MESSAGE')),
  -- What the borrower was told, as sent (their language); for a call, the officer's note.
  subject text not null check (length(subject) between 1 and 300),
  body text not null check (length(body) <= 4000),
  -- A call's outcome; null for what was sent.
  outcome text check (outcome in ('ANSWERED', 'NO_ANSWER', 'WRONG_NUMBER', 'CALL_BACK')),
  letter_id uuid references collection_letters (id),
  language text not null check (language in ('EN', 'MS')),
  business_date date not null,
  at timestamptz not null,
  actor text not null,
  created_at timestamptz not null default now()
);
create index collection_contacts_account_idx on collection_contacts (account_id, at);

create function collection_contacts_written_once() returns trigger
language plpgsql as $$
begin
  raise exception 'the contact log is written once: % refused', tg_op;
end;
$$;
create trigger collection_contacts_no_change
  before update or delete on collection_contacts
  for each row execute function collection_contacts_written_once();

-- Promises to pay: recorded by collections staff, closed by the daily job (kept once the money
-- paid since reaches the amount, broken the day after its date passes short). `paid_before_sen`
-- is what the account had received when the promise was made.
create table collection_promises (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references loan_accounts (id) on delete cascade,
  amount_sen integer not null check (amount_sen > 0),
  promised_for date not null,
  channel text not null check (channel in ('EMAIL', 'SMS', 'LETTER', 'CALL', 'MESSAGE')),
  note text check (length(note) <= 500),
  status text not null default 'OPEN' check (status in ('OPEN', 'KEPT', 'BROKEN')),
  paid_before_sen integer not null check (paid_before_sen >= 0),
  recorded_by text not null,
  recorded_on date not null,
  recorded_at timestamptz not null,
  closed_on date,
  check ((status = 'OPEN') = (closed_on is null))
);
create unique index collection_promises_open_idx on collection_promises (account_id)
  where status = 'OPEN';

create table collection_promise_history (
  id bigint generated by default as identity primary key,
  promise_id uuid not null references collection_promises (id) on delete cascade,
  from_status text,
  to_status text not null,
  actor text not null,
  reason text not null,
  at timestamptz not null
);
create index collection_promise_history_idx on collection_promise_history (promise_id, at);
