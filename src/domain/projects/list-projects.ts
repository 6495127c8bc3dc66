/**
 * Listing projects: one window of the projects that match a filter, with the total. Two readings of
 * the same list: the plain one (the /api/v1 edition, and the building block of other lists) and
 * the reader's (the /v1 edition), narrowed for a trial preview and flagged per caller.
 */
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import type { Page, Window } from '../pagination.js';
import { previewWindow } from '../previews.js';
import { allOf } from '../shared/sql-filters.js';
import { projectConditions, projectOrder, selectProjectViews, withWatched, type ProjectView } from './repository.js';
import type { ProjectFilter, ProjectSort } from './schemas.js';

/** A project of the reader's list: the view plus whether the caller watches it. */
export type WatchedProjectView = ProjectView & { is_watched: boolean };

/**
 * One window of the published projects matching `filter`, in `sort` order, with the total that
 * match. No preview narrowing and no per-caller flags.
 * @param window rows to skip and to return
 */
export async function listProjects(ctx: Ctx, filter: ProjectFilter, sort: ProjectSort, window: Window): Promise<Page<ProjectView>> {
  const where = allOf(await projectConditions(ctx, filter));
  const [items, count] = await Promise.all([
    selectProjectViews(ctx.db, where)
      .orderBy(projectOrder(sort, filter.q))
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    sql<{ n: number }>`select count(*)::int as n from projects p where ${where}`.execute(ctx.db),
  ]);
  return { items: items as ProjectView[], total: count.rows[0]?.n ?? 0 };
}

/**
 * The reader's list: like {@link listProjects}, but a caller who holds `projects` only as a trial
 * preview sees no row past the first `PREVIEW_ROWS.projects` (src/domain/previews.ts), and each
 * project carries `is_watched` for the caller.
 */
export async function listProjectsForReader(ctx: Ctx, filter: ProjectFilter, sort: ProjectSort, window: Window): Promise<Page<WatchedProjectView>> {
  const page = await listProjects(ctx, filter, sort, previewWindow(ctx.identity, 'projects', window));
  return { items: await withWatched(ctx, page.items), total: page.total };
}
