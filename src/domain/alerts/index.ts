/** Alert rules: what faces may import. */
export * from './schemas.js';
export { createAlertRule, deleteAlertRule, getAlertRule, listAlertRules, updateAlertRule } from './alert-rules.js';
export type { AlertRuleView, WebhookAttemptView } from './repository.js';
export { checkAlertUnsubscribeLink, unsubscribeAlertRule, type AlertUnsubscribeLink } from './unsubscribe-alert.js';
export { alertJobs, alertUnsubscribeUrl, attemptWebhook, deliverAlertRule, matchAlertRules, nextDigestAt, webhookBackoffMs, webhookHeaders, WEBHOOK_RETRY_WINDOW_MS, type AlertMailSettings, type DeliveredItem, type WebhookJob } from './delivery.js';
