/**
 * Listing and searching articles of published editions (archived ones on request), and reading one. One engine (src/domain/search/article-query.ts)
 * serves the list and the search of every face.
 */
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import type { Page, Window } from '../pagination.js';
import { findArticles, type ArticleFilter } from './article-query.js';
import { loadArticleViews, type ArticleView } from './repository.js';

/** Articles of published editions matching `filter` (archived ones too when `includeArchived`). */
export function searchArticles(
  ctx: Ctx,
  filter: Omit<ArticleFilter, 'editionStatuses'>,
  window: Window,
  options: { includeArchived?: boolean } = {},
): Promise<Page<ArticleView>> {
  return findArticles(ctx.db, { ...filter, editionStatuses: options.includeArchived ? ['published', 'archived'] : ['published'] }, window);
}

/**
 * One article. Articles of published and archived editions are readable by every subscriber;
 * articles of drafts only by admins. @throws DomainError NOT_FOUND
 */
export async function getArticle(ctx: Ctx, id: string): Promise<ArticleView> {
  const [article] = await loadArticleViews(ctx.db, [id]);
  if (!article || (article.edition_status === 'draft' && !ctx.identity?.isAdmin)) throw notFound(`Article ${id}`);
  return article;
}
