import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { requireKeyManagement } from './mint-api-key.js';

/**
 * Revokes one of the caller's keys at once (`DELETE /v1/account/api-keys/{id}`). Another user's
 * key, an unknown or an already revoked one is NOT_FOUND, and stays as it was.
 * @throws DomainError FORBIDDEN without `api` or `mcp`; NOT_FOUND
 */
export async function revokeApiKey(ctx: Ctx, id: string): Promise<void> {
  const identity = requireKeyManagement(ctx);
  const done = await ctx.db.updateTable('api_keys').set({ revoked_at: ctx.now() })
    .where('id', '=', id).where('user_id', '=', identity.userId).where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) throw notFound('API key');
}

/**
 * Revokes any key by id, for the operator (the CLI's `keys revoke`); revoking a revoked key is a no-op.
 * @returns the key's id, label and prefix
 * @throws DomainError NOT_FOUND
 */
export async function revokeApiKeyById(ctx: Ctx, id: string): Promise<{ id: string; prefix: string; revoked_at: Date }> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw notFound(`API key ${id}`);
  const row = await ctx.db.updateTable('api_keys')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(ctx.now())) }))
    .where('id', '=', id).returning(['id', 'prefix', 'revoked_at']).executeTakeFirst();
  if (!row) throw notFound(`API key ${id}`);
  return { id: row.id, prefix: row.prefix, revoked_at: row.revoked_at! };
}
