/**
 * Reading the entity links of one tender (administrators): airports, companies, topics, tags.
 */
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { selectTenderLinks, type TenderLinks } from './links.js';

/**
 * The airports (main one first), companies, topics (categories) and tags of tender `id`, in any state.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), NOT_FOUND
 */
export async function getTenderLinks(ctx: Ctx, id: string): Promise<TenderLinks> {
  requireAdmin(ctx.identity);
  const exists = await ctx.db.selectFrom('tenders').select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) throw notFound(`Tender ${id}`);
  return selectTenderLinks(ctx.db, id);
}
