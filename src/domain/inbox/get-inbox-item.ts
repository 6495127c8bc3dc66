import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import { loadItem, type InboxItem } from './repository.js';

/** One inbox item. Administrators only. @throws DomainError NOT_FOUND, UNAUTHENTICATED, FORBIDDEN */
export async function getInboxItem(ctx: Ctx, id: string): Promise<InboxItem> {
  requireAdmin(ctx.identity);
  return loadItem(ctx.db, id);
}
