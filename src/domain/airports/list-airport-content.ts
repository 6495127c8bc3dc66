/**
 * Airports and what mentions or happens at them (/v1/airports/{ref}…), one operation per endpoint.
 * `ref` is an airport's database id (UUID) or its IATA code.
 */
import { listArticlesAtAirport, type ReaderArticle } from '../articles/reader-articles.js';
import type { Ctx } from '../context.js';
import type { Window } from '../pagination.js';
import { listProjectsForReader, type WatchedProjectView } from '../projects/index.js';
import { getAirport } from './repository.js';

/**
 * Articles that mention the airport `ref`, newest first, in the caller's archive scope (a trial
 * preview sees the latest edition only), with saved flags. @throws DomainError NOT_FOUND (no such airport)
 */
export async function listAirportArticles(ctx: Ctx, ref: string, window: Window): Promise<ReaderArticle[]> {
  return listArticlesAtAirport(ctx, (await getAirport(ctx, ref)).id, window);
}

/**
 * Projects at the airport `ref`, by title, with watched flags (a trial preview sees five rows).
 * @throws DomainError NOT_FOUND (no such airport)
 */
export async function listAirportProjects(ctx: Ctx, ref: string, window: Window): Promise<WatchedProjectView[]> {
  const airport = await getAirport(ctx, ref);
  return (await listProjectsForReader(ctx, { airports: [airport.id] }, 'title_asc', window)).items;
}
