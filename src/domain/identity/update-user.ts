import { sql } from 'kysely';
import { DAY_MS } from '../clock.js';
import type { Ctx } from '../context.js';
import { invalidParam, notFound } from '../errors.js';
import { writeTransaction } from '../shared/database-errors.js';
import { PLAN_CODES, TRIAL_DAYS, type PlanCode } from './create-user.js';
import { getUserView, type UserView } from './get-user-view.js';

/** What `updateUser` changes; what is left out stays as it is. */
export interface UserUpdate {
  email: string;
  /** A new plan for the subscription of the account the user owns (created when there is none). */
  plan?: PlanCode | undefined;
  /** Add-ons to add to that subscription (each buyable on its plan); existing add-ons are kept. */
  addons?: string[] | undefined;
  /** Grant or withdraw the administrator flag. */
  admin?: boolean | undefined;
}

/**
 * Changes an existing user (the CLI's `users update`): the plan of the subscription of the account
 * they own (a trial again lasts 14 days, another plan is active with no period end), add-ons added to
 * it, the administrator flag. One transaction.
 * @throws DomainError NOT_FOUND (no such email), VALIDATION (unknown plan, add-on not buyable, add-on without a plan)
 */
export async function updateUser(ctx: Ctx, input: UserUpdate): Promise<UserView> {
  if (input.plan && !PLAN_CODES.includes(input.plan)) throw invalidParam('plan', `must be one of ${PLAN_CODES.join(', ')}`);
  const addons = [...new Set(input.addons ?? [])];
  const userId = await writeTransaction(ctx, async (trx) => {
    const user = await trx.selectFrom('users').select('id').where(sql`lower(email)`, '=', input.email.trim().toLowerCase()).executeTakeFirst();
    if (!user) throw notFound(`User ${input.email}`);
    if (input.admin !== undefined) {
      await trx.insertInto('profiles').values({ user_id: user.id, is_admin: input.admin })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ is_admin: input.admin! })).execute();
    }
    if (input.plan === undefined && addons.length === 0) return user.id;
    const account = await trx.selectFrom('accounts').select('id').where('owner_user_id', '=', user.id).orderBy('created_at').executeTakeFirst();
    if (!account) throw notFound(`An account owned by ${input.email}`);
    let sub = await trx.selectFrom('subscriptions').select(['id', 'plan_code']).where('account_id', '=', account.id)
      .where('status', '<>', 'expired').orderBy('created_at', 'desc').executeTakeFirst();
    if (input.plan !== undefined) {
      const trial = input.plan === 'trial';
      const values = {
        plan_code: input.plan,
        status: trial ? 'trialing' : 'active',
        current_period_end: trial ? new Date(ctx.now().getTime() + TRIAL_DAYS * DAY_MS) : null,
        trial_end: trial ? new Date(ctx.now().getTime() + TRIAL_DAYS * DAY_MS) : null,
        cancel_at_period_end: false,
        updated_at: ctx.now(),
      };
      if (sub) {
        await trx.updateTable('subscriptions').set(values).where('id', '=', sub.id).execute();
        sub = { id: sub.id, plan_code: input.plan };
      } else {
        sub = await trx.insertInto('subscriptions').values({ account_id: account.id, ...values, current_period_start: ctx.now() })
          .returning(['id', 'plan_code']).executeTakeFirstOrThrow();
      }
    }
    if (!sub) throw invalidParam('addon', 'add-ons need a plan (--plan)');
    const buyable = (await trx.selectFrom('plan_addons').select('addon_code').where('plan_code', '=', sub.plan_code).execute()).map((r) => r.addon_code);
    // A plan change drops add-ons the new plan cannot carry.
    await trx.deleteFrom('subscription_addons').where('subscription_id', '=', sub.id)
      .where('addon_code', 'not in', buyable.length ? buyable : ['']).execute();
    if (addons.length > 0) {
      const refused = addons.filter((a) => !buyable.includes(a));
      if (refused.length > 0) {
        throw invalidParam('addon', `${refused.join(', ')} cannot be added to the ${sub.plan_code} plan (buyable add-ons: ${buyable.join(', ') || 'none'})`);
      }
      await trx.insertInto('subscription_addons').values(addons.map((a) => ({ subscription_id: sub.id, addon_code: a })))
        .onConflict((oc) => oc.columns(['subscription_id', 'addon_code']).doNothing()).execute();
    }
    return user.id;
  });
  return getUserView(ctx, userId);
}
