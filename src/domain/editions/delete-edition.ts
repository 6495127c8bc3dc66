/** Deleting an edition with its articles (administrators; audited with the articles it took). */
import { adminWrite, lockRecord } from '../admin/admin.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { projectsOfEdition, recomputeProjectRollups } from '../sql/rollups.js';
import { loadEdition, type EditionView } from './repository.js';

/**
 * Deletes an edition and (cascade) its articles; projects it mentioned get their rollup recomputed.
 * Returns the edition as it was. @throws DomainError NOT_FOUND
 */
export async function deleteEdition(ctx: Ctx, id: string): Promise<EditionView> {
  return adminWrite(ctx, async (trx, tctx) => {
    await lockRecord(trx, 'editions', id, 'delete');
    const before = await loadEdition(trx, id);
    const projects = await projectsOfEdition(trx, id);
    const articles = await trx.selectFrom('articles').select(['id', 'headline']).where('edition_id', '=', id).orderBy('sort_order').execute();
    await trx.deleteFrom('editions').where('id', '=', id).execute();
    if (projects.length) await recomputeProjectRollups(trx, projects);
    await recordAudit(trx, tctx, { action: 'delete', entity: 'edition', entityId: id, before: { ...before, articles } });
    return before;
  });
}

