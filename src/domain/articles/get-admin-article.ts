/** Reading one article as an administrator: in any edition status, drafts included. */
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import { loadArticle, type AdminArticleView } from './repository.js';

/**
 * Article `id` whatever the status of its edition: what `Location` of its creation reads.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), NOT_FOUND
 */
export async function getAdminArticle(ctx: Ctx, id: string): Promise<AdminArticleView> {
  requireAdmin(ctx.identity);
  return loadArticle(ctx.db, id);
}
