-- The demo team a sandbox start seeds (DEMO_STAFF): marked, so their authenticator codes can be
-- shown in the sandbox outbox, the first admin is still created beside them, and a production
-- start refuses a database that still has them active.
alter table staff_users add column demo boolean not null default false;
