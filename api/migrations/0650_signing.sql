-- Signing: the one-time codes a signer proves their phone with, and the guarantors of an
-- agreement with their single-purpose links. Personal data (names, numbers, addresses) is sealed
-- with the data key; link tokens and codes are kept only as keyed hashes.

create table signing_codes (
  id uuid primary key,
  agreement_id uuid not null references agreements (id) on delete cascade,
  -- `user:<id>` or `guarantor:<id>`: a code proves only this signer, for only this agreement.
  signer_ref text not null,
  destination_sealed text not null,
  code_hash text not null,
  attempts integer not null default 0 check (attempts >= 0),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  -- Set when the code is spent on a signature; a spent code signs nothing again.
  used_at timestamptz
);
create index signing_codes_signer_idx on signing_codes (agreement_id, signer_ref, created_at);

create table agreement_guarantors (
  id uuid primary key,
  agreement_id uuid not null references agreements (id) on delete cascade,
  position integer not null,
  role text not null check (role in ('PARTNER', 'DIRECTOR')),
  name_sealed text not null,
  id_no_sealed text not null,
  id_no_fingerprint text not null,
  email_sealed text not null,
  phone_sealed text not null,
  required boolean not null default true,
  status text not null check (status in ('INVITED', 'VERIFIED', 'SIGNED')),
  token_hash text not null unique,
  token_expires_at timestamptz not null,
  ekyc_provider_ref text,
  ekyc_message text,
  verified_at timestamptz,
  signed_at timestamptz,
  document_sha256 text,
  created_at timestamptz not null,
  unique (agreement_id, position)
);
