/**
 * Reading one article: articles of published and archived editions are readable by every
 * subscriber, articles of drafts only by administrators.
 */
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { loadArticleViews, type ArticleView } from './repository.js';
import { withSaved, type ReaderArticle } from './saved-articles.js';

/** One article (/api/v1/articles/{id}). @throws DomainError NOT_FOUND (unknown, or a draft's for a non-admin) */
export async function getArticle(ctx: Ctx, id: string): Promise<ArticleView> {
  const [article] = await loadArticleViews(ctx.db, [id]);
  if (!article || (article.edition_status === 'draft' && !ctx.identity?.isAdmin)) throw notFound(`Article ${id}`);
  return article;
}

/** One article with the caller's saved flag (/v1/articles/{id}). @throws DomainError NOT_FOUND (unknown, or a draft's for a non-admin) */
export async function getReaderArticle(ctx: Ctx, id: string): Promise<ReaderArticle> {
  const [article] = await withSaved(ctx, [await getArticle(ctx, id)]);
  return article!;
}
