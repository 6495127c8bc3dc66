/** One asset of the library with its bindings and the articles that pin it (administrators). */
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { loadMediaViews, pinsOf, type MediaView } from './repository.js';

/** An asset with the articles that pin it as their cover. */
export interface MediaDetail extends MediaView {
  pinned_by: { article_id: string; headline: string; pinned_at: Date }[];
}

/**
 * The asset `id`, its bindings and its pins.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN, NOT_FOUND
 */
export async function getMedia(ctx: Ctx, id: string): Promise<MediaDetail> {
  requireAdmin(ctx.identity);
  return loadMediaDetail(ctx, id);
}

/** The detail of `id` as `ctx.db` sees it (inside a write's transaction too). @throws DomainError NOT_FOUND */
export async function loadMediaDetail(ctx: Ctx, id: string): Promise<MediaDetail> {
  const [view] = await loadMediaViews(ctx.db, [id]);
  if (!view) throw notFound('Media asset');
  return { ...view, pinned_by: await pinsOf(ctx.db, id) };
}
