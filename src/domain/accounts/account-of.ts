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
 * The caller's account: the one that gives them their subscription, else the one they own.
 * @throws DomainError UNAUTHENTICATED without a caller; NOT_FOUND when the caller belongs to no account
 */
export async function accountOf(ctx: Ctx): Promise<CallerAccount> {
  const identity = ctx.identity;
  if (!identity) throw unauthenticated('Authentication required');
  let q = ctx.db.selectFrom('account_members').select(['account_id', 'role']).where('user_id', '=', identity.userId);
  q = identity.accountId ? q.where('account_id', '=', identity.accountId) : q.where('role', '=', 'owner');
  const row = await q.orderBy('joined_at').executeTakeFirst();
  if (!row) throw notFound('Account');
  return { identity, accountId: row.account_id, role: row.role as Role };
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
