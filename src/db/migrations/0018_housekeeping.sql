-- 0018: the daily housekeeping job (issue 29, decision 0037) keeps, per kind of record it purges,
-- how many it purged in all and when it last ran, so that /metrics of any process can report it.
create table housekeeping_totals (
  what         text primary key,
  purged       bigint not null default 0,
  last_run_at  timestamptz not null
);

-- Purging sent outbox bodies finds old sent rows by their send time.
create index email_outbox_sent_idx on email_outbox(sent_at) where status = 'sent';
-- Expired sessions by their end.
create index sessions_expires_idx on sessions(expires_at);
-- Webhook attempts and usage counters past their window.
create index webhook_attempts_created_idx on webhook_attempts(created_at);
create index usage_counters_day_idx on usage_counters(day);
