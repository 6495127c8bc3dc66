/** The articles that mention an airport, as a reader sees them (/v1/airports/{ref}/articles). */
import { searchArchive } from '../articles/index.js';
import type { ReaderArticle } from '../articles/index.js';
import type { Ctx } from '../context.js';
import type { Window } from '../pagination.js';
import { getAirport } from './get-airport.js';
import { gatedAs } from '../entitlements.js';

/**
 * One window of the articles that mention the airport `ref` (database id or IATA code), newest
 * first, with saved flags: the reader's archive filtered to the airport, so the same archive scope
 * applies (a trial preview of `archive` sees the latest published edition only).
 * @throws DomainError NOT_FOUND (no such airport)
 */
export const listAirportArticles = gatedAs(searchArchive, async function listAirportArticles(ctx: Ctx, { ref, window }: { ref: string; window: Window }): Promise<ReaderArticle[]> {
  const airport = await getAirport(ctx, ref);
  return searchArchive(ctx, { airport: airport.id }, window);
});
