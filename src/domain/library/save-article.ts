/**
 * Saving an article to the reader's library (`saved_articles`), and removing it. Both are
 * idempotent: saving twice keeps one entry (and its first `saved_at`); removing an article that is
 * not saved succeeds. Only articles a reader can open may be saved (published or archived editions).
 */
import { callerOf, type Ctx } from '../context.js';
import { getReaderArticle } from '../articles/index.js';
import type { ReaderArticle } from '../articles/index.js';
import { requireReadableArticle as requireReadable } from './readable.js';

/**
 * Saves article `id` for the caller; returns the article with `is_saved: true`.
 * @throws DomainError NOT_FOUND (unknown article, or one of an unpublished edition)
 */
export async function saveArticle(ctx: Ctx, id: string): Promise<ReaderArticle> {
  const me = callerOf(ctx);
  await requireReadable(ctx, id);
  await ctx.db.insertInto('saved_articles').values({ user_id: me.userId, article_id: id, saved_at: ctx.now() })
    .onConflict((oc) => oc.columns(['user_id', 'article_id']).doNothing()).execute();
  return getReaderArticle(ctx, id);
}

/**
 * Removes article `id` from the caller's library (nothing to do when it is not there).
 * @throws DomainError NOT_FOUND (unknown article, or one of an unpublished edition)
 */
export async function unsaveArticle(ctx: Ctx, id: string): Promise<void> {
  const me = callerOf(ctx);
  await requireReadable(ctx, id);
  await ctx.db.deleteFrom('saved_articles').where('user_id', '=', me.userId).where('article_id', '=', id).execute();
}
