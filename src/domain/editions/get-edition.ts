/**
 * Reading one edition: the latest, by number, by id (drafts for administrators only), and a
 * window of its articles.
 */
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import type { Window } from '../pagination.js';
import { loadArticleViews, type ArticleView } from '../articles/repository.js';
import { matchingArticleIds, type EditionStatus } from '../articles/article-query.js';
import { findEdition, findEditionByNumber, findLatestPublished, type EditionView } from './repository.js';

/** An edition with all its articles in edition order. */
export type EditionWithArticles = EditionView & { articles: ArticleView[] };

/** Statuses of editions a caller may open by number: admins also see drafts. */
const readableStatuses = (ctx: Ctx): EditionStatus[] =>
  ctx.identity?.isAdmin ? ['published', 'archived', 'draft'] : ['published', 'archived'];

/** A window of the articles (and event items) of `edition`, in edition order. */
async function articlesOf(ctx: Ctx, edition: EditionView, window: Window): Promise<ArticleView[]> {
  const ids = await matchingArticleIds(ctx.db, { editionId: edition.id, editionStatuses: [edition.status], kinds: ['article', 'event'] }, window);
  return loadArticleViews(ctx.db, ids);
}

async function withArticles(ctx: Ctx, edition: EditionView): Promise<EditionWithArticles> {
  return { ...edition, articles: await articlesOf(ctx, edition, { limit: 10_000, offset: 0 }) };
}

/** The most recent published edition with its articles. @throws DomainError NOT_FOUND when nothing is published */
export async function getLatestEdition(ctx: Ctx): Promise<EditionWithArticles> {
  const edition = await findLatestPublished(ctx.db);
  if (!edition) throw notFound('Published edition');
  return withArticles(ctx, edition);
}

/**
 * The edition with issue `number` and its articles: published and archived editions for everyone,
 * drafts for admins only. @throws DomainError NOT_FOUND
 */
export async function getEditionByNumber(ctx: Ctx, number: number): Promise<EditionWithArticles> {
  const edition = await findEditionByNumber(ctx.db, number, readableStatuses(ctx));
  if (!edition) throw notFound(`Edition ${number}`);
  return withArticles(ctx, edition);
}

/**
 * The edition with `id` (published and archived for everyone, drafts for admins only), without its
 * articles. @throws DomainError NOT_FOUND
 */
export async function getEdition(ctx: Ctx, id: string): Promise<EditionView> {
  const edition = await findEdition(ctx.db, { id }, readableStatuses(ctx));
  if (!edition) throw notFound(`Edition ${id}`);
  return edition;
}

/** One window of the articles of edition `id`, in edition order. @throws DomainError NOT_FOUND */
export async function getEditionArticles(ctx: Ctx, id: string, window: Window): Promise<ArticleView[]> {
  return articlesOf(ctx, await getEdition(ctx, id), window);
}
