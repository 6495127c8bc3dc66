/** Creating an article on an edition (administrators; audited; rollups recomputed). */
import { adminWrite } from '../admin/admin.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import type { ArticleCreateInput } from './schemas.js';
import { insertArticle, loadArticle, type AdminArticleView } from './repository.js';

/** Creates an article on an edition. @throws DomainError VALIDATION (unknown edition or taxonomy) */
export async function createArticle(ctx: Ctx, input: ArticleCreateInput): Promise<AdminArticleView> {
  return adminWrite(ctx, async (trx, tctx) => {
    const id = await insertArticle(trx, input, tctx.now());
    const after = await loadArticle(trx, id);
    await recordAudit(trx, tctx, { action: 'create', entity: 'article', entityId: id, after });
    return after;
  });
}

