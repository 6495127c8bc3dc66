/** Listing editions: published ones for readers, every status for administrators. */
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import type { Page, Window } from '../pagination.js';
import { listEditions, type EditionView } from './repository.js';
import { EDITION_STATUSES, type EditionStatus } from './schemas.js';

/** Published editions, newest first. */
export const listPublishedEditions = (ctx: Ctx, window: Window): Promise<Page<EditionView>> =>
  listEditions(ctx.db, ['published'], window);

/** Every edition whose status is one of `statuses` (all when empty), newest first. Admins only. */
export async function adminListEditions(ctx: Ctx, statuses: EditionStatus[], window: Window): Promise<Page<EditionView>> {
  requireAdmin(ctx.identity);
  return listEditions(ctx.db, statuses.length ? statuses : [...EDITION_STATUSES], window);
}

