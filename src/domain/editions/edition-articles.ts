/** The articles of an edition, in edition order, read through the articles domain's search engine. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { loadArticleViews, matchingArticleIds, type ArticleView } from '../articles/index.js';
import type { Window } from '../pagination.js';
import type { EditionView } from './repository.js';

/** An edition with all its articles in edition order. */
export type EditionWithArticles = EditionView & { articles: ArticleView[] };

/** A window of the articles (and event items) of `edition`, in edition order. */
export async function editionArticles(db: Kysely<DB>, edition: EditionView, window: Window): Promise<ArticleView[]> {
  const ids = await matchingArticleIds(db, { editionId: edition.id, editionStatuses: [edition.status], kinds: ['article', 'event'] }, window);
  return loadArticleViews(db, ids);
}

/** `edition` with all its articles (and event items), in edition order. */
export async function withAllArticles(db: Kysely<DB>, edition: EditionView): Promise<EditionWithArticles> {
  return { ...edition, articles: await editionArticles(db, edition, { limit: 10_000, offset: 0 }) };
}
