/**
 * Alert rules as stored (`alert_rules`, `alert_matches`, `webhook_attempts`; migration 0007) and
 * the view the faces present.
 */
import type { Kysely, Selectable } from 'kysely';
import type { AlertRules, DB } from '../../db/types.js';
import { callerOf, type Ctx } from '../context.js';
import { notFound } from '../errors.js';
import type { AlertChannel, AlertFrequency, AlertSubject } from './schemas.js';

/** A stored rule. */
export type AlertRuleRow = Selectable<AlertRules>;

/** One webhook attempt of the rule's delivery log. */
export interface WebhookAttemptView {
  delivery_id: string;
  attempt: number;
  /** The receiver's HTTP status; `null` when no answer came (refused address, timeout). */
  status: number | null;
  error: string | null;
  at: Date;
}

/** A rule as its owner sees it; `webhook_secret` only in the answer that created the secret. */
export interface AlertRuleView {
  id: string;
  name: string;
  subject: AlertSubject;
  query: Record<string, unknown>;
  frequency: AlertFrequency;
  channels: AlertChannel[];
  enabled: boolean;
  webhook_url: string | null;
  created_at: Date;
  updated_at: Date;
  webhook_secret?: string;
  deliveries?: WebhookAttemptView[];
}

/** The view of a row. */
export const ruleView = (r: AlertRuleRow): AlertRuleView => ({
  id: r.id,
  name: r.name,
  subject: r.subject as AlertSubject,
  query: (r.query ?? {}) as Record<string, unknown>,
  frequency: r.frequency as AlertFrequency,
  channels: r.channels as AlertChannel[],
  enabled: r.enabled,
  webhook_url: r.webhook_url,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** The caller's rule `id`. @throws DomainError NOT_FOUND (unknown, or another user's) */
export async function ownRule(ctx: Ctx, id: string): Promise<AlertRuleRow> {
  const me = callerOf(ctx);
  const row = await ctx.db.selectFrom('alert_rules').selectAll().where('id', '=', id).where('user_id', '=', me.userId).executeTakeFirst();
  if (!row) throw notFound(`Alert rule ${id}`);
  return row;
}

/** The last `n` webhook attempts of rule `ruleId`, newest first. */
export async function lastAttempts(db: Kysely<DB>, ruleId: string, n = 20): Promise<WebhookAttemptView[]> {
  const rows = await db.selectFrom('webhook_attempts').select(['delivery_id', 'attempt', 'status', 'error', 'created_at'])
    .where('rule_id', '=', ruleId).orderBy('created_at', 'desc').orderBy('attempt', 'desc').limit(n).execute();
  return rows.map((r) => ({ delivery_id: r.delivery_id, attempt: r.attempt, status: r.status, error: r.error, at: r.created_at }));
}
