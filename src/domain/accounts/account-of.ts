import type { Ctx, Identity } from '../context.js';
import { DomainError, notFound, unauthenticated } from '../errors.js';
import type { Role } from './schemas.js';

/** The account a caller acts on, and the caller's role in it. */
export interface CallerAccount {
  identity: Identity;
  accountId: string;
  role: Role;
}

/**
 * The caller's account: the one they own when it has a current subscription (so joining another
 * account never takes away the management of one's own paid account), else the one that gives
 * them their subscription, else the one they own.
 * @throws DomainError UNAUTHENTICATED without a caller; NOT_FOUND when the caller belongs to no account
 */
export async function accountOf(ctx: Ctx): Promise<CallerAccount> {
  const identity = ctx.identity;
  if (!identity) throw unauthenticated('Authentication required');
  const rows = await ctx.db.selectFrom('account_members').select(['account_id', 'role']).where('user_id', '=', identity.userId)
    .orderBy('joined_at').orderBy('account_id').execute();
  const owned = rows.find((r) => r.role === 'owner');
  const entitling = identity.accountId ? rows.find((r) => r.account_id === identity.accountId) : undefined;
  let row = entitling ?? owned;
  if (owned && entitling && owned.account_id !== entitling.account_id) {
    const now = ctx.now();
    const live = await ctx.db.selectFrom('subscriptions').select('id').where('account_id', '=', owned.account_id).where('status', '<>', 'expired')
      .where((eb) => eb.or([eb('current_period_end', 'is', null), eb('current_period_end', '>', now)])).executeTakeFirst();
    if (live) row = owned;
  }
  if (!row) throw notFound('Account');
  return { identity, accountId: row.account_id, role: row.role as Role };
}

/**
 * The account a caller leaves by removing their own user id: the one they act on
 * ({@link accountOf}) unless they own it, else the one that gives them their subscription.
 * @throws DomainError UNAUTHENTICATED, NOT_FOUND
 */
export async function accountToLeave(ctx: Ctx): Promise<CallerAccount> {
  const acting = await accountOf(ctx);
  const entitling = acting.identity.accountId;
  if (acting.role !== 'owner' || !entitling || entitling === acting.accountId) return acting;
  const row = await ctx.db.selectFrom('account_members').select('role').where('user_id', '=', acting.identity.userId).where('account_id', '=', entitling).executeTakeFirst();
  return row ? { identity: acting.identity, accountId: entitling, role: row.role as Role } : acting;
}

/**
 * The caller's account, refused unless the caller's role is one of `roles`.
 * @throws DomainError FORBIDDEN naming the roles allowed
 */
export async function accountWithRole(ctx: Ctx, roles: readonly Role[], action: string): Promise<CallerAccount> {
  const account = await accountOf(ctx);
  if (!roles.includes(account.role)) {
    throw new DomainError('FORBIDDEN', `Only the account's ${roles.join(' or ')} may ${action}; you are a ${account.role}.`);
  }
  return account;
}
