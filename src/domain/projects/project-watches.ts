/**
 * The reader's watched projects (`project_watches`), as the per-caller `is_watched` flag of project records.
 */
import type { Ctx } from '../context.js';

/** `views` each with `is_watched` for the caller (false without a caller). */
export async function withWatched<T extends { id: string }>(ctx: Ctx, views: T[]): Promise<(T & { is_watched: boolean })[]> {
  const ids = views.map((v) => v.id);
  const rows = ctx.identity && ids.length
    ? await ctx.db.selectFrom('project_watches').select('project_id').where('user_id', '=', ctx.identity.userId).where('project_id', 'in', ids).execute()
    : [];
  const watched = new Set(rows.map((r) => r.project_id));
  return views.map((v) => ({ ...v, is_watched: watched.has(v.id) }));
}
