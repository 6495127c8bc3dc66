/**
 * Matching and delivering alert rules (decision 0020): three job handlers of the service's one job
 * mechanism (src/domain/jobs, decision 0018), listed in src/jobs/handlers.ts.
 *
 * - `alerts.match` (recurring, every minute): runs each enabled rule's query as its owner (same
 *   list, gates and trial preview; {@link runRuleQuery}) and records what is new in
 *   `alert_matches` with `on conflict do nothing`: the primary key (rule, item) is the
 *   at-most-once-ever guarantee. A rule with new matches gets one pending `alerts.deliver` job
 *   (dedupe key `alerts.deliver:<rule>`), in the same transaction: due now for `instant`, at the
 *   next 07:00 (daily) or Monday 07:00 (weekly) in the owner's timezone (`profiles.timezone`, UTC
 *   when unknown or invalid).
 * - `alerts.deliver`: takes the rule's undelivered matches with
 *   `update … set delivered_at where delivered_at is null returning` and, in that same transaction,
 *   writes the email (`email_outbox`, dedupe key `alert:<rule>:<first item>`; none when the owner
 *   unsubscribed; the rule's one-click unsubscribe link, RFC 8058; with `attach_pdf` its PDF
 *   rendering stored with the row), the `alert_match` notification and the `alerts.webhook` job. Of two workers
 *   only one gets the rows, so nothing is delivered twice.
 * - `alerts.webhook`: one POST of the delivery's JSON through {@link outboundRequest}, signed as
 *   Standard Webhooks say (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64
 *   HMAC-SHA256 of "id.timestamp.body">`, by the `standardwebhooks` library; decision 0034); every attempt is logged in
 *   `webhook_attempts`; a non-2xx answer or a network error retries with exponential backoff (1 min
 *   doubling, at most 1 h) until 24 hours after the first attempt, then gives up (logged).
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import type { Ctx } from '../context.js';
import { DomainError } from '../errors.js';
import { loadIdentity } from '../identity/index.js';
import { defineJob, enqueueJob, type JobHandler } from '../jobs/index.js';
import { outboundRequest, type AllowedHosts } from '../../net/outbound.js';
import { pdfFilename, renderDigestPdf, storeAttachments, type MailAttachment } from '../newsletter/index.js';
import { runRuleQuery } from './run-rule-query.js';
import type { AlertSubject } from './schemas.js';

/** How long a webhook delivery is retried, from its first attempt (ms). */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3_600_000;
/** Backoff of webhook attempt `attempt + 1`: 1 minute doubling, at most an hour. */
export const webhookBackoffMs = (attempt: number) => Math.min(60_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);

/**
 * The Standard Webhooks headers of one attempt: `webhook-id` (the delivery id, the same on every
 * retry), `webhook-timestamp` (unix seconds of the attempt) and `webhook-signature`
 * (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed by the base64 bytes after `whsec_`).
 * @param secret the rule's `whsec_…` secret
 * @param at the instant of the attempt (the service clock)
 */
export function webhookHeaders(secret: string, id: string, at: Date, body: string): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const seconds = Math.floor(at.getTime() / 1000);
  return { 'webhook-id': id, 'webhook-timestamp': String(seconds), 'webhook-signature': new Webhook(secret).sign(id, new Date(seconds * 1000), body) };
}

/** The UTC offset (ms) of `timeZone` at instant `at`. */
function offsetMs(timeZone: string, at: Date): number {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
  }).formatToParts(at).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour) % 24, Number(parts.minute), Number(parts.second));
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

const validZone = (tz: string | null | undefined): string => {
  if (!tz) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    return 'UTC';
  }
};

/**
 * The next 07:00 local time in `timeZone` strictly after `now` (weekly: the next Monday 07:00).
 * An unknown or invalid zone is UTC.
 */
export function nextDigestAt(now: Date, frequency: 'daily' | 'weekly', timeZone: string | null | undefined): Date {
  const tz = validZone(timeZone);
  const local = new Date(now.getTime() + offsetMs(tz, now)); // wall clock of the zone, read with UTC getters
  for (let d = 0; d <= 8; d++) {
    const day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + d, 7));
    if (frequency === 'weekly' && day.getUTCDay() !== 1) continue;
    const guess = day.getTime() - offsetMs(tz, day);
    const at = new Date(day.getTime() - offsetMs(tz, new Date(guess)));
    if (at > now) return at;
  }
  return new Date(now.getTime() + 86_400_000);
}

