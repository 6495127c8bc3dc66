/**
 * Users, their profile (`is_admin`), their own account and its subscription.
 */
import { sql } from 'kysely';
import { DAY_MS } from '../clock.js';
import type { Ctx } from '../context.js';
import { conflict, DomainError, invalidParam } from '../errors.js';
import { effectiveFeatures, effectivePreviews } from '../entitlements.js';
import { loadIdentity } from './load-identity.js';

/** Plans a user can be put on. */
export const PLAN_CODES = ['trial', 'core', 'professional', 'enterprise'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];
/** Length of a trial, in days. */
export const TRIAL_DAYS = 14;

/** What `createUser` needs. */
export interface NewUser {
  email: string;
  name?: string | undefined;
  admin?: boolean | undefined;
  /** Without a plan the user has no subscription (and so no features). */
  plan?: PlanCode | undefined;
  /** Add-on codes (`wat`, `mcp`); each must be buyable on the plan. */
  addons?: string[] | undefined;
}

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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Creates a user with a profile, default delivery preferences, an account they own and, when
 * `plan` is given, a subscription (trialing for 14 days on `trial`, active otherwise) with add-ons.
 * Everything happens in one transaction.
 * @throws DomainError VALIDATION (bad email, unknown plan, add-on not buyable on the plan), CONFLICT (email taken)
 */
export async function createUser(ctx: Ctx, input: NewUser): Promise<UserView> {
  const email = input.email.trim();
  if (!EMAIL.test(email)) throw invalidParam('email', 'must be an email address');
  if (input.plan && !PLAN_CODES.includes(input.plan)) throw invalidParam('plan', `must be one of ${PLAN_CODES.join(', ')}`);
  const addons = [...new Set(input.addons ?? [])];

  const userId = await ctx.db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
    if (taken) throw conflict(`A user with email ${email} already exists`);
    const user = await trx
      .insertInto('users')
      .values({ email, name: input.name ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('profiles').values({ user_id: user.id, is_admin: input.admin === true }).execute();
    await trx.insertInto('preferences').values({ user_id: user.id }).execute();
    const account = await trx
      .insertInto('accounts')
      .values({ name: input.name ?? email, owner_user_id: user.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('account_members').values({ account_id: account.id, user_id: user.id, role: 'owner' }).execute();
    if (input.plan) {
      if (addons.length > 0) {
        const buyable = (
          await trx.selectFrom('plan_addons').select('addon_code').where('plan_code', '=', input.plan).execute()
        ).map((r) => r.addon_code);
        const refused = addons.filter((a) => !buyable.includes(a));
        if (refused.length > 0) {
          throw invalidParam(
            'addon',
            `${refused.join(', ')} cannot be added to the ${input.plan} plan (buyable add-ons: ${buyable.join(', ') || 'none'})`,
          );
        }
      }
      const trial = input.plan === 'trial';
      const sub = await trx
        .insertInto('subscriptions')
        .values({
          account_id: account.id,
          plan_code: input.plan,
          status: trial ? 'trialing' : 'active',
          current_period_end: trial ? new Date(ctx.now().getTime() + TRIAL_DAYS * DAY_MS) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (addons.length > 0) {
        await trx
          .insertInto('subscription_addons')
          .values(addons.map((a) => ({ subscription_id: sub.id, addon_code: a })))
          .execute();
      }
    } else if (addons.length > 0) {
      throw invalidParam('addon', 'add-ons need a plan (--plan)');
    }
    return user.id;
  });
  return getUserView(ctx, userId);
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
