/**
 * The projects as administrators see them (the desk's table): every project, unpublished ones
 * included, most recently changed first.
 */
import { Type, type Static } from 'typebox';
import { sql, type SqlBool } from 'kysely';
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import type { Window } from '../pagination.js';
import { FilterText } from '../shared/input-schema.js';
import { likePattern } from '../shared/sql-filters.js';
import { selectProjectViews, type ProjectView } from './repository.js';

/** The admin project list's filter: `q`, a part of the title, the main airport's name or its IATA code (case-insensitive). */
export const AdminProjectFilter = Type.Object({
  q: FilterText('Title, main airport name or IATA code contains this (case-insensitive)'),
});
/** The admin project list's filter. */
export type AdminProjectFilterInput = Static<typeof AdminProjectFilter>;

/**
 * One window of every project (any state), most recently updated first, then by title and id.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator)
 */
export async function listAdminProjects(ctx: Ctx, filter: AdminProjectFilterInput, window: Window): Promise<ProjectView[]> {
  requireAdmin(ctx.identity);
  const q = filter.q ? likePattern(filter.q) : undefined;
  const where = q ? sql<SqlBool>`(p.title ilike ${q} or p.airport_name ilike ${q} or p.iata_code ilike ${q})` : sql<SqlBool>`true`;
  return selectProjectViews(ctx.db, where)
    .orderBy(sql`p.updated_at desc, p.title, p.id`)
    .limit(window.limit).offset(window.offset)
    .execute();
}
