/**
 * The counters behind the rate limits of the sign-in endpoints (the store of `@fastify/rate-limit`,
 * src/http/plugins/auth-rate-limit.ts): one fixed window per key in `rate_limit_counters`, counted
 * by one atomic upsert, so every process of the service agrees. Time is `ctx.now()`.
 */
import { sql } from 'kysely';
import type { Ctx } from '../context.js';

/** A counter after a hit. */
export interface RateLimitHit {
  /** Hits in the current window, this one included. */
  count: number;
  /** When the current window ends. */
  resetAt: Date;
  /** Milliseconds from now (`ctx.now()`) until then. */
  remainingMs: number;
}

/** One in this many hits also deletes the counters whose window ended a day ago. */
const PURGE_EVERY = 200;

/**
 * Counts one hit on `key` in its current window of `windowMs` (a new window starts at the first hit
 * after the last one ended).
 */
export async function hitRateLimit(ctx: Ctx, key: string, windowMs: number): Promise<RateLimitHit> {
  const now = ctx.now();
  const end = new Date(now.getTime() + windowMs);
  const { rows } = await sql<{ count: number; expires_at: Date }>`
    insert into rate_limit_counters as c (key, count, window_start, expires_at) values (${key}, 1, ${now}, ${end})
    on conflict (key) do update set
      count = case when c.expires_at <= ${now} then 1 else c.count + 1 end,
      window_start = case when c.expires_at <= ${now} then ${now} else c.window_start end,
      expires_at = case when c.expires_at <= ${now} then ${end} else c.expires_at end
    returning count, expires_at`.execute(ctx.db);
  if (Math.random() * PURGE_EVERY < 1) {
    await ctx.db.deleteFrom('rate_limit_counters').where('expires_at', '<', new Date(now.getTime() - 24 * 3600 * 1000)).execute();
  }
  const row = rows[0]!;
  const resetAt = new Date(row.expires_at);
  return { count: Number(row.count), resetAt, remainingMs: Math.max(0, resetAt.getTime() - now.getTime()) };
}
