-- Master setup: the files that configure the product, each entity kept in versions. An upload is
-- a new version, inactive; activating one applies it to the product and is recorded in
-- master_entities, one row per tenant and entity. A version's file stays for as long as its row.
create table master_files (
  id uuid primary key default gen_random_uuid(),
  tenant text not null references tenants (id),
  entity_id text not null check (
    entity_id in ('ATTESTATION_VIDEO_EN', 'ATTESTATION_VIDEO_MS', 'PUBLIC_HOLIDAYS', 'BANK_LIST')
  ),
  version integer not null check (version >= 1),
  original_file_name text not null check (length(original_file_name) between 1 and 255),
  mime_type text not null,
  size_bytes integer not null check (size_bytes > 0),
  sha256 text not null,
  storage_key text not null unique,
  -- Lists are sealed like every other document; videos are kept plain so that a player's byte
  -- ranges can be read straight from storage, as the attestation videos are.
  sealed boolean not null,
  -- What the file says, as checked at upload: the holidays or the banks; null for a video.
  content jsonb,
  item_count integer check (item_count >= 0),
  duration_ms integer check (duration_ms > 0),
  uploaded_by uuid not null references staff_users (id),
  uploaded_at timestamptz not null,
  activated_by uuid references staff_users (id),
  activated_at timestamptz,
  unique (tenant, entity_id, version)
);
create index master_files_entity_idx on master_files (tenant, entity_id, version);

create table master_entities (
  tenant text not null references tenants (id),
  entity_id text not null,
  active_file_id uuid not null references master_files (id),
  activated_by uuid not null references staff_users (id),
  activated_at timestamptz not null,
  primary key (tenant, entity_id)
);

-- A bank left out of an activated bank list is no longer offered, but stays: applications and
-- payouts name banks by id.
alter table banks add column active boolean not null default true;
