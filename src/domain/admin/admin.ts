/**
 * What every admin operation shares: the administrator check and the transaction in which a write
 * and its audit entry commit together (with the database's constraint errors mapped to domain
 * errors: shared/database-errors.ts).
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Ctx, Identity } from '../context.js';
import { DomainError, unauthenticated } from '../errors.js';
import { writeTransaction } from '../shared/database-errors.js';

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
 * that a failure anywhere rolls back the write and its audit entry alike. A unique-key race, a
 * serialization failure or a deadlock ends in CONFLICT, a value the database refuses (foreign key,
 * check, not null) in VALIDATION naming the field (`writeTransaction`).
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN, CONFLICT, VALIDATION; whatever `fn` throws
 */
export async function adminWrite<T>(ctx: Ctx, fn: (trx: Transaction<DB>, tctx: Ctx) => Promise<T>): Promise<T> {
  requireAdmin(ctx.identity);
  if (!ctx.identity.dryRun) return writeTransaction(ctx, fn);
  // A dry run: the write and every check run, then the transaction is rolled back (decision 0026).
  try {
    await writeTransaction(ctx, async (trx, tctx) => {
      throw new DryRunRollback(await fn(trx, tctx));
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.value as T;
    throw error;
  }
  throw new Error('unreachable: a dry run always rolls back');
}

/** Thrown at the end of a dry run's transaction to roll it back, carrying what the write returned. */
class DryRunRollback extends Error {
  constructor(readonly value: unknown) {
    super('dry run: rolled back');
  }
}

/** Tables whose records the admin writes lock by id. */
export type LockableTable = 'editions' | 'articles' | 'projects' | 'tenders' | 'inbox_items';

/**
 * Locks record `id` of `table` until the transaction (`trx`) ends, so that concurrent admin writes
 * of one record take turns and each reads what the one before it committed (its audit entry then
 * records the change it really made, and a second delete finds nothing). `update` takes
 * `FOR NO KEY UPDATE` (foreign-key checks of inserts that reference the record are not blocked),
 * `delete` takes `FOR UPDATE`.
 * @returns whether the record exists (once the lock is held)
 */
export async function lockRecord(trx: Kysely<DB>, table: LockableTable, id: string, intent: 'update' | 'delete' = 'update'): Promise<boolean> {
  const q = trx.selectFrom(table).select('id').where('id', '=', id);
  return (await (intent === 'delete' ? q.forUpdate() : q.forNoKeyUpdate()).executeTakeFirst()) !== undefined;
}
