-- The audit row records the change itself, not only who did what to whom: the entity changed
-- (`application:<id>`, `file:<id>`...), the status it moved from and to, the reason given and the
-- request it came in on. Every column is nullable, so rows written before stay readable as they
-- are (their details remain in `detail`).

alter table audit_log
  add column entity text,
  add column from_status text,
  add column to_status text,
  add column reason text,
  add column request_id text;

create index audit_log_entity_idx on audit_log (entity, at);
