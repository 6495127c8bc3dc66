import crypto from 'node:crypto';
import type { Ctx } from '../context.js';
import { DomainError, invalidParam, unauthenticated } from '../errors.js';
import { ANY_GATES, requireAnyFeature } from '../entitlements.js';
import { mappingDatabaseErrors } from '../shared/database-errors.js';
import { API_KEY_PREFIX, BASE62, BODY_LENGTH, hashApiKey, KEY_PREFIX_LENGTH } from './api-key-format.js';
import type { MintApiKeyInput } from './schemas.js';

/** Encodes 32 random bytes as exactly 43 base62 characters. */
export function randomKeyBody(): string {
  let n = BigInt('0x' + crypto.randomBytes(32).toString('hex'));
  let out = '';
  for (let i = 0; i < BODY_LENGTH; i++) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out;
}

/** An API key as stored, without its hash. */
export interface ApiKeyRecord {
  id: string;
  label: string | null;
  /** First 16 characters of the key. */
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date | null;
  revoked_at: Date | null;
  read_only: boolean;
}

/** Columns of an {@link ApiKeyRecord}. */
export const API_KEY_COLUMNS = ['id', 'label', 'prefix', 'created_at', 'last_used_at', 'expires_at', 'revoked_at', 'read_only'] as const;

/**
 * Inserts a new key for `userId` (the plaintext is returned, only its SHA-256 and first 16
 * characters are stored).
 * @throws DomainError VALIDATION when the user is deleted meanwhile
 */
export async function insertApiKey(
  ctx: Ctx,
  values: { userId: string; accountId: string | null; label: string | null; expiresAt: Date | null; readOnly: boolean },
): Promise<ApiKeyRecord & { key: string }> {
  const key = API_KEY_PREFIX + randomKeyBody();
  const row = await mappingDatabaseErrors(() => ctx.db
    .insertInto('api_keys')
    .values({
      user_id: values.userId, account_id: values.accountId, label: values.label, prefix: key.slice(0, KEY_PREFIX_LENGTH),
      key_hash: hashApiKey(key), expires_at: values.expiresAt, read_only: values.readOnly, created_at: ctx.now(),
    })
    .returning(API_KEY_COLUMNS)
    .executeTakeFirstOrThrow());
  return { ...row, key };
}

/**
 * Refuses a caller that holds neither `api` nor `mcp` (API-key management needs one of them;
 * seed 001, section 5).
 * @throws DomainError UNAUTHENTICATED without a caller, FORBIDDEN naming feature "api"
 */
export function requireKeyManagement(ctx: Ctx): NonNullable<Ctx['identity']> {
  const identity = ctx.identity;
  if (!identity) throw unauthenticated('Authentication required');
  requireAnyFeature(identity, ANY_GATES.apiKeys);
  return identity;
}

/**
 * Mints an API key for the caller (`POST /v1/account/api-keys`). The key is bound to the account
 * that gives the caller its subscription: removing the caller from that account revokes it.
 * @returns the stored record plus `key`, the plaintext, shown this once only
 * @throws DomainError FORBIDDEN without `api` or `mcp`; VALIDATION for an `expires_at` not in the future
 */
export async function mintApiKey(ctx: Ctx, input: MintApiKeyInput): Promise<ApiKeyRecord & { key: string }> {
  const identity = requireKeyManagement(ctx);
  let expiresAt: Date | null = null;
  if (input.expires_at !== undefined) {
    expiresAt = new Date(input.expires_at);
    if (Number.isNaN(expiresAt.getTime())) throw invalidParam('expires_at', 'must be a date-time');
    if (expiresAt.getTime() <= ctx.now().getTime()) throw invalidParam('expires_at', 'must be in the future');
  }
  if (identity.credential === 'api_key' && identity.readOnly) {
    throw new DomainError('FORBIDDEN', 'A read-only API key cannot mint keys.');
  }
  return insertApiKey(ctx, { userId: identity.userId, accountId: identity.accountId, label: input.label ?? null, expiresAt, readOnly: input.read_only === true });
}
