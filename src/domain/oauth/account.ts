/** The person an authorization server account id names (its `sub` is the user's id). */
import type { Ctx } from '../context.js';

/** The claims of user `userId` (`sub`, `email`, `email_verified`), or `undefined` for no such user. */
export async function oauthAccountClaims(ctx: Ctx, userId: string): Promise<{ sub: string; email: string; email_verified: boolean } | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return undefined;
  const user = await ctx.db.selectFrom('users').select(['id', 'email', 'email_verified_at']).where('id', '=', userId).executeTakeFirst();
  return user ? { sub: user.id, email: user.email, email_verified: user.email_verified_at !== null } : undefined;
}

/** Whether user `userId` is an administrator (the only people an app may be granted `admin` for). */
export async function isAdministrator(ctx: Ctx, userId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return false;
  const row = await ctx.db.selectFrom('profiles').select('is_admin').where('user_id', '=', userId).executeTakeFirst();
  return row?.is_admin === true;
}
