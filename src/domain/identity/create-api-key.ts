import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { mappingDatabaseErrors } from '../shared/database-errors.js';
import { API_KEY_PREFIX, BASE62, BODY_LENGTH, hashApiKey, KEY_PREFIX_LENGTH } from './api-key-format.js';

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
 * @throws DomainError NOT_FOUND when no user has that email; VALIDATION when the user is deleted meanwhile.
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
  const row = await mappingDatabaseErrors(() => ctx.db
    .insertInto('api_keys')
    .values({ user_id: user.id, label: input.label ?? null, prefix: key.slice(0, KEY_PREFIX_LENGTH), key_hash: hashApiKey(key) })
    .returning(['id', 'label', 'prefix', 'created_at', 'revoked_at'])
    .executeTakeFirstOrThrow());
  return { ...row, key };
}
