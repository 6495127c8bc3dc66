/**
 * The caller's alert rules: list, create, read (with the webhook delivery log), change, delete.
 * Needs `alerts` (every plan). The query is validated by its subject's list schema and gate
 * (./check-rule-query.ts). When a rule is written, what its query already matches is recorded as its
 * baseline (never delivered): a rule reports what is new from then on. A webhook channel needs an
 * http(s) `webhook_url`; the rule's signing secret is made with it and shown once.
 */
import crypto from 'node:crypto';
import { callerOf, type Ctx } from '../context.js';
import { requireFeature } from '../entitlements.js';
import { invalidParam } from '../errors.js';
import type { Window } from '../pagination.js';
import { lastAttempts, ownRule, ruleView, type AlertRuleRow, type AlertRuleView } from './repository.js';
import { runRuleQuery } from './run-rule-query.js';
import type { AlertChannel, AlertRuleCreateInput, AlertRulePatchInput, AlertSubject } from './schemas.js';
import { checkRuleQuery } from './check-rule-query.js';

/** A new Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64 (decision 0034). */
const newSecret = () => `whsec_${crypto.randomBytes(32).toString('base64')}`;

function checkWebhook(channels: AlertChannel[], url: string | null): void {
  if (!channels.includes('webhook')) return;
  if (!url) throw invalidParam('webhook_url', 'is required with the webhook channel');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalidParam('webhook_url', 'must be an absolute http(s) URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw invalidParam('webhook_url', 'must be an absolute http(s) URL');
}

/** Records what the rule's query matches now as its baseline (never delivered). */
async function baseline(ctx: Ctx, ruleId: string, subject: AlertSubject, query: Record<string, unknown>): Promise<void> {
  const items = await runRuleQuery(ctx, subject, query);
  if (!items.length) return;
  await ctx.db.insertInto('alert_matches')
    .values(items.map((i) => ({ rule_id: ruleId, item_id: i.id, matched_at: ctx.now(), baseline: true, delivered_at: null })))
    .onConflict((oc) => oc.columns(['rule_id', 'item_id']).doNothing()).execute();
}

/** One window of the caller's rules, oldest first. @throws DomainError FORBIDDEN without `alerts` */
export async function listAlertRules(ctx: Ctx, window: Window): Promise<AlertRuleView[]> {
  const me = callerOf(ctx);
  requireFeature(me, 'alerts');
  const rows = await ctx.db.selectFrom('alert_rules').selectAll().where('user_id', '=', me.userId)
    .orderBy('created_at').orderBy('id').limit(window.limit).offset(window.offset).execute();
  return rows.map(ruleView);
}

/**
 * Creates a rule for the caller; the answer carries `webhook_secret` when the webhook channel is on.
 * @throws DomainError FORBIDDEN without `alerts`, or when the query's list is not the caller's to read
 * @throws DomainError VALIDATION naming `query.<parameter>` or `webhook_url`
 */
export async function createAlertRule(ctx: Ctx, input: AlertRuleCreateInput): Promise<AlertRuleView> {
  const me = callerOf(ctx);
  requireFeature(me, 'alerts');
  const query = checkRuleQuery(me, input.subject, input.query);
  const channels = input.channels ?? ['email'];
  const url = input.webhook_url ?? null;
  checkWebhook(channels, url);
  const secret = channels.includes('webhook') ? newSecret() : null;
  return ctx.db.transaction().execute(async (trx) => {
    const t = { ...ctx, db: trx };
    const row = await trx.insertInto('alert_rules').values({
      user_id: me.userId, name: input.name, subject: input.subject, query: JSON.stringify(query), frequency: input.frequency ?? 'instant',
      channels, enabled: input.enabled ?? true, webhook_url: url, webhook_secret: secret, created_at: ctx.now(), updated_at: ctx.now(),
    }).returningAll().executeTakeFirstOrThrow();
    await baseline(t, row.id, input.subject, query);
    return { ...ruleView(row), ...(secret ? { webhook_secret: secret } : {}) };
  });
}

/**
 * The caller's rule `id` with its last 20 webhook attempts, newest first.
 * @throws DomainError FORBIDDEN without `alerts`; NOT_FOUND (unknown, or another user's)
 */
export async function getAlertRule(ctx: Ctx, id: string): Promise<AlertRuleView> {
  requireFeature(callerOf(ctx), 'alerts');
  const row = await ownRule(ctx, id);
  return { ...ruleView(row), deliveries: await lastAttempts(ctx.db, id) };
}

/**
 * Changes the fields `input` gives of the caller's rule `id`. A new subject or query is validated
 * and baselined again; turning the webhook channel on makes a secret (shown in this answer) if the
 * rule has none.
 * @throws DomainError FORBIDDEN, NOT_FOUND, VALIDATION as {@link createAlertRule}
 */
export async function updateAlertRule(ctx: Ctx, id: string, input: AlertRulePatchInput): Promise<AlertRuleView> {
  const me = callerOf(ctx);
  requireFeature(me, 'alerts');
  const row = await ownRule(ctx, id);
  const subject = (input.subject ?? row.subject) as AlertSubject;
  const requery = input.subject !== undefined || input.query !== undefined;
  const query = requery ? checkRuleQuery(me, subject, input.query ?? row.query) : (row.query as Record<string, unknown>);
  const channels = (input.channels ?? row.channels) as AlertChannel[];
  const url = input.webhook_url !== undefined ? input.webhook_url : row.webhook_url;
  checkWebhook(channels, url);
  const secret = channels.includes('webhook') && !row.webhook_secret ? newSecret() : null;
  return ctx.db.transaction().execute(async (trx) => {
    const updated: AlertRuleRow = await trx.updateTable('alert_rules').set({
      name: input.name ?? row.name, subject, query: JSON.stringify(query), frequency: input.frequency ?? row.frequency, channels,
      enabled: input.enabled ?? row.enabled, webhook_url: url, ...(secret ? { webhook_secret: secret } : {}), updated_at: ctx.now(),
    }).where('id', '=', id).where('user_id', '=', me.userId).returningAll().executeTakeFirstOrThrow();
    if (requery) await baseline({ ...ctx, db: trx }, id, subject, query);
    return { ...ruleView(updated), ...(secret ? { webhook_secret: secret } : {}) };
  });
}

/** Deletes the caller's rule `id` (its matches and delivery log with it). @throws DomainError FORBIDDEN, NOT_FOUND */
export async function deleteAlertRule(ctx: Ctx, id: string): Promise<void> {
  const me = callerOf(ctx);
  requireFeature(me, 'alerts');
  await ownRule(ctx, id);
  await ctx.db.deleteFrom('alert_rules').where('id', '=', id).where('user_id', '=', me.userId).execute();
}
