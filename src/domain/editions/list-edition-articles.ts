/** The articles of one edition as a reader sees them (/v1/editions/{id}/articles). */
import { withSaved, type ReaderArticle } from '../articles/index.js';
import type { Ctx } from '../context.js';
import type { Window } from '../pagination.js';
import { getEdition } from './get-edition.js';
import { editionArticles } from './edition-articles.js';

/**
 * One window of the articles (and event items) of edition `id`, in edition order, with the
 * caller's saved flags; drafts' only for administrators. @throws DomainError NOT_FOUND
 */
export async function listEditionArticles(ctx: Ctx, id: string, window: Window): Promise<ReaderArticle[]> {
  return withSaved(ctx, await editionArticles(ctx.db, await getEdition(ctx, id), window));
}