interface RuleRow {
  id: string;
  user_id: string;
  name: string;
  subject: string;
  query: unknown;
  frequency: string;
  channels: string[];
  enabled: boolean;
  webhook_url: string | null;
  webhook_secret: string | null;
}

/** Matches one rule; returns how many items were new. */
async function matchRule(ctx: Ctx, rule: RuleRow): Promise<number> {
  const identity = await loadIdentity(ctx, rule.user_id, 'session');
  if (!identity || !(identity.isAdmin || identity.features.has('alerts'))) return 0;
  let items;
  try {
    items = await runRuleQuery({ ...ctx, actor: 'user', identity }, rule.subject as AlertSubject, (rule.query ?? {}) as Record<string, unknown>);
  } catch (err) {
    if (err instanceof DomainError) return 0; // the owner can no longer read the subject: nothing matches
    throw err;
  }
  if (!items.length) return 0;
  return ctx.db.transaction().execute(async (trx) => {
    const inserted = await trx.insertInto('alert_matches')
      .values(items.map((i) => ({ rule_id: rule.id, item_id: i.id, matched_at: ctx.now(), baseline: false, delivered_at: null })))
      .onConflict((oc) => oc.columns(['rule_id', 'item_id']).doNothing()).returning('item_id').execute();
    if (!inserted.length) return 0;
    let runAt = ctx.now();
    if (rule.frequency === 'daily' || rule.frequency === 'weekly') {
      const profile = await trx.selectFrom('profiles').select('timezone').where('user_id', '=', rule.user_id).executeTakeFirst();
      runAt = nextDigestAt(ctx.now(), rule.frequency, profile?.timezone);
    }
    await enqueueJob({ ...ctx, db: trx }, { kind: 'alerts.deliver', payload: { ruleId: rule.id }, runAt, dedupeKey: `alerts.deliver:${rule.id}` });
    return inserted.length;
  });
}

/** Every enabled rule, matched once. */
export async function matchAlertRules(ctx: Ctx): Promise<number> {
  const rules = await ctx.db.selectFrom('alert_rules')
    .select(['id', 'user_id', 'name', 'subject', 'query', 'frequency', 'channels', 'enabled', 'webhook_url', 'webhook_secret'])
    .where('enabled', '=', true).orderBy('created_at').execute();
  let n = 0;
  for (const rule of rules) n += await matchRule(ctx, rule as RuleRow);
  return n;
}

/** An item of a delivery. */
export interface DeliveredItem {
  id: string;
  title: string;
  path: string;
}

