import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { accountOf } from './account-of.js';

/** An account's subscription as `GET /v1/account/subscription` reports it. */
export interface SubscriptionView {
  id: string;
  account_id: string;
  plan: string;
  /** trialing, active, past_due, canceled (also any whose period has ended; expired ones are not reported). */
  status: string;
  addons: string[];
  /** Seats bought (at least the plan's included seats) and used (members plus open invitations). */
  seats: { bought: number; used: number };
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  /** The trial's end: recorded, else the period end of a trialing subscription; null for a paid one. */
  trial_end: Date | null;
}

/** Seats of account `accountId`: capacity of its subscription and seats taken (members + open invitations). */
export async function seatsOf(db: Kysely<DB>, accountId: string, now: Date): Promise<{ bought: number; used: number }> {
  const { rows } = await sql<{ bought: number | null; used: number }>`
    select (select greatest(s.seats, pl.included_seats) from subscriptions s join plans pl on pl.code = s.plan_code
             where s.account_id = ${accountId} and s.status <> 'expired'
               and (s.current_period_end is null or s.current_period_end > ${now})
             order by pl.sort_order desc, s.created_at desc limit 1) as bought,
           ((select count(*) from account_members m where m.account_id = ${accountId})
          + (select count(*) from account_invitations i where i.account_id = ${accountId} and i.accepted_at is null and i.expires_at > ${now}))::int as used`.execute(db);
  return { bought: rows[0]?.bought ?? 0, used: rows[0]?.used ?? 0 };
}

/** The latest subscription of `accountId` that is not expired, or `undefined`. */
export async function currentSubscription(db: Kysely<DB>, accountId: string) {
  return db.selectFrom('subscriptions').selectAll().where('account_id', '=', accountId).where('status', '<>', 'expired')
    .orderBy('created_at', 'desc').orderBy('id').executeTakeFirst();
}

/**
 * The subscription of the caller's account (`GET /v1/account/subscription`): plan, status,
 * add-ons, seats bought and used, period end, whether it cancels at period end, trial end.
 * @throws DomainError NOT_FOUND when the account has no subscription
 */
export async function getSubscription(ctx: Ctx): Promise<SubscriptionView> {
  const { accountId } = await accountOf(ctx);
  const sub = await currentSubscription(ctx.db, accountId);
  if (!sub) throw notFound('Subscription');
  const addons = await ctx.db.selectFrom('subscription_addons').select('addon_code').where('subscription_id', '=', sub.id).orderBy('addon_code').execute();
  return {
    id: sub.id,
    account_id: accountId,
    plan: sub.plan_code,
    // Access ends with the period (the identity query's rule): a trial or a subscription cancelled at
    // period end whose period is over reads `canceled`, not the status it had while it ran.
    status: sub.current_period_end && sub.current_period_end.getTime() <= ctx.now().getTime() ? 'canceled' : sub.status,
    addons: addons.map((a) => a.addon_code),
    seats: await seatsOf(ctx.db, accountId, ctx.now()),
    current_period_end: sub.current_period_end,
    cancel_at_period_end: sub.cancel_at_period_end,
    // A trialing subscription without a recorded trial end (made by createUser: the CLI and
    // tests) ends its trial with its period.
    trial_end: sub.trial_end ?? (sub.status === 'trialing' ? sub.current_period_end : null),
  };
}
