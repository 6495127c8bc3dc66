/**
 * What every admin operation shares: the administrator check and the transaction in which a write
 * and its audit entry commit together.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Ctx, Identity } from '../context.js';
import { DomainError, unauthenticated } from '../errors.js';

/**
 * Refuses everyone but administrators (`profiles.is_admin`).
 * @throws DomainError UNAUTHENTICATED without a caller, FORBIDDEN for a non-administrator
 */
export function requireAdmin(identity: Identity | null): asserts identity is Identity {
  if (!identity) throw unauthenticated('Authentication required');
  if (!identity.isAdmin) throw new DomainError('FORBIDDEN', 'This operation is for administrators only.');
}

/**
 * Runs `fn` as an administrator inside one transaction (its context's `db` is the transaction), so
 * that a failure anywhere rolls back the write and its audit entry alike.
 */
export async function adminWrite<T>(ctx: Ctx, fn: (trx: Transaction<DB>, tctx: Ctx) => Promise<T>): Promise<T> {
  requireAdmin(ctx.identity);
  return (ctx.db as Kysely<DB>).transaction().execute((trx) => fn(trx, { ...ctx, db: trx }));
}
