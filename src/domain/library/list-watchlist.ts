/**
 * The reader's watchlist: published projects the caller watches, most recently watched first.
 * Needs `projects`; a trial preview shows the first five rows, as every previewed project list.
 */
import { sql, type SqlBool } from 'kysely';
import { callerOf, type Ctx } from '../context.js';
import { gated, GATES } from '../entitlements.js';
import type { Window } from '../pagination.js';
import { previewWindow } from '../previews.js';
import { selectProjectViews, type ProjectView } from '../projects/index.js';

/** One window of the caller's watched projects, newest watch first, each with `is_watched: true`. */
export const listWatchlist = gated(GATES.projects, async function listWatchlist(ctx: Ctx, window: Window): Promise<(ProjectView & { is_watched: boolean })[]> {
  const me = callerOf(ctx);
  const shown = previewWindow(me, 'projects', window);
  if (shown.limit <= 0) return [];
  const rows = await ctx.db.selectFrom('project_watches as w').innerJoin('projects as p', 'p.id', 'w.project_id')
    .select('w.project_id').where('w.user_id', '=', me.userId).where('p.published', '=', true)
    .orderBy('w.created_at', 'desc').orderBy('w.project_id').limit(shown.limit).offset(shown.offset).execute();
  const ids = rows.map((r) => r.project_id);
  if (!ids.length) return [];
  const views = await selectProjectViews(ctx.db, sql<SqlBool>`p.id = any(${ids}::uuid[])`).execute();
  const byId = new Map(views.map((v) => [v.id, v]));
  return ids.flatMap((id) => (byId.has(id) ? [{ ...byId.get(id)!, is_watched: true }] : []));
});
