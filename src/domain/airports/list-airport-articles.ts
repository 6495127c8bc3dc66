/** The articles that mention an airport, as a reader sees them (/v1/airports/{ref}/articles). */
import { findArticles } from '../articles/search-engine.js';
import { withSaved, type ReaderArticle } from '../articles/saved-articles.js';
import type { Ctx } from '../context.js';
import type { Window } from '../pagination.js';
import { archiveScope } from '../previews.js';
import { getAirport } from './get-airport.js';

/**
 * One window of the articles that mention the airport `ref` (database id or IATA code), newest
 * first, in the caller's archive scope (a trial preview of `archive` sees the latest published
 * edition only), with saved flags. @throws DomainError NOT_FOUND (no such airport)
 */
export async function listAirportArticles(ctx: Ctx, { ref, window }: { ref: string; window: Window }): Promise<ReaderArticle[]> {
  const airport = await getAirport(ctx, ref);
  const page = await findArticles(ctx.db, { allAirports: [airport.id], ...(await archiveScope(ctx)) }, window);
  return withSaved(ctx, page.items);
}
