-- The business date of what borrowers and the books are shown a date for, kept beside the instant
-- (which stays the wall clock's, for the audit): the day a direct debit's failure was read, the
-- day an online payment was started, the day a loan account changed status, and the day an offer
-- was accepted (the direct debit mandate's collections start a month after it). A sandbox moved
-- ahead of the wall clock shows these days, not the wall clock's. Rows from before were written
-- when the business date was Malaysia's date at the instant (Malaysia keeps UTC+8 all year).
alter table direct_debit_collections add column resolved_on date;
update direct_debit_collections
  set resolved_on = ((resolved_at at time zone 'UTC') + interval '8 hours')::date
  where resolved_at is not null;

alter table gateway_payments add column started_on date;
update gateway_payments set started_on = ((created_at at time zone 'UTC') + interval '8 hours')::date;
alter table gateway_payments alter column started_on set not null;

alter table loan_account_status_history add column business_date date;
update loan_account_status_history
  set business_date = ((at at time zone 'UTC') + interval '8 hours')::date;
alter table loan_account_status_history alter column business_date set not null;

alter table agreements add column accepted_on date;
update agreements
  set accepted_on = ((accepted_at at time zone 'UTC') + interval '8 hours')::date
  where accepted_at is not null;
