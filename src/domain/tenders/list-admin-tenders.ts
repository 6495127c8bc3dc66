/**
 * The tenders as administrators see them (the desk's table): every tender in any state, drafts
 * (unpublished) included, most recently changed first.
 */
import { Type, type Static } from 'typebox';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import type { Window } from '../pagination.js';
import { FilterText } from '../shared/input-schema.js';
import { allOf, likePattern } from '../shared/sql-filters.js';
import { selectTenderViews, type TenderView } from './repository.js';

/** The admin tender list's filters: `q` (title, buyer or reference contains) and `published`. */
export const AdminTenderFilter = Type.Object({
  q: FilterText('Title, buyer or reference contains this (case-insensitive)'),
  published: Type.Optional(Type.Boolean({ description: 'Only published (true) or unpublished (false) tenders' })),
});
/** The admin tender list's filters. */
export type AdminTenderFilterInput = Static<typeof AdminTenderFilter>;

/**
 * One window of every tender (published or not; status derived at `ctx.now()`), most recently
 * updated first, then by title and id.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator)
 */
export async function listAdminTenders(ctx: Ctx, filter: AdminTenderFilterInput, window: Window): Promise<TenderView[]> {
  requireAdmin(ctx.identity);
  const where: RawBuilder<SqlBool>[] = [];
  if (filter.q) {
    const q = likePattern(filter.q);
    where.push(sql<SqlBool>`(t.title ilike ${q} or t.buyer_name ilike ${q} or t.reference ilike ${q})`);
  }
  if (filter.published !== undefined) where.push(sql<SqlBool>`t.published = ${filter.published}`);
  return selectTenderViews(ctx.db, allOf(where), ctx.now())
    .orderBy(sql`t.updated_at desc, t.title, t.id`)
    .limit(window.limit).offset(window.offset)
    .execute();
}
