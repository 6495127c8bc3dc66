/** Deleting an asset, its original and its cached variants (administrators; audited). */
import { adminWrite } from '../admin/admin.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { conflict, notFound } from '../errors.js';
import { loadMediaDetail, type MediaDetail } from './get-media.js';
import { mediaStoreOf, originalKey, variantPrefix } from './store.js';

/**
 * Deletes asset `id` with its bytes. Refused while an article pins it, unless `force` (the pins go
 * with it and those articles fall back to their derived cover). Returns the asset as it was.
 * @throws DomainError NOT_FOUND, CONFLICT (pinned and not forced), UNAUTHENTICATED, FORBIDDEN
 */
export async function deleteMedia(ctx: Ctx, id: string, options: { force?: boolean | undefined } = {}): Promise<MediaDetail> {
  const before = await adminWrite(ctx, async (trx, tctx) => {
    const locked = await trx.selectFrom('media_assets').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!locked) throw notFound('Media asset');
    const asset = await loadMediaDetail(tctx, id);
    if (asset.pinned_by.length && !options.force) {
      throw conflict(`The asset is the pinned cover of ${asset.pinned_by.length} article(s); release those covers first or delete with force=true`);
    }
    await trx.deleteFrom('article_covers').where('media_id', '=', id).execute();
    await trx.deleteFrom('media_assets').where('id', '=', id).execute();
    await recordAudit(trx, tctx, { action: 'delete', entity: 'media', entityId: id, before: asset });
    return asset;
  });
  // The bytes go once the record is gone for good: an object store takes no part in the
  // transaction, and a failure in between leaves unreferenced bytes, never a record without them.
  const store = mediaStoreOf(ctx.db);
  await store.deletePrefix(originalKey(id));
  await store.deletePrefix(variantPrefix(id));
  return before;
}
