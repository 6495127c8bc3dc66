/**
 * Unsubscribing through the token of a newsletter's link, by RFC 8058: reading the link (GET, and
 * the HEAD that mail scanners send when they prefetch links) changes nothing and says whom it would
 * unsubscribe; only a POST (the one-click `List-Unsubscribe=One-Click` of a mail client, or the
 * confirmation page's button) records `preferences.unsubscribed_at` (the first time; repeating
 * changes nothing). No login needed: the token is 64 random hex characters, unique per reader
 * (migration 0003).
 */
import type { Ctx } from '../context.js';
import { mappingDatabaseErrors } from '../shared/database-errors.js';

/** What a valid unsubscribe token names. */
export interface UnsubscribeLink {
  /** Whether the reader has already unsubscribed. */
  unsubscribed: boolean;
}

const TOKEN = /^[0-9a-f]{64}$/;

async function readerOf(ctx: Ctx, token: string): Promise<{ user_id: string; unsubscribed_at: unknown } | undefined> {
  if (!TOKEN.test(token)) return undefined;
  return ctx.db.selectFrom('preferences').select(['user_id', 'unsubscribed_at']).where('unsubscribe_token', '=', token).executeTakeFirst();
}

/**
 * Reads the link of `token` without changing anything (what `GET` and `HEAD` of the link do).
 * @returns whether the reader is already unsubscribed, or `null` when the token names no reader
 */
export async function checkUnsubscribeLink(ctx: Ctx, token: string): Promise<UnsubscribeLink | null> {
  const row = await readerOf(ctx, token);
  return row ? { unsubscribed: row.unsubscribed_at !== null } : null;
}

/**
 * Unsubscribes the reader of `token` (what `POST` of the link does); idempotent.
 * @returns `true` when the token names a reader (now unsubscribed), `false` otherwise.
 */
export async function unsubscribe(ctx: Ctx, token: string): Promise<boolean> {
  const row = await readerOf(ctx, token);
  if (!row) return false;
  if (!row.unsubscribed_at) {
    await mappingDatabaseErrors(() => ctx.db.updateTable('preferences').set({ unsubscribed_at: ctx.now(), updated_at: ctx.now() })
      .where('user_id', '=', row.user_id).where('unsubscribed_at', 'is', null).execute());
  }
  return true;
}
