-- 0003: editorial admin, inbox and newsletter delivery (issue 4).

-- Token-based unsubscribe links: each reader's preferences row carries a random token (64 hex
-- characters) that the link in every newsletter names. No login is needed to unsubscribe.
alter table preferences
  add column unsubscribe_token text not null
  default (replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''));
create unique index preferences_unsubscribe_token_idx on preferences(unsubscribe_token);

-- What one send request queued, and how many of its recipients already had the message.
alter table newsletter_sends add column queued integer not null default 0;
alter table newsletter_sends add column already_queued integer not null default 0;

-- The unsubscribe link of a message (also sent as List-Unsubscribe), and the worker holding its lease.
alter table email_outbox add column unsubscribe_url text;
alter table email_outbox add column locked_by text;
create index email_outbox_send_idx on email_outbox(send_id);
create index email_outbox_sent_at_idx on email_outbox(sent_at) where status = 'sent';
create index email_outbox_locked_idx on email_outbox(locked_until) where locked_until is not null;

create index audit_log_actor_idx on audit_log(actor_user_id, created_at desc);
create index inbox_items_created_idx on inbox_items(created_at desc);
