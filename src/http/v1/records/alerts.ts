/**
 * Records of alert rules and notifications on /v1.
 */
import { Type, type Static } from 'typebox';
import { ALERT_CHANNELS, ALERT_FREQUENCIES, ALERT_SUBJECTS, AlertRuleCreate, AlertRulePatch, type AlertRuleView } from '../../../domain/alerts/index.js';
import { MarkRead, type NotificationView } from '../../../domain/notifications/index.js';
import { Nullable, StringEnum, component } from '../../schema.js';

const RULE_ID = '5b0c7c1e-3f7a-4d8e-9a51-0d6f2b8e4c11';
const WebhookAttempt = Type.Object({
  delivery_id: Type.String({ format: 'uuid', description: 'The delivery (the same on every retry; also the Webhook-Id header)' }),
  attempt: Type.Integer({ minimum: 1 }),
  status: Nullable(Type.Integer({ description: 'HTTP status of the receiver; null when none came' })),
  error: Nullable(Type.String()),
  at: Type.String({ format: 'date-time' }),
});

export const AlertRule = component('V1AlertRule', Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  subject: StringEnum(ALERT_SUBJECTS),
  query: Type.Object({}, { additionalProperties: true, description: 'The list parameters of the subject' }),
  frequency: StringEnum(ALERT_FREQUENCIES),
  channels: Type.Array(StringEnum(ALERT_CHANNELS)),
  enabled: Type.Boolean(),
  webhook_url: Nullable(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  webhook_secret: Type.Optional(Type.String({ description: 'The signing secret of the webhook: in the answer that made it only, never again' })),
  deliveries: Type.Optional(Type.Array(WebhookAttempt, { description: 'GET of one rule: its last 20 webhook attempts, newest first' })),
}, { title: 'AlertRule' }), {
  id: RULE_ID, name: 'Runway news in Europe', subject: 'articles', query: { q: 'runway', region: 'europe' }, frequency: 'instant',
  channels: ['email', 'in_app'], enabled: true, webhook_url: null, created_at: '2026-11-21T10:00:00.000Z', updated_at: '2026-11-21T10:00:00.000Z',
});
export type AlertRule = Static<typeof AlertRule>;

export const AlertRuleCreateBody = component('V1AlertRuleCreate', AlertRuleCreate, {
  name: 'New terminals in the Gulf', subject: 'projects', query: { type: 'terminal', region: 'middle-east', min_value: 100000000 },
  frequency: 'daily', channels: ['email', 'webhook'], webhook_url: 'https://hooks.example.com/airport-intel',
});
export const AlertRulePatchBody = component('V1AlertRulePatch', AlertRulePatch, { enabled: false });

export const Notification = component('V1Notification', Type.Object({
  id: Type.String({ format: 'uuid' }),
  kind: Type.String({ description: 'project_status_changed, project_changed (completion year or value), alert_match or webhook_signature_changed (one notice per webhook rule when signatures became Standard Webhooks; payload rule_id, rule_name, detail)' }),
  project_id: Nullable(Type.String({ format: 'uuid' })),
  payload: Type.Object({}, { additionalProperties: true, description: 'project_status_changed: old_status, new_status, changes; alert_match: rule_id, rule_name, subject, items' }),
  read: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
}, { title: 'Notification' }), {
  id: '0b7f6a52-61c4-4d0e-8f9b-2c3d4e5f6a7b', kind: 'project_status_changed', project_id: '9d1e2f3a-4b5c-4d6e-8f70-819203a4b5c6',
  payload: { project_title: 'Terminal 2 expansion', old_status: 'planned', new_status: 'ongoing', changes: { status: { old: 'planned', new: 'ongoing' } } },
  read: false, created_at: '2026-11-21T10:00:00.000Z',
});
export const MarkReadBody = component('V1MarkNotificationsRead', MarkRead, { all: true });

export const presentRule = (r: AlertRuleView): AlertRule => ({
  id: r.id, name: r.name, subject: r.subject, query: r.query, frequency: r.frequency, channels: r.channels, enabled: r.enabled,
  webhook_url: r.webhook_url, created_at: r.created_at.toISOString(), updated_at: r.updated_at.toISOString(),
  ...(r.webhook_secret ? { webhook_secret: r.webhook_secret } : {}),
  ...(r.deliveries ? { deliveries: r.deliveries.map((d) => ({ ...d, at: d.at.toISOString() })) } : {}),
});
export const presentNotification = (n: NotificationView) => ({ ...n, created_at: n.created_at.toISOString() });
