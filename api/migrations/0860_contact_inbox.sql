-- The contact inbox: each message from the contact page becomes a thread the back office reads,
-- assigns to a member of staff, answers by email and closes (status machine `contact-message` of
-- the domain package; each step audited).
create sequence contact_message_serial;

alter table contact_messages
  add column reference_no text,
  add column status text not null default 'NEW'
    check (status in ('NEW', 'ASSIGNED', 'ANSWERED', 'CLOSED')),
  add column assigned_staff_id uuid references staff_users (id),
  add column assigned_at timestamptz,
  add column closed_at timestamptz,
  add column updated_at timestamptz not null default now(),
  add column version integer not null default 1 check (version > 0);

-- Messages already kept get references in the order they arrived.
with ordered as (
  select id, row_number() over (order by created_at, id) as n from contact_messages
)
update contact_messages as message
set reference_no = 'CU-' || lpad(ordered.n::text, 6, '0'), updated_at = message.created_at
from ordered
where ordered.id = message.id;

select setval(
  'contact_message_serial',
  greatest((select count(*) from contact_messages), 1),
  (select count(*) from contact_messages) > 0
);

alter table contact_messages
  alter column reference_no set default 'CU-' || lpad(nextval('contact_message_serial')::text, 6, '0'),
  alter column reference_no set not null,
  add constraint contact_messages_reference_no_key unique (reference_no);

create index contact_messages_status_idx on contact_messages (status, created_at);
create index contact_messages_assignee_idx on contact_messages (assigned_staff_id)
  where assigned_staff_id is not null;

-- What staff answered, in the order sent; the email is the sender's language.
create table contact_message_replies (
  id uuid primary key default gen_random_uuid(),
  message_id uuid not null references contact_messages (id),
  staff_id uuid references staff_users (id),
  body text not null check (char_length(body) between 1 and 5000),
  language text not null check (language in ('EN', 'MS')),
  created_at timestamptz not null default now(),
  emailed_at timestamptz
);

create index contact_message_replies_message_idx on contact_message_replies (message_id, created_at);
