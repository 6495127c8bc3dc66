/** Deleting an article (administrators; audited; rollups recomputed). */
import { adminWrite, lockRecord } from '../admin/admin.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { recomputeEditionRollups, recomputeProjectRollups } from '../sql/rollups.js';
import { loadArticle, projectsOfArticle, type AdminArticleView } from './repository.js';

/** Deletes an article and returns it as it was. @throws DomainError NOT_FOUND */
export async function deleteArticle(ctx: Ctx, id: string): Promise<AdminArticleView> {
  return adminWrite(ctx, async (trx, tctx) => {
    await lockRecord(trx, 'articles', id, 'delete');
    const before = await loadArticle(trx, id);
    const projects = await projectsOfArticle(trx, id);
    await trx.deleteFrom('articles').where('id', '=', id).execute();
    await recomputeEditionRollups(trx, before.edition_id);
    if (projects.length) await recomputeProjectRollups(trx, projects);
    await recordAudit(trx, tctx, { action: 'delete', entity: 'article', entityId: id, before });
    return before;
  });
}
