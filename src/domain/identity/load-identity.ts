/**
 * Resolves who a user is for access decisions: admin flag, active subscription, plan, features.
 * One SQL statement, shared by API-key and session authentication.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Credential, Ctx, Identity } from '../context.js';
import { isFeature, type Feature } from '../entitlements.js';

/** The row the identity statement returns. */
interface IdentityRow {
  user_id: string;
  email: string;
  is_admin: boolean | null;
  subscription_id: string | null;
  account_id: string | null;
  plan_code: string | null;
  daily_quota: number | null;
  features: string[];
  previews: string[];
  /** When the chosen subscription's current period ends (null: open-ended or none). */
  period_end: Date | null;
}

/**
 * The identity columns of the user `u`: the best active subscription of any account the user
 * belongs to (a subscription counts until its current period ends, even after cancellation).
 */
export const identityColumns = sql`
  u.id as user_id, u.email, p.is_admin,
  s.id as subscription_id, s.account_id, s.plan_code, pl.daily_quota, s.current_period_end as period_end,
  array(
    select pf.feature from plan_features pf where pf.plan_code = s.plan_code and pf.access = 'full'
    union
    select af.feature from subscription_addons sa join addon_features af on af.addon_code = sa.addon_code
     where sa.subscription_id = s.id
  ) as features,
  array(select pf.feature from plan_features pf where pf.plan_code = s.plan_code and pf.access = 'preview') as previews`;

/**
 * The joins that `identityColumns` needs, after a `users u` in the FROM list; a subscription counts
 * while its period has not ended at `now` (the service clock).
 */
export const identityJoins = (now: Date): RawBuilder<unknown> => sql`
  left join profiles p on p.user_id = u.id
  left join lateral (
    select s.* from subscriptions s
      join account_members m on m.account_id = s.account_id and m.user_id = u.id
      join plans sp on sp.code = s.plan_code
     where s.status <> 'expired' and (s.current_period_end is null or s.current_period_end > ${now})
     order by sp.sort_order desc, s.created_at desc
     limit 1
  ) s on true
  left join plans pl on pl.code = s.plan_code`;

/** Builds an Identity from a row selected with `identityColumns`. */
export function toIdentity(row: IdentityRow, credential: Credential, apiKeyId: string | null): Identity {
  return {
    userId: row.user_id,
    email: row.email,
    isAdmin: row.is_admin === true,
    credential,
    apiKeyId,
    accountId: row.account_id,
    subscriptionId: row.subscription_id,
    planCode: row.plan_code,
    features: new Set(row.features.filter(isFeature) as Feature[]),
    previews: new Set(row.previews.filter(isFeature) as Feature[]),
    dailyQuota: row.daily_quota,
  };
}

export type { IdentityRow };

/** Loads the identity of a user by id; `undefined` when there is no such user. */
export async function loadIdentity(
  ctx: Ctx,
  userId: string,
  credential: Credential,
  apiKeyId: string | null = null,
): Promise<Identity | undefined> {
  return (await loadIdentityWithPeriod(ctx, userId, credential, apiKeyId))?.identity;
}

/**
 * {@link loadIdentity}, with the end of the chosen subscription's current period (after which the
 * identity must be read again; null: open-ended or no subscription).
 */
export async function loadIdentityWithPeriod(
  ctx: Ctx,
  userId: string,
  credential: Credential,
  apiKeyId: string | null = null,
): Promise<{ identity: Identity; periodEnd: Date | null } | undefined> {
  const where: RawBuilder<unknown> = sql`u.id = ${userId}`;
  const { rows } = await sql<IdentityRow>`select ${identityColumns} from users u ${identityJoins(ctx.now())} where ${where}`.execute(ctx.db);
  const row = rows[0];
  return row ? { identity: toIdentity(row, credential, apiKeyId), periodEnd: row.period_end } : undefined;
}
