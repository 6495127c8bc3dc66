/**
 * The transaction of the "replace the set" operations of projects and tenders (set-*-airports,
 * -companies, -terms) and their links read: the SQL is the one link writer of
 * src/domain/sql/entity-links.ts.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../db/types.js';
import { adminWrite, lockRecord } from '../admin/admin.js';
import { recordUpdate } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { OWNERS, selectLinks, type EntityLinks } from '../sql/entity-links.js';

/**
 * Runs `change` on the links of record `id` as an administrator, in one transaction with the
 * record locked, bumps its `updated_at` and records the change (links before and after) in the
 * audit log; returns the links as stored.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN, NOT_FOUND; whatever `change` throws
 */
export async function writeLinks(ctx: Ctx, owner: 'project' | 'tender', id: string, change: (trx: Kysely<DB>) => Promise<void>): Promise<EntityLinks> {
  const { table } = OWNERS[owner];
  return adminWrite(ctx, async (trx, tctx) => {
    if (!(await lockRecord(trx, table, id))) throw notFound(`${owner === 'project' ? 'Project' : 'Tender'} ${id}`);
    const before = await selectLinks(trx, owner, id);
    await change(trx);
    const after = await selectLinks(trx, owner, id);
    await sql`update ${sql.table(table)} set updated_at = ${tctx.now()} where id = ${id}::uuid`.execute(trx);
    await recordUpdate(trx, tctx, owner, id, before, after);
    return after;
  });
}

/**
 * The links of record `id` as an administrator reads them, in any state.
 * @throws DomainError NOT_FOUND naming the record
 */
export async function readLinks(db: Kysely<DB>, owner: 'project' | 'tender', id: string): Promise<EntityLinks> {
  const exists = (await sql`select 1 from ${sql.table(OWNERS[owner].table)} where id = ${id}::uuid`.execute(db)).rows.length > 0;
  if (!exists) throw notFound(`${owner === 'project' ? 'Project' : 'Tender'} ${id}`);
  return selectLinks(db, owner, id);
}
