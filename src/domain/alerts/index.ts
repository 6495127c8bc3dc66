/** Alert rules: what faces may import. */
export * from './schemas.js';
export { createAlertRule, deleteAlertRule, getAlertRule, listAlertRules, updateAlertRule } from './alert-rules.js';
export type { AlertRuleView, WebhookAttemptView } from './repository.js';
export { alertJobs, attemptWebhook, deliverAlertRule, matchAlertRules, nextDigestAt, signWebhook, webhookBackoffMs, WEBHOOK_RETRY_WINDOW_MS, type DeliveredItem, type WebhookJob } from './delivery.js';
