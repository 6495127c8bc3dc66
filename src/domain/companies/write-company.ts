/**
 * What the company writes share: the lock of a company row, the check of a parent link (it exists
 * and closes no cycle) and the profile as stored after the write.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { invalidParam, notFound } from '../errors.js';
import { parentChain, selectCompanyViews, type CompanyView } from './repository.js';

/** Locks company `id` until the transaction ends. @returns whether it exists */
export async function lockCompany(trx: Kysely<DB>, id: string, intent: 'update' | 'delete' = 'update'): Promise<boolean> {
  const q = trx.selectFrom('companies').select('id').where('id', '=', id);
  return (await (intent === 'delete' ? q.forUpdate() : q.forNoKeyUpdate()).executeTakeFirst()) !== undefined;
}

/**
 * Checks that `parentId` exists and is neither `selfId` nor below it (parent links form no cycle);
 * parent changes take turns (an advisory lock), so two writes cannot each close half a cycle.
 * @throws DomainError VALIDATION naming `parent_id`
 */
export async function checkParent(trx: Kysely<DB>, parentId: string, selfId?: string): Promise<void> {
  if (parentId === selfId) throw invalidParam('parent_id', 'a company cannot be its own parent');
  await sql`select pg_advisory_xact_lock(hashtext('companies.parent_id'))`.execute(trx);
  const parent = await trx.selectFrom('companies').select('id').where('id', '=', parentId).executeTakeFirst();
  if (!parent) throw invalidParam('parent_id', `no company ${parentId}`);
  if (selfId && (await parentChain(trx, parentId)).includes(selfId)) {
    throw invalidParam('parent_id', `company ${parentId} is a subsidiary of this company (directly or further down); parent links cannot form a cycle`);
  }
}

/** Company `id` as stored. @throws DomainError NOT_FOUND */
export async function storedCompany(trx: Kysely<DB>, id: string): Promise<CompanyView> {
  const [view] = await selectCompanyViews(trx, [id]);
  if (!view) throw notFound(`Company ${id}`);
  return view;
}
