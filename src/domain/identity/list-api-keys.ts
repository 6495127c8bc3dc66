import { sql } from 'kysely';
import { utcDay } from '../clock.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { API_KEY_COLUMNS, requireKeyManagement, type ApiKeyRecord } from './mint-api-key.js';

/** A key as listed: the record, today's usage and the daily quota of the owner's plan (never the plaintext). */
export interface ApiKeyListing extends ApiKeyRecord {
  /** Requests counted today (UTC day of the service clock). */
  used_today: number;
  /** Requests per UTC day of the owner's plan; `null` without a subscription. */
  daily_quota: number | null;
}

async function keysOf(ctx: Ctx, userId: string, dailyQuota: number | null, includeRevoked: boolean): Promise<ApiKeyListing[]> {
  let q = ctx.db.selectFrom('api_keys as k')
    .leftJoin('usage_counters as u', (j) => j.onRef('u.api_key_id', '=', 'k.id').on('u.day', '=', utcDay(ctx.now())))
    .select(API_KEY_COLUMNS.map((c) => `k.${c}` as const))
    .select(sql<number>`coalesce(u.count, 0)`.as('used_today'))
    .where('k.user_id', '=', userId);
  if (!includeRevoked) q = q.where('k.revoked_at', 'is', null);
  const rows = await q.orderBy('k.created_at', 'desc').orderBy('k.id').execute();
  return rows.map((r) => ({ ...r, daily_quota: dailyQuota }));
}

/**
 * The caller's keys that are not revoked, newest first, each with today's usage against the daily
 * quota (`GET /v1/account/api-keys`).
 * @throws DomainError FORBIDDEN without `api` or `mcp`
 */
export async function listApiKeys(ctx: Ctx): Promise<ApiKeyListing[]> {
  const identity = requireKeyManagement(ctx);
  return keysOf(ctx, identity.userId, identity.dailyQuota, false);
}

/**
 * Every key of the user with `email`, revoked ones included (the CLI's `keys list`).
 * @throws DomainError NOT_FOUND when no user has that email
 */
export async function listApiKeysOfUser(ctx: Ctx, email: string): Promise<ApiKeyListing[]> {
  const user = await ctx.db.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.trim().toLowerCase()).executeTakeFirst();
  if (!user) throw notFound(`User ${email}`);
  const quota = await sql<{ daily_quota: number | null }>`
    select pl.daily_quota from account_members m join subscriptions s on s.account_id = m.account_id
      join plans pl on pl.code = s.plan_code
     where m.user_id = ${user.id} and s.status <> 'expired' and (s.current_period_end is null or s.current_period_end > ${ctx.now()})
     order by pl.sort_order desc limit 1`.execute(ctx.db);
  return keysOf(ctx, user.id, quota.rows[0]?.daily_quota ?? null, true);
}
