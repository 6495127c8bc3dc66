/** The admin media library: assets newest first, filtered (administrators). */
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import type { Window } from '../pagination.js';
import { queryMedia, type MediaView } from './repository.js';
import type { MediaFilterInput } from './schemas.js';

/**
 * A window of the library, newest first; `unbound: true` keeps the assets bound to nothing (no
 * airport, country, company, no article pin), `q` searches file name, alt text and credit.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator)
 */
export async function listMedia(ctx: Ctx, filter: MediaFilterInput, window: Window): Promise<MediaView[]> {
  requireAdmin(ctx.identity);
  return queryMedia(ctx.db, filter, window);
}