async function describeItems(ctx: Ctx, subject: string, ids: string[]): Promise<DeliveredItem[]> {
  if (!ids.length) return [];
  const { rows } = subject === 'articles'
    ? await sql<{ id: string; title: string }>`select id, headline as title from articles where id = any(${ids}::uuid[])`.execute(ctx.db)
    : subject === 'projects'
      ? await sql<{ id: string; title: string }>`select id, title from projects where id = any(${ids}::uuid[])`.execute(ctx.db)
      : await sql<{ id: string; title: string }>`select id, title from tenders where id = any(${ids}::uuid[])`.execute(ctx.db);
  const byId = new Map(rows.map((r) => [r.id, r.title]));
  return ids.map((id) => ({ id, title: byId.get(id) ?? '(removed)', path: `/v1/${subject}/${id}` }));
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Deployment settings alert mails need. */
export interface AlertMailSettings {
  /** Base of the links in alert mails (items, unsubscribe), e.g. `https://intel.example.com`. */
  publicBaseUrl: string;
}

/** Links of alert mails when the deployment names no base (`PUBLIC_BASE_URL`'s default). */
const DEFAULT_MAIL_SETTINGS: AlertMailSettings = { publicBaseUrl: 'http://127.0.0.1:3000' };

/** The unsubscribe link of an alert rule's mails (`/api/unsubscribe/alerts/<token>`): stops that rule's email. */
export const alertUnsubscribeUrl = (settings: AlertMailSettings, token: string) =>
  `${settings.publicBaseUrl.replace(/\/+$/, '')}/api/unsubscribe/alerts/${token}`;

/** What the alert mail of one delivery says. */
interface AlertMail {
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
}

/**
 * The mail of one delivery of `rule`: every item with its title, the day it matched (UTC) and its
 * absolute link; the unsubscribe link in both parts. Preferences: `digest_format: text` gives no
 * HTML part; `attach_pdf` adds the same list as `alerts-YYYY-MM-DD.pdf` (the service clock's UTC
 * day); `email_headlines_only` changes nothing (an alert mail is headlines and links already).
 */
async function alertMail(
  ctx: Ctx, rule: { name: string; subject: string }, items: (DeliveredItem & { matchedAt: Date })[],
  prefs: { digest_format: string | null; attach_pdf: boolean | null }, base: string, unsubscribe: string,
): Promise<AlertMail> {
  const url = (i: DeliveredItem) => `${base}${i.path}`;
  const day = (d: Date) => new Date(d).toISOString().slice(0, 10);
  const subject = items.length === 1 ? `Alert "${rule.name}": ${items[0]!.title}` : `Alert "${rule.name}": ${items.length} new ${rule.subject}`;
  const text = [
    `New matches of your alert "${rule.name}":`, '',
    ...items.map((i) => `- ${i.title} (matched ${day(i.matchedAt)})\n  ${url(i)}`), '',
    `Manage your alerts at ${base}/v1/alert-rules.`,
    `Stop the emails of this alert: ${unsubscribe}`,
  ].join('\n');
  const html = prefs.digest_format === 'text' ? ''
    : `<p>New matches of your alert &quot;${esc(rule.name)}&quot;:</p><ul>${items.map((i) => `<li><a href="${esc(url(i))}">${esc(i.title)}</a> <small>(matched ${day(i.matchedAt)})</small></li>`).join('')}</ul>`
      + `<p style="font-size:small;color:#555">Manage your alerts at <a href="${esc(base)}/v1/alert-rules">${esc(base)}/v1/alert-rules</a>. `
      + `<a href="${esc(unsubscribe)}">Stop the emails of this alert</a>.</p>`;
  const attachments: MailAttachment[] = [];
  if (prefs.attach_pdf) {
    const content = await renderDigestPdf({
      title: `Alert: ${rule.name}`,
      subtitle: `${items.length} new ${rule.subject} \u00b7 ${day(ctx.now())}`,
      items: items.map((i) => ({ title: i.title, date: `Matched ${day(i.matchedAt)}`, url: url(i) })),
      footer: `Stop the emails of this alert: ${unsubscribe}`,
      createdAt: ctx.now(),
    });
    attachments.push({ filename: pdfFilename('alerts', ctx.now()), contentType: 'application/pdf', content });
  }
  return { subject: subject.slice(0, 300), html, text, attachments };
}

/**
 * Delivers the undelivered matches of rule `ruleId` on its channels, in one transaction. The mail
 * (and its PDF with `attach_pdf`) is rendered here and stored with its outbox row.
 * @returns how many items were delivered (0 when another worker took them, or the rule is gone or disabled)
 */
export async function deliverAlertRule(ctx: Ctx, ruleId: string, settings: AlertMailSettings = DEFAULT_MAIL_SETTINGS): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const t = { ...ctx, db: trx };
    const rule = await trx.selectFrom('alert_rules').selectAll().where('id', '=', ruleId).executeTakeFirst();
    if (!rule || !rule.enabled) return 0;
    const taken = await sql<{ item_id: string; matched_at: Date }>`
      update alert_matches set delivered_at = ${ctx.now()}
       where rule_id = ${ruleId} and delivered_at is null and not baseline
       returning item_id, matched_at`.execute(trx);
    if (!taken.rows.length) return 0;
    const sorted = taken.rows.sort((a, b) => +new Date(a.matched_at) - +new Date(b.matched_at) || a.item_id.localeCompare(b.item_id));
    const ids = sorted.map((r) => r.item_id);
    const items = await describeItems(t, rule.subject, ids);
    const channels = rule.channels as string[];
    if (channels.includes('email')) {
      const who = await trx.selectFrom('users').leftJoin('preferences', 'preferences.user_id', 'users.id')
        .select(['users.email', 'preferences.unsubscribed_at', 'preferences.digest_format', 'preferences.attach_pdf'])
        .where('users.id', '=', rule.user_id).executeTakeFirst();
      if (who && !who.unsubscribed_at) {
        const base = settings.publicBaseUrl.replace(/\/+$/, '');
        const unsubscribe = alertUnsubscribeUrl(settings, rule.unsubscribe_token);
        const mail = await alertMail(t, rule, items.map((i, n) => ({ ...i, matchedAt: sorted[n]!.matched_at })), who, base, unsubscribe);
        await trx.insertInto('email_outbox').values({
          dedupe_key: `alert:${rule.id}:${ids[0]}`, to_email: who.email, user_id: rule.user_id, subject: mail.subject,
          html: mail.html, text_body: mail.text, unsubscribe_url: unsubscribe, attachments: storeAttachments(mail.attachments),
          created_at: ctx.now(), next_attempt_at: ctx.now(),
        }).onConflict((oc) => oc.column('dedupe_key').doNothing()).execute();
      }
    }
    if (channels.includes('in_app')) {
      await trx.insertInto('notifications').values({
        user_id: rule.user_id, kind: 'alert_match', created_at: ctx.now(),
        payload: JSON.stringify({ rule_id: rule.id, rule_name: rule.name, subject: rule.subject, items }),
      }).execute();
    }
    if (channels.includes('webhook') && rule.webhook_url && rule.webhook_secret) {
      const deliveryId = crypto.randomUUID();
      const body = JSON.stringify({ id: deliveryId, type: 'alert.match', rule: { id: rule.id, name: rule.name, subject: rule.subject }, items, created_at: ctx.now().toISOString() });
      await enqueueJob(t, { kind: 'alerts.webhook', payload: { ruleId: rule.id, deliveryId, body, firstAt: ctx.now().toISOString() }, dedupeKey: `alerts.webhook:${deliveryId}` });
    }
    return items.length;
  });
}

