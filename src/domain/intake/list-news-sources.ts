import type { Ctx } from '../context.js';
import { requireAdmin } from '../admin/admin.js';
import { selectSources, toSource, type NewsSource } from './sources-repository.js';

/**
 * The news sources, by name (administrators only).
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN
 */
export async function listNewsSources(ctx: Ctx, page: { limit: number; offset: number }): Promise<NewsSource[]> {
  requireAdmin(ctx.identity);
  const rows = await selectSources(ctx.db).orderBy('name').orderBy('id').limit(page.limit).offset(page.offset).execute();
  return rows.map(toSource);
}
