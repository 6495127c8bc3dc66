-- 0007: the reader's own state on /v1 (issue 10): preference vocabulary, alert rules with
-- subjects, channels and webhooks, the once-per-item match ledger, the webhook delivery log and
-- the cheap unread count of notifications. Decision 0020.

-- Preferences: the vocabulary the API speaks (daily, weekly, never; html, text).
alter table preferences drop constraint if exists preferences_digest_frequency_check;
alter table preferences drop constraint if exists preferences_digest_format_check;
update preferences set digest_frequency = 'never' where digest_frequency = 'off';
update preferences set digest_format = case digest_format when 'compact' then 'text' else 'html' end
 where digest_format in ('full', 'compact');
alter table preferences alter column digest_format set default 'html';
alter table preferences add constraint preferences_digest_frequency_check check (digest_frequency in ('daily', 'weekly', 'never'));
alter table preferences add constraint preferences_digest_format_check check (digest_format in ('html', 'text'));

-- Alert rules: a standing query over one subject, delivered on channels.
alter table alert_rules drop constraint if exists alert_rules_frequency_check;
update alert_rules set frequency = 'instant' where frequency = 'immediate';
alter table alert_rules alter column frequency set default 'instant';
alter table alert_rules add constraint alert_rules_frequency_check check (frequency in ('instant', 'daily', 'weekly'));
alter table alert_rules add column subject text not null default 'articles' check (subject in ('articles', 'projects', 'tenders'));
alter table alert_rules add column channels text[] not null default '{email}';
alter table alert_rules add column webhook_url text;
alter table alert_rules add column webhook_secret text;
alter table alert_rules add column updated_at timestamptz not null default now();
create index alert_rules_user_idx on alert_rules(user_id, created_at);
create index alert_rules_enabled_idx on alert_rules(subject) where enabled;

-- Every item a rule ever matched, once: the primary key is the at-most-once guarantee.
-- `baseline` rows are what the query already matched when the rule was written (never delivered);
-- `delivered_at` is set in the transaction that hands the item to the channels.
create table alert_matches (
  rule_id      uuid not null references alert_rules(id) on delete cascade,
  item_id      uuid not null,
  matched_at   timestamptz not null,
  baseline     boolean not null default false,
  delivered_at timestamptz,
  primary key (rule_id, item_id)
);
create index alert_matches_pending_idx on alert_matches(rule_id, matched_at) where delivered_at is null and not baseline;

-- One row per webhook attempt (the rule's delivery log shows the last 20).
create table webhook_attempts (
  id          uuid primary key default gen_random_uuid(),
  rule_id     uuid not null references alert_rules(id) on delete cascade,
  delivery_id uuid not null,
  attempt     integer not null,
  status      integer,
  error       text,
  created_at  timestamptz not null
);
create index webhook_attempts_rule_idx on webhook_attempts(rule_id, created_at desc);

-- The poll call: unread notifications of a user, counted from an index.
create index notifications_unread_idx on notifications(user_id) where read_at is null;
