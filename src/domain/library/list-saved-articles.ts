/**
 * The reader's library: saved articles of readable (published or archived) editions, newest saved
 * first, each with `saved_at`.
 */
import { callerOf, type Ctx } from '../context.js';
import { loadArticleViews, type ArticleView } from '../articles/index.js';
import type { Window } from '../pagination.js';

/** A saved article: the article record, `is_saved` (always true) and when it was saved. */
export type SavedArticleView = ArticleView & { is_saved: true; saved_at: Date };

/** One window of the caller's saved articles, newest saved first. */
export async function listSavedArticles(ctx: Ctx, window: Window): Promise<SavedArticleView[]> {
  const me = callerOf(ctx);
  const rows = await ctx.db.selectFrom('saved_articles as s')
    .innerJoin('articles as a', 'a.id', 's.article_id').innerJoin('editions as e', 'e.id', 'a.edition_id')
    .select(['s.article_id', 's.saved_at'])
    .where('s.user_id', '=', me.userId).where('e.status', 'in', ['published', 'archived'])
    .orderBy('s.saved_at', 'desc').orderBy('s.article_id')
    .limit(window.limit).offset(window.offset).execute();
  const views = new Map((await loadArticleViews(ctx.db, rows.map((r) => r.article_id))).map((v) => [v.id, v]));
  return rows.flatMap((r) => {
    const v = views.get(r.article_id);
    return v ? [{ ...v, is_saved: true as const, saved_at: r.saved_at }] : [];
  });
}
