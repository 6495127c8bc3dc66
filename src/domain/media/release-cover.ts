/** Releasing an article's pinned cover (administrators; audited on the article). */
import { adminWrite, lockRecord } from '../admin/admin.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import type { CoverPinView } from './pin-cover.js';

/**
 * Removes the pin of article `articleId`: its derived cover (airport, country, company) applies
 * again. Releasing an article without a pin changes nothing. Returns the pin as it was (`null`: none).
 * @throws DomainError NOT_FOUND (article), UNAUTHENTICATED, FORBIDDEN
 */
export async function releaseCover(ctx: Ctx, articleId: string): Promise<CoverPinView | null> {
  return adminWrite(ctx, async (trx, tctx) => {
    if (!(await lockRecord(trx, 'articles', articleId))) throw notFound('Article');
    const gone = await trx.deleteFrom('article_covers').where('article_id', '=', articleId).returning(['article_id', 'media_id', 'pinned_at']).executeTakeFirst();
    if (gone) await recordAudit(trx, tctx, { action: 'update', entity: 'article', entityId: articleId, before: { cover_media_id: gone.media_id }, after: { cover_media_id: null } });
    return gone ?? null;
  });
}
