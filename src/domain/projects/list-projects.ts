/**
 * Listing projects: one window of the projects that match a filter, with the total. The caller
 * needs `projects` (docs/entitlements.md); a caller who holds it only as a trial preview sees the
 * first `PREVIEW_ROWS.projects` rows of the list and a total of at most that many
 * (src/domain/previews.ts), whichever edition asked. Two readings of the same window: the full
 * views (the /api/v1 edition) and the reader's summaries with a per-caller flag (the /v1 edition).
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Ctx } from '../context.js';
import { gated, GATES } from '../entitlements.js';
import { totalFor, type Page, type Window } from '../pagination.js';
import { previewTotal, previewWindow } from '../previews.js';
import { allOf } from '../shared/sql-filters.js';
import { projectWindowFromIndex, projectWindowIds } from './list-window.js';
import { projectConditions } from './project-conditions.js';
import { projectOrder, selectProjectSummaries, selectProjectViews, type ProjectView, type WatchedProjectSummary } from './repository.js';
import type { ProjectFilter, ProjectSort } from './schemas.js';

/**
 * One window of the published projects matching `filter`, in `sort` order, with the total that
 * match (previews applied), each project read by `read` from the window's ids. The ids first, from
 * the index in memory or the narrow rows (the sort's index, or the filters' indexes when walking it
 * takes too long: list-window.ts), then the rows of those ids only: built in one statement, the
 * view's per-row subqueries (terms, companies) ran for every row the offset skips too (a deep window
 * at 2 000 projects took 240 ms; bench/web-reader.ts).
 * @param read the rows of the projects `p` satisfying its `where`, in its `order`
 */
async function projectPage<T>(
  ctx: Ctx, filter: ProjectFilter, sort: ProjectSort, window: Window,
  read: (where: RawBuilder<SqlBool>, order: RawBuilder<unknown>) => Promise<T[]>,
): Promise<Page<T>> {
  const shown = previewWindow(ctx.identity, 'projects', window);
  // The conditions in SQL, built once and only when a statement needs them: resolving a company,
  // a region or a term costs a statement each, which a window from the index does without.
  let built: Promise<RawBuilder<SqlBool>[]> | undefined;
  const conditions = () => (built ??= projectConditions(ctx, filter));
  const where = async () => allOf(await conditions());
  const order = projectOrder(sort, filter.q);
  // A relevance order has no index to walk: the planner reads the matches first anyway.
  const walks = !(sort === 'relevance' && filter.q);
  const windowRows = async () => {
    // A filtered list of the members the index in memory holds: its first matches from there
    // (decision 0063; an unfiltered list is not its to answer); else in SQL.
    const ids = (walks ? await projectWindowFromIndex(ctx, filter, sort, where, shown) : undefined)
      ?? (await projectWindowIds(ctx, await where(), order, shown, { filtered: (await conditions()).length > 1 && walks })).ids;
    return ids.length === 0 ? [] : read(sql<SqlBool>`p.id = any(${ids}::uuid[]) and p.published`, order);
  };
  const [items, total] = await Promise.all([
    shown.limit === 0 ? Promise.resolve([]) : windowRows(),
    totalFor(window, async () => (await sql<{ n: number }>`select count(*)::int as n from projects p where ${await where()}`.execute(ctx.db)).rows[0]?.n ?? 0),
  ]);
  return { items, total: previewTotal(ctx.identity, 'projects', total) };
}

/**
 * One window of the published projects matching `filter`, in `sort` order, with the total that
 * match, as full views; in a trial preview, only the preview's rows (and a total of at most that many).
 * @param window rows to skip and to return; `counted: false` skips the count (`total` is `NaN`)
 * @throws DomainError FORBIDDEN when the caller holds `projects` neither in full nor as a preview
 */
export const listProjects = gated(GATES.projects, async function listProjects(ctx: Ctx, filter: ProjectFilter, sort: ProjectSort, window: Window): Promise<Page<ProjectView>> {
  return projectPage(ctx, filter, sort, window, (where, order) => selectProjectViews(ctx.db, where).orderBy(order).execute());
});

/**
 * The reader's list: the window of {@link listProjects} (same gate, same preview), each project as
 * the reader's lists show it with `is_watched` for the caller, read in one statement.
 * @throws DomainError FORBIDDEN as {@link listProjects}
 */
export const listProjectsForReader = gated(GATES.projects, async function listProjectsForReader(ctx: Ctx, filter: ProjectFilter, sort: ProjectSort, window: Window): Promise<Page<WatchedProjectSummary>> {
  const userId = ctx.identity?.userId ?? null;
  return projectPage(ctx, filter, sort, window, (where, order) => selectProjectSummaries(ctx.db, where, userId).orderBy(order).execute());
});
