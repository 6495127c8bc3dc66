/**
 * Updating a company (administrators): any field; `aliases` replaces the set; a parent must exist
 * and close no cycle. Audited (before and after) in the same transaction. A new name reaches every
 * record that lists the company through the change feed (migration 0019).
 */
import { adminWrite } from '../admin/admin.js';
import { checkIfMatch, type IfMatch } from '../admin/preconditions.js';
import { recordUpdate } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { replaceAliases, type CompanyView } from './repository.js';
import type { CompanyInput } from './schemas.js';
import { checkParent, lockCompany, storedCompany } from './write-company.js';

/**
 * Changes the fields `input` gives of company `id`.
 * @param options.ifMatch the versions (`record_version`) the change was made from; another one is refused
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), NOT_FOUND, VALIDATION
 *   (unknown parent or country, a parent cycle), CONFLICT (the name or slug is taken; the company or
 *   its aliases changed since the version `options.ifMatch` names: decision 0050)
 */
export async function updateCompany(ctx: Ctx, id: string, input: CompanyInput, options: { ifMatch?: IfMatch } = {}): Promise<CompanyView> {
  return adminWrite(ctx, async (trx, tctx) => {
    if (!(await lockCompany(trx, id))) throw notFound(`Company ${id}`);
    const before = await storedCompany(trx, id);
    checkIfMatch(`Company ${id}`, before.record_version, options.ifMatch);
    if (input.parent_id) await checkParent(trx, input.parent_id, id);
    const set = {
      ...(input.name !== undefined ? { name: input.name.trim() } : {}),
      ...(input.slug !== undefined ? { slug: input.slug } : {}),
      ...(input.country_code !== undefined ? { country_code: input.country_code?.toUpperCase() ?? null } : {}),
      ...(input.website !== undefined ? { website: input.website } : {}),
      ...(input.parent_id !== undefined ? { parent_id: input.parent_id } : {}),
    };
    if (Object.keys(set).length) await trx.updateTable('companies').set(set).where('id', '=', id).execute();
    if (input.aliases) await replaceAliases(trx, id, input.name ?? before.name, input.aliases);
    const after = await storedCompany(trx, id);
    await recordUpdate(trx, tctx, 'company', id, before, after);
    return after;
  });
}