/** The payload of an `alerts.webhook` job. */
export interface WebhookJob {
  ruleId: string;
  deliveryId: string;
  /** The JSON body, fixed at delivery (the same on every retry). */
  body: string;
  /** ISO instant of the delivery; retries stop 24 hours later. */
  firstAt: string;
}

/**
 * One attempt of a webhook delivery: logs it in `webhook_attempts`.
 * @throws Error on a non-2xx answer or a network error while within the 24-hour window (the job retries)
 */
export async function attemptWebhook(ctx: Ctx, p: WebhookJob, attempt: number, allowedHosts: AllowedHosts): Promise<void> {
  const rule = await ctx.db.selectFrom('alert_rules').select(['webhook_url', 'webhook_secret', 'enabled']).where('id', '=', p.ruleId).executeTakeFirst();
  if (!rule?.webhook_url || !rule.webhook_secret) return; // the rule or its webhook is gone
  let status: number | null = null;
  let error: string | null = null;
  try {
    const res = await outboundRequest(rule.webhook_url, {
      method: 'POST', body: p.body, timeoutMs: 10_000, maxBytes: 64 * 1024, maxRedirects: 0, allowedHosts,
      headers: { 'content-type': 'application/json', 'user-agent': 'airport-intel-webhooks/1', ...webhookHeaders(rule.webhook_secret, p.deliveryId, ctx.now(), p.body) },
    });
    status = res.status;
    if (status < 200 || status > 299) error = `HTTP ${status}`;
  } catch (err) {
    error = String((err as Error)?.message ?? err).slice(0, 500);
  }
  const expired = ctx.now().getTime() - new Date(p.firstAt).getTime() >= WEBHOOK_RETRY_WINDOW_MS;
  await ctx.db.insertInto('webhook_attempts').values({
    rule_id: p.ruleId, delivery_id: p.deliveryId, attempt, status, error: error && expired ? `${error} (gave up after 24 hours)` : error, created_at: ctx.now(),
  }).execute();
  if (error && !expired) throw new Error(error);
}

/**
 * The alert job handlers; webhooks reach `allowedHosts` although not public; mails link to
 * `publicBaseUrl` (default `http://127.0.0.1:3000`).
 */
export function alertJobs(options: { allowedHosts: AllowedHosts; publicBaseUrl?: string }): JobHandler<never>[] {
  const mailSettings: AlertMailSettings = options.publicBaseUrl ? { publicBaseUrl: options.publicBaseUrl } : DEFAULT_MAIL_SETTINGS;
  const match = defineJob<Record<string, never>>({
    kind: 'alerts.match', every: 60_000, maxAttempts: 3,
    run: async (ctx) => { await matchAlertRules(ctx); },
  });
  const deliver = defineJob<{ ruleId: string }>({
    kind: 'alerts.deliver',
    run: async (ctx, p) => { await deliverAlertRule(ctx, p.ruleId, mailSettings); },
  });
  const webhook = defineJob<WebhookJob>({
    kind: 'alerts.webhook', maxAttempts: 100, backoffMs: webhookBackoffMs,
    run: (ctx, p, job) => attemptWebhook(ctx, p, job.attempt, options.allowedHosts),
  });
  return [match, deliver, webhook] as JobHandler<never>[];
}
