-- The late charge rate is a term of the agreement: fixed when the agreement is made, from the
-- product settings of that moment, so a later change of the setting charges only later loans.
-- Agreements made before the rate was recorded were all charged the 8% a year then in force.
alter table agreements
  add column late_charge_rate_bp integer not null default 800
    check (late_charge_rate_bp >= 0 and late_charge_rate_bp <= 100000);
-- From here on every agreement states its own rate: none is made on a default.
alter table agreements alter column late_charge_rate_bp drop default;
