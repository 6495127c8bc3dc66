-- Standard Webhooks (issue 29, docs/decisions/0034-standard-webhooks.md). Alert-rule webhooks are
-- now signed as Standard Webhooks say: `webhook-id`, `webhook-timestamp` and
-- `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed by the base64 bytes
-- after `whsec_`. The secrets already given out (`whsec_` + 64 hex characters) are kept as they are:
-- hex digits are base64 characters, so each one is a valid Standard Webhooks secret and a consumer
-- verifies with the secret it holds. Only its verification code changes (the old header was
-- `t=<unix>,v1=<hex>`), so every owner of a webhook rule gets one in-app notice saying so.
insert into notifications (user_id, kind, payload, created_at)
select r.user_id, 'webhook_signature_changed',
       jsonb_build_object(
         'rule_id', r.id,
         'rule_name', r.name,
         'detail', 'Webhook deliveries of this rule are now signed as Standard Webhooks say (webhook-id, webhook-timestamp, webhook-signature: v1,<base64>). Your secret is unchanged; verify with a Standard Webhooks library (see the alerts documentation).'
       ),
       now()
from alert_rules r
where 'webhook' = any(r.channels) and r.webhook_secret is not null;
