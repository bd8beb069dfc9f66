-- The agreement's documents: every version of the PDF a signer reads or signs, frozen as bytes
-- (sealed in file storage) with their SHA-256, never edited; a signature or the closing pages make
-- a new version. Signatures keep the evidence they rest on; the certificate authority keeps its
-- keys sealed; the stamp certificate is kept with the agreement.

create table agreement_documents (
  id uuid primary key default gen_random_uuid(),
  agreement_id uuid not null references agreements (id) on delete cascade,
  -- AGREEMENT (Schedule J or K, signed along the way), STAMP_CERTIFICATE.
  kind text not null,
  version integer not null check (version > 0),
  -- FROZEN (built for the terms), SIGNED (a signer's incremental update), COMPLETED (audit page
  -- and the lender's seal), ISSUED (a stamp certificate).
  stage text not null,
  -- Fingerprint of the terms the document was built from: new terms make a new document.
  terms_sha256 text not null,
  sha256 text not null,
  size_bytes integer not null check (size_bytes > 0),
  storage_key text not null unique,
  -- Printed in the QR code of every page: what the public verification page is reached by.
  verification_code text not null,
  created_at timestamptz not null default now(),
  unique (agreement_id, kind, version)
);
create index agreement_documents_code_idx on agreement_documents (verification_code);

create table agreement_signatures (
  id uuid primary key default gen_random_uuid(),
  agreement_id uuid not null references agreements (id) on delete cascade,
  document_id uuid not null references agreement_documents (id),
  role text not null,
  signer_ref text not null,
  -- Sealed: name and identity number are personal data.
  signer_name text not null,
  signer_id_no text not null,
  signed_at timestamptz not null,
  ip text not null,
  user_agent text,
  otp_verified_at timestamptz not null,
  -- Masked number the code went to.
  otp_sent_to text not null,
  signed_sha256 text not null,
  certificate_serial text not null,
  unique (agreement_id, signer_ref)
);

-- The local certificate authority: its root (one row) and the certificates it issued. Private
-- keys are sealed with the data key and never leave the authority.
create table certificate_authority_roots (
  name text primary key,
  certificate_pem text not null,
  private_key text not null,
  created_at timestamptz not null default now()
);

create table certificate_authority_certificates (
  -- The holder's identity number's keyed hash: the certificate is found again by NRIC.
  holder_fingerprint text primary key,
  serial text not null unique,
  subject_name text not null,
  certificate_pem text not null,
  private_key text not null,
  issued_at timestamptz not null,
  expires_at timestamptz not null
);

create table agreement_stamps (
  agreement_id uuid primary key references agreements (id) on delete cascade,
  certificate_no text not null,
  document_id uuid not null references agreement_documents (id),
  issued_at timestamptz not null
);
