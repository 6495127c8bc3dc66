/**
 * The daily request quota of API keys, counted per key per UTC day in `usage_counters`.
 * Counting is one atomic statement, so several server processes share one budget.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import type { Identity } from './context.js';
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

/** `YYYY-MM-DD` of the UTC day that contains `now`. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

/** Seconds from `now` to the next UTC midnight, rounded up, at least 1. */
export function secondsToUtcMidnight(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/**
 * Counts one request against the key's budget for today, unless the budget is spent.
 * @param limit requests per UTC day of the key's plan
 */
export async function chargeQuota(db: Kysely<DB>, apiKeyId: string, limit: number, now = new Date()): Promise<QuotaState> {
  const resetSeconds = secondsToUtcMidnight(now);
  const row = await sql<{ count: number }>`
    insert into usage_counters as u (api_key_id, day, count) values (${apiKeyId}, ${utcDay(now)}, 1)
    on conflict (api_key_id, day) do update set count = u.count + 1 where u.count < ${limit}
    returning u.count`.execute(db);
  const count = row.rows[0]?.count;
  if (count === undefined || count > limit) return { allowed: false, limit, remaining: 0, resetSeconds };
  return { allowed: true, limit, remaining: limit - count, resetSeconds };
}

/** Requests a key has made on the UTC day of `now` (0 when none). */
export async function usedToday(db: Kysely<DB>, apiKeyId: string, now = new Date()): Promise<number> {
  const row = await db
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
export async function chargeMetered(db: Kysely<DB>, identity: Identity): Promise<QuotaState | undefined> {
  if (!isMetered(identity) || !identity.apiKeyId) return undefined;
  return chargeQuota(db, identity.apiKeyId, identity.dailyQuota ?? 0);
}

/** The QUOTA_EXCEEDED error of a spent budget, saying when it resets. */
export const quotaSpent = (quota: QuotaState): DomainError =>
  new DomainError(
    'QUOTA_EXCEEDED',
    `Daily quota of ${quota.limit} requests for this API key is spent; it resets at 00:00 UTC (in ${quota.resetSeconds} s).`,
    { retryAfterSeconds: quota.resetSeconds },
  );
