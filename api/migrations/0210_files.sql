-- Documents uploaded for an application (spec sections 3 and 5) and the list of what each
-- organization type must upload. The bytes themselves live in the storage adapter, sealed
-- (AES-256-GCM): identity and income documents are personal data. A row keeps what the server
-- must count and compare (type, size, SHA-256 of the content) in plain columns.

create table required_files (
  organization_type text not null check (organization_type in ('SOLE_PROP', 'PARTNERSHIP', 'COMPANY')),
  file_type text not null check (file_type in (
    'SSM_DOCUMENT', 'SALARY_SLIP', 'EPF_STATEMENT', 'FORM_EA_OR_BE', 'BANK_STATEMENT',
    'PREMISE_PICTURE', 'OTHER')),
  is_required boolean not null,
  required_file_count integer not null check (required_file_count >= 0),
  max_file_count integer not null check (max_file_count >= 1),
  display_order integer not null,
  accepted_types text[] not null,
  max_bytes integer not null check (max_bytes > 0),
  name text not null,
  name_ms text not null,
  description text not null,
  description_ms text not null,
  primary key (organization_type, file_type),
  check (max_file_count >= required_file_count)
);

create table application_files (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references applications (id) on delete cascade,
  user_id uuid not null references users (id),
  file_type text not null check (file_type in (
    'SSM_DOCUMENT', 'SALARY_SLIP', 'EPF_STATEMENT', 'FORM_EA_OR_BE', 'BANK_STATEMENT',
    'PREMISE_PICTURE', 'OTHER')),
  original_file_name text not null check (char_length(original_file_name) between 1 and 255),
  mime_type text not null check (mime_type in ('application/pdf', 'image/png', 'image/jpeg')),
  size_bytes integer not null check (size_bytes > 0),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  storage_key text not null unique,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);

create index application_files_application_idx on application_files (application_id, created_at);
-- The same content twice in one application is refused ("This file has already been uploaded").
create unique index application_files_no_duplicate on application_files (application_id, sha256)
  where deleted_at is null;

-- What each organization type uploads. Limits (spec section 5): general files PDF, PNG or JPEG
-- up to 5 MB; statements (bank, EPF) PDF only up to 10 MB, original digital copies; salary slips
-- exactly 3 (latest 3 months); bank statement exactly 1 document; at least 5 premise pictures
-- (up to 10); other documents optional, at most 3.
-- Sole proprietors and partnerships prove the business with the SSM registration (Form D) and
-- their income with Form B/BE; companies, whose directors draw salaries, add the SSM company
-- documents (Form 9/24/49 or the Section 14/58/78 extracts), the salary slips, the EPF statement
-- and Form EA.
insert into required_files (organization_type, file_type, is_required, required_file_count,
  max_file_count, display_order, accepted_types, max_bytes, name, name_ms, description,
  description_ms)
select t.organization_type, f.file_type, f.is_required, f.required_file_count, f.max_file_count,
  f.display_order, f.accepted_types, f.max_bytes, f.name, f.name_ms, f.description,
  f.description_ms
from (values ('SOLE_PROP'), ('PARTNERSHIP'), ('COMPANY')) as t (organization_type)
join (values
  ('SSM_DOCUMENT', true, 1, 3, 1, array['application/pdf', 'image/png', 'image/jpeg'], 5242880,
    'SSM registration documents', 'Dokumen pendaftaran SSM',
    'Business registration certificate (Form D) or company documents from SSM',
    'Sijil pendaftaran perniagaan (Borang D) atau dokumen syarikat daripada SSM', null),
  ('SALARY_SLIP', true, 3, 3, 2, array['application/pdf', 'image/png', 'image/jpeg'], 5242880,
    'Salary slips', 'Slip gaji',
    'Your salary slips for the latest 3 months, one per month',
    'Slip gaji anda bagi 3 bulan terkini, satu bagi setiap bulan', 'COMPANY'),
  ('EPF_STATEMENT', true, 1, 1, 3, array['application/pdf'], 10485760,
    'EPF statement', 'Penyata KWSP',
    'Your latest EPF statement, the original digital copy',
    'Penyata KWSP terkini anda, salinan digital asal', 'COMPANY'),
  ('FORM_EA_OR_BE', true, 1, 1, 4, array['application/pdf', 'image/png', 'image/jpeg'], 5242880,
    'Form EA or Form B/BE', 'Borang EA atau Borang B/BE',
    'Your latest Form EA (employees) or Form B/BE (self-employed) filed with LHDN',
    'Borang EA (pekerja) atau Borang B/BE (bekerja sendiri) terkini yang dihantar kepada LHDN', null),
  ('BANK_STATEMENT', true, 1, 1, 5, array['application/pdf'], 10485760,
    'Bank statement', 'Penyata bank',
    'One document covering the latest 3 or 6 months, the original digital copy from your bank',
    'Satu dokumen bagi 3 atau 6 bulan terkini, salinan digital asal daripada bank anda', null),
  ('PREMISE_PICTURE', true, 5, 10, 6, array['image/png', 'image/jpeg'], 5242880,
    'Business premise pictures', 'Gambar premis perniagaan',
    'At least 5 pictures of your business premise, inside and outside',
    'Sekurang-kurangnya 5 gambar premis perniagaan anda, di dalam dan di luar', null),
  ('OTHER', false, 0, 3, 7, array['application/pdf', 'image/png', 'image/jpeg'], 5242880,
    'Other relevant documents', 'Dokumen lain yang berkaitan',
    'Anything else that supports your application (optional)',
    'Dokumen lain yang menyokong permohonan anda (pilihan)', null)
) as f (file_type, is_required, required_file_count, max_file_count, display_order,
  accepted_types, max_bytes, name, name_ms, description, description_ms, only_for)
  on f.only_for is null or f.only_for = t.organization_type;
