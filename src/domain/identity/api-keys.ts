/**
 * API keys: `svc_live_` followed by 43 base62 characters (32 random bytes). The service keeps
 * only the SHA-256 of the whole key and its first 16 characters; lookups go by the prefix and
 * the hash is compared in constant time.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Ctx, Identity } from '../context.js';
import { notFound, unauthenticated } from '../errors.js';
import { identityColumns, identityJoins, toIdentity, type IdentityRow } from './load-identity.js';

export const API_KEY_PREFIX = 'svc_live_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Characters needed to write 2^256 in base 62. */
const BODY_LENGTH = 43;
const KEY_PATTERN = /^svc_live_[0-9A-Za-z]{43}$/;
/** Characters of the key kept in clear for lookup and display. */
export const KEY_PREFIX_LENGTH = 16;

/** Encodes 32 random bytes as exactly 43 base62 characters. */
function randomBase62(): string {
  let n = BigInt('0x' + crypto.randomBytes(32).toString('hex'));
  let out = '';
  for (let i = 0; i < BODY_LENGTH; i++) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out;
}

/** SHA-256 of a key, hex. */
export const hashApiKey = (key: string): string => crypto.createHash('sha256').update(key).digest('hex');

/** True for a string that has the shape of an API key (it may still be unknown). */
export const looksLikeApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/** An API key as listed (never with its plaintext). */
export interface ApiKeySummary {
  id: string;
  label: string | null;
  /** First 16 characters of the key. */
  prefix: string;
  created_at: Date;
  revoked_at: Date | null;
}

/**
 * Mints a key for the user with `email`.
 * @returns the summary plus `key`, the plaintext, which is never shown again.
 * @throws DomainError NOT_FOUND when no user has that email.
 */
export async function createApiKey(
  ctx: Ctx,
  input: { email: string; label?: string | undefined },
): Promise<ApiKeySummary & { key: string }> {
  const user = await ctx.db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', input.email.trim().toLowerCase())
    .executeTakeFirst();
  if (!user) throw notFound(`User ${input.email}`);
  const key = API_KEY_PREFIX + randomBase62();
  const row = await ctx.db
    .insertInto('api_keys')
    .values({ user_id: user.id, label: input.label ?? null, prefix: key.slice(0, KEY_PREFIX_LENGTH), key_hash: hashApiKey(key) })
    .returning(['id', 'label', 'prefix', 'created_at', 'revoked_at'])
    .executeTakeFirstOrThrow();
  return { ...row, key };
}

/**
 * Resolves an API key to the identity of its user.
 * @throws DomainError UNAUTHENTICATED for a malformed, unknown or revoked key.
 */
export async function authenticateApiKey(ctx: Ctx, key: string): Promise<Identity> {
  if (!KEY_PATTERN.test(key)) throw unauthenticated('Malformed API key: expected "svc_live_" followed by 43 base62 characters');
  const { rows } = await sql<IdentityRow & { key_id: string; key_hash: string; revoked_at: Date | null }>`
    select k.id as key_id, k.key_hash, k.revoked_at, ${identityColumns}
      from api_keys k join users u on u.id = k.user_id ${identityJoins(ctx.now())}
     where k.prefix = ${key.slice(0, KEY_PREFIX_LENGTH)}`.execute(ctx.db);
  const presented = Buffer.from(hashApiKey(key), 'hex');
  const match = rows.find((r) => crypto.timingSafeEqual(Buffer.from(r.key_hash, 'hex'), presented));
  if (!match) throw unauthenticated('Unknown API key');
  if (match.revoked_at) throw unauthenticated('This API key has been revoked');
  return toIdentity(match, 'api_key', match.key_id);
}
