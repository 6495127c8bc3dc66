import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { insertApiKey } from './mint-api-key.js';

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
 * Mints a key for the user with `email` (the CLI and test helpers; `POST /v1/account/api-keys` is
 * `mintApiKey`).
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
  const row = await insertApiKey(ctx, { userId: user.id, accountId: null, label: input.label ?? null, expiresAt: null, readOnly: false });
  return { id: row.id, label: row.label, prefix: row.prefix, created_at: row.created_at, revoked_at: row.revoked_at, key: row.key };
}
