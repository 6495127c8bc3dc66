/**
 * Unsubscribing through the token of a newsletter's link: records `preferences.unsubscribed_at`
 * (the first time; repeating changes nothing). No login needed: the token is 64 random hex
 * characters, unique per reader (migration 0003).
 */
import type { Ctx } from '../context.js';

/** @returns `true` when the token names a reader (now unsubscribed), `false` otherwise. */
export async function unsubscribe(ctx: Ctx, token: string): Promise<boolean> {
  const db = ctx.db;
  if (!/^[0-9a-f]{64}$/.test(token)) return false;
  const row = await db.selectFrom('preferences').select(['user_id', 'unsubscribed_at']).where('unsubscribe_token', '=', token).executeTakeFirst();
  if (!row) return false;
  if (!row.unsubscribed_at) {
    await db.updateTable('preferences').set({ unsubscribed_at: ctx.now(), updated_at: ctx.now() }).where('user_id', '=', row.user_id).execute();
  }
  return true;
}
