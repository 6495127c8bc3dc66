/**
 * API-key authentication: the key's prefix finds candidate rows, the SHA-256 of the whole key is
 * compared in constant time, then revocation and expiry are checked against the service clock.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Ctx, Identity } from '../context.js';
import { unauthenticated } from '../errors.js';
import { hashApiKey, KEY_PATTERN, KEY_PREFIX_LENGTH } from './api-key-format.js';
import { identityColumns, identityJoins, toIdentity, type IdentityRow } from './load-identity.js';
import { earliest, type Authenticated } from './authenticated.js';

/** `last_used_at` is kept to the minute. */
export const LAST_USED_GRANULARITY_MS = 60_000;

/**
 * Resolves an API key to the identity of its user.
 * @throws DomainError UNAUTHENTICATED for a malformed, unknown, revoked or expired key.
 */
export async function authenticateApiKey(ctx: Ctx, key: string): Promise<Identity> {
  return (await resolveApiKey(ctx, key)).identity;
}

/**
 * {@link authenticateApiKey}, with how long the answer holds by the clock alone (the key's expiry,
 * the end of the subscription's period) and when the key's use was last recorded.
 * @throws DomainError UNAUTHENTICATED for a malformed, unknown, revoked or expired key.
 */
export async function resolveApiKey(ctx: Ctx, key: string): Promise<Authenticated> {
  if (!KEY_PATTERN.test(key)) throw unauthenticated('Malformed API key: expected "svc_live_" followed by 43 base62 characters');
  const { rows } = await sql<IdentityRow & { key_id: string; key_hash: string; revoked_at: Date | null; expires_at: Date | null; read_only: boolean; last_used_at: Date | null }>`
    select k.id as key_id, k.key_hash, k.revoked_at, k.expires_at, k.read_only, k.last_used_at, ${identityColumns}
      from api_keys k join users u on u.id = k.user_id ${identityJoins(ctx.now())}
     where k.prefix = ${key.slice(0, KEY_PREFIX_LENGTH)}`.execute(ctx.db);
  const presented = Buffer.from(hashApiKey(key), 'hex');
  const match = rows.find((r) => crypto.timingSafeEqual(Buffer.from(r.key_hash, 'hex'), presented));
  if (!match) throw unauthenticated('Unknown API key');
  if (match.revoked_at) throw unauthenticated('This API key has been revoked');
  const now = ctx.now();
  if (match.expires_at && match.expires_at.getTime() <= now.getTime()) throw unauthenticated('This API key has expired');
  const lastUsedAt = await recordApiKeyUse(ctx, match.key_id, match.last_used_at);
  return {
    identity: { ...toIdentity(match, 'api_key', match.key_id), readOnly: match.read_only },
    validUntil: earliest(match.expires_at, match.period_end),
    lastUsedAt,
  };
}

/**
 * Records that key `keyId` was used now: writes `last_used_at` when the stored one (`lastUsedAt`)
 * is a minute old or more (a key listing shows it; no write on every call).
 * @returns the `last_used_at` now stored
 */
export async function recordApiKeyUse(ctx: Ctx, keyId: string, lastUsedAt: Date | null): Promise<Date> {
  const now = ctx.now();
  if (lastUsedAt && now.getTime() - lastUsedAt.getTime() < LAST_USED_GRANULARITY_MS) return lastUsedAt;
  await ctx.db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', keyId).execute();
  return now;
}
