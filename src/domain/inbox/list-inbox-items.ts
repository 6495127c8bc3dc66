import { sql } from 'kysely';
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import type { Page, Window } from '../pagination.js';
import { allOf } from '../shared/sql-filters.js';
import { inboxConditions } from './filter.js';
import { toItem, type InboxItem } from './repository.js';
import type { InboxListFilterInput } from './schemas.js';

/**
 * Inbox items, highest score first (unscored last), then newest; all statuses when `filter.status`
 * is omitted; optionally one source and a range of days (src/domain/inbox/filter.ts).
 * Administrators only. @throws DomainError UNAUTHENTICATED, FORBIDDEN, VALIDATION (`date_to` before `date_from`)
 */
export async function listInboxItems(ctx: Ctx, filter: InboxListFilterInput, window: Window): Promise<Page<InboxItem>> {
  requireAdmin(ctx.identity);
  const conditions = inboxConditions(filter);
  const base = ctx.db.selectFrom('inbox_items').$if(conditions.length > 0, (q) => q.where(allOf(conditions)));
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy(sql`score desc nulls last`).orderBy('created_at', 'desc').orderBy('id').limit(window.limit).offset(window.offset).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => toItem(r as unknown as Record<string, unknown>)), total: count.n };
}
