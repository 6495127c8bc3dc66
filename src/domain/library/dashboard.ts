/**
 * The reader's dashboard: the most read articles of the service and the caller's own recent reads.
 */
import { sql } from 'kysely';
import { callerOf, type Ctx } from '../context.js';
import { gated, GATES } from '../entitlements.js';
import { archiveScope } from '../articles/index.js';
import { loadArticleViews, type ArticleView } from '../articles/index.js';
import { withSaved } from '../articles/index.js';

/** The period of the most-read list: the last 30 days before `ctx.now()`. */
export const MOST_READ_DAYS = 30;

/** An article of the most-read list, with how many distinct readers it had in the period. */
export type MostReadArticle = ArticleView & { is_saved: boolean; readers: number };
/** An article of the caller's history, with when they last read it. */
export type RecentlyViewedArticle = ArticleView & { is_saved: boolean; viewed_at: Date };

/**
 * The `limit` articles read by the most distinct readers over the last {@link MOST_READ_DAYS}
 * days, among those the caller may see: needs `archive`; a trial preview sees the latest published
 * edition only. Ties: newest edition first, then edition order.
 * @throws DomainError FORBIDDEN without `archive` (full or preview)
 */
export const listMostRead = gated(GATES.archive, async function listMostRead(ctx: Ctx, limit: number): Promise<MostReadArticle[]> {
  callerOf(ctx); // a signed-in reader (401 otherwise)
  const scope = await archiveScope(ctx);
  const since = new Date(ctx.now().getTime() - MOST_READ_DAYS * 86_400_000);
  const { rows } = await sql<{ id: string; readers: number }>`
    select a.id, count(distinct v.user_id)::int as readers
      from article_views v join articles a on a.id = v.article_id join editions e on e.id = a.edition_id
     where v.viewed_at > ${since} and v.viewed_at <= ${ctx.now()} and e.status in ('published', 'archived')
       ${scope.editionId ? sql`and e.id = ${scope.editionId}::uuid` : sql``}
     group by a.id, e.publish_date, a.sort_order
     order by readers desc, e.publish_date desc, a.sort_order, a.id
     limit ${limit}`.execute(ctx.db);
  const readers = new Map(rows.map((r) => [r.id, r.readers]));
  const views = await withSaved(ctx, await loadArticleViews(ctx.db, rows.map((r) => r.id)));
  return views.map((v) => ({ ...v, readers: readers.get(v.id) ?? 0 }));
});

/** The caller's last `limit` distinct articles read, newest read first (readable articles only). */
export async function listRecentlyViewed(ctx: Ctx, limit: number): Promise<RecentlyViewedArticle[]> {
  const me = callerOf(ctx);
  const { rows } = await sql<{ id: string; viewed_at: Date }>`
    select v.article_id as id, max(v.viewed_at) as viewed_at
      from article_views v join articles a on a.id = v.article_id join editions e on e.id = a.edition_id
     where v.user_id = ${me.userId}::uuid and e.status in ('published', 'archived')
     group by v.article_id
     order by max(v.viewed_at) desc, v.article_id
     limit ${limit}`.execute(ctx.db);
  const at = new Map(rows.map((r) => [r.id, new Date(r.viewed_at)]));
  const views = await withSaved(ctx, await loadArticleViews(ctx.db, rows.map((r) => r.id)));
  return views.map((v) => ({ ...v, viewed_at: at.get(v.id)! }));
}
