/**
 * Merging two companies (administrators): the absorbed company's every link (projects, tenders as
 * listed, buyer or bidder, articles, media, readers' interests, subsidiaries) moves to the
 * survivor, its name and aliases become the survivor's aliases, its slug (and the slugs that
 * already led to it) resolve to the survivor (`company_redirects`), and it is deleted. One
 * transaction, audited on both companies.
 */
import { adminWrite } from '../admin/admin.js';
import { recordAudit, recordUpdate } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { invalidParam, notFound } from '../errors.js';
import { moveCompanyLinks, replaceAliases, type CompanyView } from './repository.js';
import type { CompanyMergeInput } from './schemas.js';
import { lockCompany, storedCompany } from './write-company.js';

/**
 * Merges company `input.absorbed_id` into company `id`; returns the survivor as stored.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), NOT_FOUND (either company),
 *   VALIDATION (a company merged into itself)
 */
export async function mergeCompanies(ctx: Ctx, id: string, input: CompanyMergeInput): Promise<CompanyView> {
  return adminWrite(ctx, async (trx, tctx) => {
    const absorbedId = input.absorbed_id.toLowerCase();
    if (absorbedId === id.toLowerCase()) throw invalidParam('absorbed_id', 'a company cannot be merged into itself');
    // Both rows locked in one order (by id), so two opposite merges cannot deadlock.
    for (const x of [id, absorbedId].sort()) {
      if (!(await lockCompany(trx, x, x === absorbedId ? 'delete' : 'update'))) throw x === absorbedId ? invalidParam('absorbed_id', `no company ${x}`) : notFound(`Company ${x}`);
    }
    const before = await storedCompany(trx, id);
    const absorbed = await storedCompany(trx, absorbedId);
    await moveCompanyLinks(trx, absorbedId, id);
    // The survivor leaves the absorbed company as its parent for the absorbed company's own parent.
    if (before.parent?.id === absorbedId) {
      await trx.updateTable('companies').set({ parent_id: absorbed.parent?.id === id ? null : absorbed.parent?.id ?? null }).where('id', '=', id).execute();
    }
    await trx.deleteFrom('companies').where('id', '=', absorbedId).execute();
    await replaceAliases(trx, id, before.name, [...before.aliases, absorbed.name, ...absorbed.aliases]);
    await trx.insertInto('company_redirects').values({ slug: absorbed.slug, company_id: id, created_at: tctx.now() })
      .onConflict((oc) => oc.column('slug').doUpdateSet({ company_id: id })).execute();
    const after = await storedCompany(trx, id);
    await recordAudit(trx, tctx, { action: 'merge', entity: 'company', entityId: absorbedId, before: absorbed, after: { merged_into: id } });
    await recordUpdate(trx, tctx, 'company', id, before, after, 'merge');
    return after;
  });
}
