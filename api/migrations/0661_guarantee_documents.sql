-- Each guarantor signs their own deed of guarantee, kept with the agreement's other documents:
-- a guarantee's versions are counted per guarantor, so two guarantors' first versions coexist.
alter table agreement_documents
  add column guarantor_id uuid references agreement_guarantors (id) on delete cascade;
alter table agreement_documents drop constraint agreement_documents_agreement_id_kind_version_key;
create unique index agreement_documents_version_idx on agreement_documents (
  agreement_id,
  kind,
  coalesce(guarantor_id, '00000000-0000-0000-0000-000000000000'::uuid),
  version
);
