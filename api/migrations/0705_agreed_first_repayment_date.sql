-- The first repayment date a frozen agreement states. The borrower signs that date, so the
-- repayment schedule opened at payout keeps it (unless the money goes out on or after it).
alter table agreement_documents add column first_repayment_date date;
