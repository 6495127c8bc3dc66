/** The archive a caller may search: all of it, or in a trial preview the latest published edition only. */
import type { Ctx } from '../context.js';
import { inPreview } from '../previews.js';
import { latestPublishedEditionId } from '../sql/rollups.js';

/**
 * The archive restriction of a caller: in preview, only the latest published edition (by id;
 * an impossible id when nothing is published); otherwise nothing.
 */
export async function archiveScope(ctx: Ctx): Promise<{ editionId?: string }> {
  if (!inPreview(ctx.identity, 'archive')) return {};
  return { editionId: (await latestPublishedEditionId(ctx.db)) ?? '00000000-0000-0000-0000-000000000000' };
}
