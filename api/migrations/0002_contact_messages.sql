-- Messages sent from the contact-us page, kept for the support team of each tenant.
create table contact_messages (
  id uuid primary key default gen_random_uuid(),
  tenant text not null references tenants (id),
  name text check (char_length(name) <= 200),
  email text not null check (char_length(email) <= 254),
  comments text not null check (char_length(comments) between 1 and 2000),
  language text not null check (language in ('EN', 'MS')),
  created_at timestamptz not null default now()
);

create index contact_messages_tenant_created_idx on contact_messages (tenant, created_at);
