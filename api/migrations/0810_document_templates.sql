-- Document templates in master setup: the lender's personal data protection notice and loan
-- terms, uploaded and versioned like the other master files. The platform ships version 1 of
-- each (no one uploaded it: uploaded_by and activated_by are null for it).
alter table master_files drop constraint master_files_entity_id_check;
alter table master_files add constraint master_files_entity_id_check check (
  entity_id in (
    'ATTESTATION_VIDEO_EN',
    'ATTESTATION_VIDEO_MS',
    'PUBLIC_HOLIDAYS',
    'BANK_LIST',
    'PDP_NOTICE_TEMPLATE',
    'LOAN_TERMS_TEMPLATE'
  )
);
alter table master_files alter column uploaded_by drop not null;
alter table master_entities alter column activated_by drop not null;

-- The template versions in force when the agreement was made: its notices are always made from
-- these, whatever is activated later. Null for agreements made before templates were versioned,
-- which read the shipped text.
alter table agreements add column pdp_notice_template_id uuid references master_files (id);
alter table agreements add column loan_terms_template_id uuid references master_files (id);
