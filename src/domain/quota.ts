/**
 * The daily request quota of API keys, counted per key per UTC day in `usage_counters`.
 * Counting is one atomic statement, so several server processes share one budget.
 */
import { sql } from 'kysely';
import { secondsToUtcMidnight, utcDay } from './clock.js';
import type { Ctx, Identity } from './context.js';
import { isMetered } from './entitlements.js';
import { DomainError } from './errors.js';

/** The state of a key's budget after a request was counted (or refused). */
export interface QuotaState {
  /** `false` when the budget was already spent: the request must be refused. */
  allowed: boolean;
  /** Requests per UTC day. */
  limit: number;
  /** Requests left today, after this one. */
  remaining: number;
  /** Seconds until the budget resets (next UTC midnight); at least 1. */
  resetSeconds: number;
}


/**
 * Counts one request against the key's budget for today, unless the budget is spent.
 * @param limit requests per UTC day of the key's plan
 */
export async function chargeQuota(ctx: Ctx, apiKeyId: string, limit: number): Promise<QuotaState> {
  const now = ctx.now();
  const resetSeconds = secondsToUtcMidnight(now);
  const row = await sql<{ count: number }>`
    insert into usage_counters as u (api_key_id, day, count) values (${apiKeyId}, ${utcDay(now)}, 1)
    on conflict (api_key_id, day) do update set count = u.count + 1 where u.count < ${limit}
    returning u.count`.execute(ctx.db);
  const count = row.rows[0]?.count;
  if (count === undefined || count > limit) return { allowed: false, limit, remaining: 0, resetSeconds };
  return { allowed: true, limit, remaining: limit - count, resetSeconds };
}

/**
 * Counts one request of an OAuth access token against its user's budget for today (all of a
 * person's connected apps share it; `oauth_usage_counters`), unless the budget is spent.
 * @param limit requests per UTC day of the user's plan
 */
export async function chargeUserQuota(ctx: Ctx, userId: string, limit: number): Promise<QuotaState> {
  const now = ctx.now();
  const resetSeconds = secondsToUtcMidnight(now);
  const row = await sql<{ count: number }>`
    insert into oauth_usage_counters as u (user_id, day, count) values (${userId}, ${utcDay(now)}, 1)
    on conflict (user_id, day) do update set count = u.count + 1 where u.count < ${limit}
    returning u.count`.execute(ctx.db);
  const count = row.rows[0]?.count;
  if (count === undefined || count > limit) return { allowed: false, limit, remaining: 0, resetSeconds };
  return { allowed: true, limit, remaining: limit - count, resetSeconds };
}

/** Requests a key has made on the current UTC day (0 when none). */
export async function usedToday(ctx: Ctx, apiKeyId: string): Promise<number> {
  const now = ctx.now();
  const row = await ctx.db
    .selectFrom('usage_counters')
    .select('count')
    .where('api_key_id', '=', apiKeyId)
    .where('day', '=', utcDay(now))
    .executeTakeFirst();
  return row?.count ?? 0;
}

/**
 * Charges one unit of the daily quota when the caller is metered (an API key of a non-admin).
 * @returns the budget after the charge, or `undefined` for an unmetered caller
 */
export async function chargeMetered(ctx: Ctx, identity: Identity): Promise<QuotaState | undefined> {
  if (isMetered(identity) && identity.oauth) return chargeUserQuota(ctx, identity.userId, identity.dailyQuota ?? 0);
  if (!isMetered(identity) || !identity.apiKeyId) return undefined;
  return chargeQuota(ctx, identity.apiKeyId, identity.dailyQuota ?? 0);
}

/** The QUOTA_EXCEEDED error of a spent budget, saying when it resets. */
export const quotaSpent = (quota: QuotaState): DomainError =>
  new DomainError(
    'QUOTA_EXCEEDED',
    `Daily quota of ${quota.limit} requests for this API key is spent; it resets at 00:00 UTC (in ${quota.resetSeconds} s).`,
    { retryAfterSeconds: quota.resetSeconds },
  );
