/**
 * /v1 alerts (seed 001, section 4, "Alerts"; docs/alerts.md, decision 0020): alert rules and notifications, for the
 * token's own user. Needs `alerts` (every plan). docs/alerts.md.
 * | GET,POST         | /v1/alert-rules          | { rules }; a rule is a standing query delivered by email, in_app, webhook |
 * | GET,PATCH,DELETE | /v1/alert-rules/{id}     | GET shows the last 20 webhook attempts                                    |
 * | GET              | /v1/notifications        | { notifications, unread }; unread_only, limit, offset                     |
 * | GET              | /v1/notifications/count  | { unread }: the poll call                                                 |
 * | POST             | /v1/notifications/read   | { ids } or { all: true }                                                  |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { createAlertRule, deleteAlertRule, getAlertRule, listAlertRules, updateAlertRule } from '../../../domain/alerts/index.js';
import { countUnreadNotifications, listNotifications, markNotificationsRead } from '../../../domain/notifications/index.js';
import { created } from '../../respond.js';
import { ctxOf } from '../../types.js';
import { flag, Named, namedList, namedListWith, Paging, UuidParam } from '../named.js';
import { problemResponses } from '../problem.js';
import { AlertRule, AlertRuleCreateBody, AlertRulePatchBody, MarkReadBody, Notification, presentNotification, presentRule } from '../records/alerts.js';

const tags = ['Alerts'];
const config = { gates: ['alerts'] as const };
const errors = problemResponses(404);
const Unread = Type.Object({ unread: Type.Integer({ minimum: 0, description: 'Unread notifications of the caller' }) });

export default async function alertRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/alert-rules', {
    config,
    schema: {
      operationId: 'v1ListAlertRules', summary: 'The caller\u2019s alert rules', tags,
      description: 'Every rule of the caller, oldest first. Needs `alerts`.',
      querystring: Type.Object(Paging(50)),
      response: { 200: Named('rules', AlertRule), ...errors },
    },
  }, async (req, reply) => namedList(reply, 'rules', req.query, (w) => listAlertRules(ctxOf(req), w), presentRule));

  r.post('/alert-rules', {
    config,
    schema: {
      operationId: 'v1CreateAlertRule', summary: 'Create an alert rule', tags,
      description: 'A standing query: `query` holds the parameters of `/v1/search` (subject articles), `/v1/projects` or `/v1/tenders`, validated by that list\u2019s own schema (400 naming `query.<parameter>`); a list the caller cannot read is 403 naming the feature. What the query already matches is not delivered; new matches are, once each. With the `webhook` channel the answer carries `webhook_secret`, shown this once. `Location`: the rule.',
      body: AlertRuleCreateBody,
      response: { 201: AlertRule, ...errors },
    },
  }, async (req, reply) => {
    const rule = presentRule(await createAlertRule(ctxOf(req), req.body));
    return created(reply, rule, `/v1/alert-rules/${rule.id}`);
  });

  r.get('/alert-rules/:id', {
    config,
    schema: {
      operationId: 'v1GetAlertRule', summary: 'One alert rule with its webhook delivery log', tags,
      description: 'The rule and `deliveries`, its last 20 webhook attempts, newest first. Another user\u2019s rule is 404.',
      params: UuidParam('Alert rule'),
      response: { 200: AlertRule, ...errors },
    },
  }, async (req) => presentRule(await getAlertRule(ctxOf(req), req.params.id)));

  r.patch('/alert-rules/:id', {
    config,
    schema: {
      operationId: 'v1UpdateAlertRule', summary: 'Change an alert rule', tags,
      description: 'Send only the fields to change. A new subject or query is validated as on create and what it already matches is not delivered. Another user\u2019s rule is 404.',
      params: UuidParam('Alert rule'),
      body: AlertRulePatchBody,
      response: { 200: AlertRule, ...errors },
    },
  }, async (req) => presentRule(await updateAlertRule(ctxOf(req), req.params.id, req.body)));

  r.delete('/alert-rules/:id', {
    config,
    schema: {
      operationId: 'v1DeleteAlertRule', summary: 'Delete an alert rule', tags,
      description: 'Deletes the rule with its match history and delivery log. Another user\u2019s rule is 404.',
      params: UuidParam('Alert rule'),
      response: { 200: Type.Object({ id: Type.String({ format: 'uuid' }), deleted: Type.Literal(true) }), ...errors },
    },
  }, async (req) => deleteAlertRule(ctxOf(req), req.params.id).then(() => ({ id: req.params.id, deleted: true as const })));

  r.get('/notifications', {
    config,
    schema: {
      operationId: 'v1ListNotifications', summary: 'The caller\u2019s notifications, newest first', tags,
      description: 'Status changes of watched projects (and changes of their completion year or stated value) and in-app alert matches, with the unread count.',
      querystring: Type.Object({ unread_only: flag('true: unread ones only', false), ...Paging(50) }),
      response: { 200: Type.Object({ notifications: Type.Array(Notification), unread: Unread.properties.unread }), ...errors },
    },
  }, async (req, reply) => namedListWith(reply, 'notifications', req.query, (w) => listNotifications(ctxOf(req), req.query.unread_only ?? false, w), presentNotification));

  r.get('/notifications/count', {
    config,
    schema: {
      operationId: 'v1CountNotifications', summary: 'The caller\u2019s unread count (the poll call)', tags,
      description: 'A cheap indexed count of unread notifications: poll this, then read `/v1/notifications` when it grows.',
      response: { 200: Unread },
    },
  }, async (req) => countUnreadNotifications(ctxOf(req)));

  r.post('/notifications/read', {
    config,
    schema: {
      operationId: 'v1MarkNotificationsRead', summary: 'Mark notifications read', tags,
      description: '`{ "ids": [...] }` marks those of the caller\u2019s notifications (other ids are ignored); `{ "all": true }` marks all. Answers how many changed and the unread count.',
      body: MarkReadBody,
      response: { 200: Type.Object({ marked: Type.Integer({ minimum: 0 }), unread: Unread.properties.unread }) },
    },
  }, async (req) => markNotificationsRead(ctxOf(req), req.body));
}
