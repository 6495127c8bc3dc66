/**
 * The reader's saved articles (`saved_articles`), as the per-caller `is_saved` flag of article records.
 */
import type { Ctx } from '../context.js';
import type { ArticleView } from './repository.js';

/** An article with the caller's saved flag. */
export type ReaderArticle = ArticleView & { is_saved: boolean };

/** Of `articleIds`, those the caller has saved (none without a caller). */
export async function savedArticleIds(ctx: Ctx, articleIds: string[]): Promise<Set<string>> {
  if (!ctx.identity || articleIds.length === 0) return new Set();
  const rows = await ctx.db
    .selectFrom('saved_articles')
    .select('article_id')
    .where('user_id', '=', ctx.identity.userId)
    .where('article_id', 'in', articleIds)
    .execute();
  return new Set(rows.map((r) => r.article_id));
}

/** `views` each with `is_saved` for the caller (always `false` without a caller). */
export async function withSaved<T extends { id: string }>(ctx: Ctx, views: T[]): Promise<(T & { is_saved: boolean })[]> {
  const saved = await savedArticleIds(ctx, views.map((v) => v.id));
  return views.map((v) => ({ ...v, is_saved: saved.has(v.id) }));
}
