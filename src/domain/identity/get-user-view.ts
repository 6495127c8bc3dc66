import type { Ctx } from '../context.js';
import { DomainError } from '../errors.js';
import { effectiveFeatures, effectivePreviews } from '../entitlements.js';
import { loadIdentity } from './load-identity.js';

/** A user as the CLI prints it. */
export interface UserView {
  id: string;
  email: string;
  name: string | null;
  is_admin: boolean;
  account_id: string;
  subscription: { id: string; plan: string; status: string; addons: string[]; current_period_end: string | null } | null;
  features: string[];
  previews: string[];
}

/** The CLI's view of a user. @throws DomainError NOT_FOUND */
export async function getUserView(ctx: Ctx, userId: string): Promise<UserView> {
  const identity = await loadIdentity(ctx, userId, 'session');
  const db = ctx.db;
  if (!identity) throw new DomainError('NOT_FOUND', 'User not found');
  const user = await db.selectFrom('users').select(['id', 'email', 'name']).where('id', '=', userId).executeTakeFirstOrThrow();
  const account = await db
    .selectFrom('account_members')
    .select('account_id')
    .where('user_id', '=', userId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  let subscription: UserView['subscription'] = null;
  if (identity.subscriptionId) {
    const sub = await db
      .selectFrom('subscriptions')
      .select(['id', 'plan_code', 'status', 'current_period_end'])
      .where('id', '=', identity.subscriptionId)
      .executeTakeFirstOrThrow();
    const addons = await db
      .selectFrom('subscription_addons')
      .select('addon_code')
      .where('subscription_id', '=', sub.id)
      .orderBy('addon_code')
      .execute();
    subscription = {
      id: sub.id,
      plan: sub.plan_code,
      status: sub.status,
      addons: addons.map((a) => a.addon_code),
      current_period_end: sub.current_period_end ? sub.current_period_end.toISOString() : null,
    };
  }
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    is_admin: identity.isAdmin,
    account_id: account.account_id,
    subscription,
    features: effectiveFeatures(identity),
    previews: effectivePreviews(identity),
  };
}
