/**
 * Reading the entity links of one project (administrators): airports, companies, topics, tags.
 */
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { selectProjectLinks, type ProjectLinks } from './links.js';

/**
 * The airports (main one first), companies with roles, topics and tags of project `id`, in any state.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), NOT_FOUND
 */
export async function getProjectLinks(ctx: Ctx, id: string): Promise<ProjectLinks> {
  requireAdmin(ctx.identity);
  const exists = await ctx.db.selectFrom('projects').select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) throw notFound(`Project ${id}`);
  return selectProjectLinks(ctx.db, id);
}
