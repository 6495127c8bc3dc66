import { DAY_MS } from '../clock.js';
import type { Ctx } from '../context.js';
import { conflict } from '../errors.js';
import { writeTransaction } from '../shared/database-errors.js';
import { accountWithRole } from '../accounts/index.js';
import { getSubscription, type SubscriptionView } from '../accounts/index.js';
import { TRIAL_DAYS } from '../identity/index.js';

/**
 * Starts a 14-day trial for the caller's account (`POST /v1/billing/trial`; owner or admin member).
 * @throws DomainError CONFLICT when the account already has a subscription (any but an expired one), FORBIDDEN (a plain member)
 */
export async function startTrial(ctx: Ctx): Promise<SubscriptionView> {
  const { accountId } = await accountWithRole(ctx, ['owner', 'admin'], 'start a trial');
  await writeTransaction(ctx, async (trx) => {
    await trx.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().executeTakeFirst();
    const existing = await trx.selectFrom('subscriptions').select(['plan_code', 'status']).where('account_id', '=', accountId).where('status', '<>', 'expired').executeTakeFirst();
    if (existing) throw conflict(`The account already has a subscription (${existing.plan_code}, ${existing.status}); a trial is for an account without one`);
    const end = new Date(ctx.now().getTime() + TRIAL_DAYS * DAY_MS);
    await trx.insertInto('subscriptions').values({
      account_id: accountId, plan_code: 'trial', status: 'trialing', current_period_start: ctx.now(), current_period_end: end, trial_end: end,
      created_at: ctx.now(), updated_at: ctx.now(),
    }).execute();
  });
  return getSubscription({ ...ctx, identity: ctx.identity ? { ...ctx.identity, accountId } : null });
}
