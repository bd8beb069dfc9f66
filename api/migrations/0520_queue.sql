-- The staff queue (/admin/applications) lists every tenant's applications, sorted and searched on
-- the server. Each sort key has an index that serves both directions (drafts, without a value,
-- sort as the smallest); identity and business numbers are found through their own indexes.
create index applications_queue_submitted_idx
  on applications (submitted_at desc nulls last, reference_no desc);
create index applications_queue_amount_idx
  on applications (requested_amount_sen desc nulls last, reference_no desc);
create index applications_organization_idx on applications (organization_id);
create index organizations_identity_card_hash_idx on organizations (applicant_identity_card_hash)
  where applicant_identity_card_hash is not null;
-- Business numbers across tenants, also by their start (LIKE '2024%').
create index organizations_brn_pattern_idx
  on organizations (new_business_registration_no text_pattern_ops);

-- Both names of the organization, lower-cased once when written: the queue's name search reads
-- one column per row instead of lower-casing two.
alter table organizations add column name_search text
  generated always as (lower(company_name || ' ' || applicant_name)) stored;
