import type { Ctx } from '../context.js';
import { requireAdmin } from '../admin/admin.js';
import { loadSource, type NewsSource } from './sources-repository.js';

/**
 * One news source with its polling state (administrators only): what `Location` of its creation reads.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN, NOT_FOUND
 */
export async function getNewsSource(ctx: Ctx, id: string): Promise<NewsSource> {
  requireAdmin(ctx.identity);
  return loadSource(ctx.db, id);
}
