-- Early settlement: interest paid before it accrued is moved onto principal by the settling
-- payment's own allocation rows, a negative INTEREST line matched by PRINCIPAL lines of the same
-- sum. Only an INTEREST line may be negative besides credit spent.
alter table payment_allocations drop constraint payment_allocations_check1;
alter table payment_allocations add constraint payment_allocations_amount_sign_check
  check (kind in ('CREDIT', 'INTEREST') or amount_sen > 0);
