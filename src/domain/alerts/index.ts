/** Alert rules: what faces may import. */
export * from './schemas.js';
export { createAlertRule, deleteAlertRule, getAlertRule, listAlertRules, updateAlertRule } from './alert-rules.js';
export type { AlertRuleView, WebhookAttemptView } from './repository.js';
