/** Pinning a library asset as an article's cover (administrators; audited on the article). */
import { adminWrite, lockRecord } from '../admin/admin.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { invalidParam, notFound } from '../errors.js';

/** A pin. */
export interface CoverPinView {
  article_id: string;
  media_id: string;
  pinned_at: Date;
}

/**
 * Pins `mediaId` as the cover of article `articleId` (replacing an earlier pin); it then wins over
 * every derived cover.
 * @throws DomainError NOT_FOUND (article), VALIDATION (media_id names no asset), UNAUTHENTICATED, FORBIDDEN
 */
export async function pinCover(ctx: Ctx, articleId: string, mediaId: string): Promise<CoverPinView> {
  return adminWrite(ctx, async (trx, tctx) => {
    if (!(await lockRecord(trx, 'articles', articleId))) throw notFound('Article');
    const asset = await trx.selectFrom('media_assets').select('id').where('id', '=', mediaId).forKeyShare().executeTakeFirst();
    if (!asset) throw invalidParam('media_id', `no media asset ${mediaId}`);
    const before = await trx.selectFrom('article_covers').select(['media_id']).where('article_id', '=', articleId).executeTakeFirst();
    const pin = await trx.insertInto('article_covers').values({ article_id: articleId, media_id: mediaId, pinned_at: tctx.now() })
      .onConflict((oc) => oc.column('article_id').doUpdateSet({ media_id: mediaId, pinned_at: tctx.now() }))
      .returning(['article_id', 'media_id', 'pinned_at']).executeTakeFirstOrThrow();
    await recordAudit(trx, tctx, { action: 'update', entity: 'article', entityId: articleId, before: { cover_media_id: before?.media_id ?? null }, after: { cover_media_id: mediaId } });
    return pin;
  });
}
