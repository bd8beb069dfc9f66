-- What each signer opened before asking for a signing code: the agreement or their deed of
-- guarantee, and the notices they accept with it, each by the SHA-256 of the very bytes shown.
-- The first opening of each version is kept (a new version must be opened again); the evidence
-- pack carries these rows.
create table signing_document_reads (
  id uuid primary key default gen_random_uuid(),
  agreement_id uuid not null references agreements (id) on delete cascade,
  -- `user:<id>` for the borrower, `guarantor:<id>` for a guarantor.
  signer_ref text not null check (signer_ref ~ '^(user|guarantor):[0-9a-f-]{36}$'),
  document_kind text not null
    check (document_kind in ('AGREEMENT', 'GUARANTEE', 'PDP_NOTICE', 'LOAN_TERMS')),
  document_sha256 text not null check (document_sha256 ~ '^[0-9a-f]{64}$'),
  opened_at timestamptz not null,
  ip text,
  unique (agreement_id, signer_ref, document_kind, document_sha256)
);
