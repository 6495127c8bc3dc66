-- 0014: issue 10's last two pieces (docs/alerts.md).

-- Attachments of a queued message (the `attach_pdf` preference: a PDF rendering of the digest),
-- rendered when the message is queued and kept with its row, so every retry (after a failure or a
-- crashed worker) sends the very bytes the message was queued with. A JSON array of
-- `{ "filename", "content_type", "content_base64" }`; empty for most messages.
alter table email_outbox add column attachments jsonb not null default '[]'::jsonb;

-- Each alert rule's unsubscribe link (List-Unsubscribe of its mails, RFC 8058): 64 random hex
-- characters, like the newsletter's per-reader token of migration 0003. The link stops the rule's
-- email and nothing else.
alter table alert_rules
  add column unsubscribe_token text not null
  default (replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''));
create unique index alert_rules_unsubscribe_token_idx on alert_rules(unsubscribe_token);
