import { sql } from 'kysely';
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import type { Page, Window } from '../pagination.js';
import { toItem, type InboxItem } from './repository.js';
import type { InboxFilter } from './schemas.js';

/**
 * Inbox items, highest score first (then newest); all statuses when `filter.status` is omitted.
 * Administrators only. @throws DomainError UNAUTHENTICATED, FORBIDDEN
 */
export async function listInboxItems(ctx: Ctx, filter: InboxFilter, window: Window): Promise<Page<InboxItem>> {
  requireAdmin(ctx.identity);
  const { status } = filter;
  const base = ctx.db.selectFrom('inbox_items').$if(status !== undefined, (q) => q.where('status', '=', status!));
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('score', 'desc').orderBy('created_at', 'desc').orderBy('id').limit(window.limit).offset(window.offset).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => toItem(r as unknown as Record<string, unknown>)), total: count.n };
}
