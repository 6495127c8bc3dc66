/** Updating an article: any field, lists replace the set (administrators; audited; rollups recomputed). */
import { adminWrite, lockRecord } from '../admin/admin.js';
import { checkIfMatch, type IfMatch } from '../admin/preconditions.js';
import { recordUpdate } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { recomputeEditionRollups, recomputeProjectRollups } from '../sql/rollups.js';
import type { ArticleInput } from './schemas.js';
import { foldReadFields, freeSlug, loadArticle, projectsOfArticle, requireEdition, writeArticle, type AdminArticleView } from './repository.js';

/**
 * Updates an article; lists replace the whole set. The fields of a read are accepted back
 * (`foldReadFields`): a PATCH of an unchanged read changes nothing and audits nothing.
 * @param options.ifMatch the versions (`record_version`) the change was made from; another one is refused
 * @throws DomainError NOT_FOUND, VALIDATION, CONFLICT (the article changed since the version
 *   `options.ifMatch` names: decision 0050)
 */
export async function updateArticle(ctx: Ctx, id: string, patch: ArticleInput, options: { ifMatch?: IfMatch } = {}): Promise<AdminArticleView> {
  return adminWrite(ctx, async (trx, tctx) => {
    await lockRecord(trx, 'articles', id);
    const before = await loadArticle(trx, id);
    checkIfMatch(`Article ${id}`, before.record_version, options.ifMatch);
    // A record read on either edition may come back as it is (decision 0023).
    const input = await foldReadFields(trx, before, patch);
    if (input.headline !== undefined || input.edition_id !== undefined) {
      await requireEdition(trx, input.edition_id ?? before.edition_id); // exists; locked while the slug is picked
      const slug = await freeSlug(trx, input.edition_id ?? before.edition_id, input.headline ?? before.headline, id);
      await trx.updateTable('articles').set({ slug }).where('id', '=', id).execute();
    }
    await writeArticle(trx, id, input, tctx.now());
    await recomputeEditionRollups(trx, before.edition_id);
    if (input.edition_id && input.edition_id !== before.edition_id) {
      await recomputeEditionRollups(trx, input.edition_id);
      const projects = await projectsOfArticle(trx, id);
      if (projects.length) await recomputeProjectRollups(trx, projects);
    }
    const after = await loadArticle(trx, id);
    await recordUpdate(trx, tctx, 'article', id, before, after);
    return after;
  });
}

