/** Reading one edition as an administrator: any status, drafts included. */
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import { loadEdition, type EditionView } from './repository.js';

/**
 * Edition `id` in any status (draft, published, archived): what `Location` of its creation reads.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), NOT_FOUND
 */
export async function getAdminEdition(ctx: Ctx, id: string): Promise<EditionView> {
  requireAdmin(ctx.identity);
  return loadEdition(ctx.db, id);
}
