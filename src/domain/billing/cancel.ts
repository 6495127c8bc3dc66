import type { Ctx } from '../context.js';
import { DomainError, notFound } from '../errors.js';
import { accountWithRole } from '../accounts/index.js';
import { currentSubscription, getSubscription, type SubscriptionView } from '../accounts/index.js';
import type { PaymentProvider } from './provider.js';

/** The end of the period of a subscription without one: the next monthly anniversary of its start after `now`. */
export function nextAnniversary(startedAt: Date, now: Date): Date {
  const start = startedAt.getTime() > now.getTime() ? now : startedAt;
  const end = new Date(start);
  let months = 0;
  while (end.getTime() <= now.getTime()) {
    months += 1;
    end.setTime(start.getTime());
    end.setUTCMonth(start.getUTCMonth() + months);
  }
  return end;
}

/**
 * Cancels the caller's subscription at the end of its period (`POST /v1/billing/cancel`; owner
 * only): access continues until `current_period_end`. A subscription paid through the provider is
 * told so too. Cancelling twice changes nothing.
 * @throws DomainError FORBIDDEN (not the owner), NOT_FOUND (no subscription), CONFLICT (already canceled)
 */
export async function cancelSubscription(ctx: Ctx, provider: PaymentProvider | undefined): Promise<SubscriptionView> {
  const { accountId, identity } = await accountWithRole(ctx, ['owner'], 'cancel the subscription');
  const sub = await currentSubscription(ctx.db, accountId);
  if (!sub) throw notFound('Subscription');
  if (sub.status === 'canceled') throw new DomainError('CONFLICT', 'The subscription is already canceled');
  if (!sub.cancel_at_period_end) {
    if (sub.provider_ref && provider) await provider.stripe.subscriptions.update(sub.provider_ref, { cancel_at_period_end: true });
    await ctx.db.updateTable('subscriptions').set({
      cancel_at_period_end: true,
      current_period_end: sub.current_period_end ?? nextAnniversary(sub.current_period_start, ctx.now()),
      updated_at: ctx.now(),
    }).where('id', '=', sub.id).execute();
  }
  return getSubscription({ ...ctx, identity: { ...identity, accountId } });
}
