/**
 * Unsubscribing from one alert rule's mails through the link every alert mail carries
 * (`List-Unsubscribe` with one-click `List-Unsubscribe-Post`, RFC 8058, and a visible link; the
 * token is the rule's `unsubscribe_token`, 64 random hex characters, migration 0014). No login.
 *
 * What it means: the mails of THAT rule stop, and nothing else. The rule loses its `email` channel
 * and keeps its other channels (in-app notifications, webhook); a rule whose only channel was
 * email is disabled instead (a rule keeps at least one channel), and its owner can turn it on
 * again with `PATCH /v1/alert-rules/{id}`. The newsletter and the owner's other rules are
 * untouched (the newsletter's own link, `preferences.unsubscribed_at`, stops all mail).
 *
 * As with the newsletter's link, reading it (GET, and the HEAD of mail scanners that prefetch
 * links) changes nothing; only a POST does, and repeating it changes nothing more.
 */
import type { Ctx } from '../context.js';

/** What a valid alert unsubscribe token names. */
export interface AlertUnsubscribeLink {
  /** The rule's name, for the confirmation page. */
  rule_name: string;
  /** Whether the rule already sends no email (email channel removed, or the rule disabled). */
  unsubscribed: boolean;
}

const TOKEN = /^[0-9a-f]{64}$/;

const mails = (r: { enabled: boolean; channels: string[] }) => r.enabled && r.channels.includes('email');

/**
 * Reads the link of `token` without changing anything (GET and HEAD of the link).
 * @returns the rule's name and whether its mail already stopped, or `null` when the token names no rule
 */
export async function checkAlertUnsubscribeLink(ctx: Ctx, token: string): Promise<AlertUnsubscribeLink | null> {
  if (!TOKEN.test(token)) return null;
  const rule = await ctx.db.selectFrom('alert_rules').select(['name', 'enabled', 'channels']).where('unsubscribe_token', '=', token).executeTakeFirst();
  return rule ? { rule_name: rule.name, unsubscribed: !mails(rule) } : null;
}

/**
 * Stops the email of the rule of `token` (POST of the link): removes the `email` channel, or
 * disables the rule when email was its only channel. Idempotent; one transaction with the row
 * locked, so it composes with a concurrent PATCH of the owner.
 * @returns the link as it now reads (`unsubscribed: true`), or `null` when the token names no rule
 */
export async function unsubscribeAlertRule(ctx: Ctx, token: string): Promise<AlertUnsubscribeLink | null> {
  if (!TOKEN.test(token)) return null;
  return ctx.db.transaction().execute(async (trx) => {
    const rule = await trx.selectFrom('alert_rules').select(['id', 'name', 'enabled', 'channels'])
      .where('unsubscribe_token', '=', token).forUpdate().executeTakeFirst();
    if (!rule) return null;
    if (mails(rule)) {
      const others = rule.channels.filter((c) => c !== 'email');
      await trx.updateTable('alert_rules')
        .set(others.length ? { channels: others, updated_at: ctx.now() } : { enabled: false, updated_at: ctx.now() })
        .where('id', '=', rule.id).execute();
    }
    return { rule_name: rule.name, unsubscribed: true };
  });
}
