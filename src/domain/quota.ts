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


/** A daily counter: its table and the column naming whose budget a row counts. */
type Counter = { table: 'usage_counters'; owner: 'api_key_id' } | { table: 'oauth_usage_counters'; owner: 'user_id' };

/**
 * Counts one request in `counter` for `ownerId` today, in one atomic statement (several
 * processes share one budget), unless `limit` is reached.
 */
async function charge(ctx: Ctx, counter: Counter, ownerId: string, limit: number): Promise<QuotaState> {
  const now = ctx.now();
  const resetSeconds = secondsToUtcMidnight(now);
  const owner = sql.ref(counter.owner);
  const row = await sql<{ count: number }>`
    insert into ${sql.table(counter.table)} as u (${owner}, day, count) values (${ownerId}, ${utcDay(now)}, 1)
    on conflict (${owner}, day) do update set count = u.count + 1 where u.count < ${limit}
    returning u.count`.execute(ctx.db);
  const count = row.rows[0]?.count;
  if (count === undefined || count > limit) return { allowed: false, limit, remaining: 0, resetSeconds };
  return { allowed: true, limit, remaining: limit - count, resetSeconds };
}

/**
 * Counts one request against the key's budget for today (`usage_counters`), unless the budget is spent.
 * @param limit requests per UTC day of the key's plan
 */
export const chargeQuota = (ctx: Ctx, apiKeyId: string, limit: number): Promise<QuotaState> =>
  charge(ctx, { table: 'usage_counters', owner: 'api_key_id' }, apiKeyId, limit);

/**
 * Counts one request of an OAuth access token against its user's budget for today (all of a
 * person's connected apps share it; `oauth_usage_counters`), unless the budget is spent.
 * @param limit requests per UTC day of the user's plan
 */
export const chargeUserQuota = (ctx: Ctx, userId: string, limit: number): Promise<QuotaState> =>
  charge(ctx, { table: 'oauth_usage_counters', owner: 'user_id' }, userId, limit);

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
