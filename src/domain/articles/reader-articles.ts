/**
 * Articles as a reader of the /v1 edition sees them: each with the caller's `is_saved` flag, and
 * the archive narrowed to the caller's scope (a trial preview of `archive` sees only the latest
 * published edition: src/domain/previews.ts). One operation per /v1 endpoint.
 */
import type { Ctx } from '../context.js';
import type { Window } from '../pagination.js';
import { getEditionArticles } from '../editions/get-edition.js';
import { archiveScope } from '../previews.js';
import { findArticles, type ArticleFilter } from './article-query.js';
import { exportArticles } from './export-articles.js';
import { facetArticles, type ArticleFacets } from './facet-articles.js';
import { getArticle } from './search-articles.js';
import { relatedArticles } from './list-related-articles.js';
import type { ArticleView } from './repository.js';
import { withSaved } from './saved-articles.js';

/** An article with the caller's saved flag. */
export type ReaderArticle = ArticleView & { is_saved: boolean };

/**
 * What a reader may ask of the archive (/v1/search, its facets and export). Term, region and
 * airport values are slugs, IATA codes or ids, as the vocabularies report them.
 */
export interface ArchiveQuery {
  /** Web-search syntax. */
  q?: string | undefined;
  /** Region slug. */
  region?: string | undefined;
  /** Topic or tag slugs; all must match. */
  terms?: string[] | undefined;
  /** Airport id or IATA code. */
  airport?: string | undefined;
  /** Four-digit year of the edition's publish date. */
  year?: number | undefined;
  /** Edition number. */
  edition?: number | undefined;
  /** Only articles matching the caller's favourite topics, tags, regions and airports. */
  mine?: boolean | undefined;
  /** Also calendar event items (default: articles only). */
  includeEvents?: boolean | undefined;
}

/** The engine's filter of `query` for the caller, narrowed to the caller's archive scope. */
async function archiveFilter(ctx: Ctx, query: ArchiveQuery): Promise<ArticleFilter> {
  return {
    q: query.q,
    region: query.region,
    allTerms: query.terms,
    allAirports: query.airport ? [query.airport] : undefined,
    year: query.year,
    editionNumber: query.edition,
    interestsOf: query.mine && ctx.identity ? ctx.identity.userId : undefined,
    kinds: query.includeEvents ? ['article', 'event'] : ['article'],
    ...(await archiveScope(ctx)),
  };
}

/** One window of the archive matching `query`, by relevance (with `q`) else newest first. */
export async function searchArchive(ctx: Ctx, query: ArchiveQuery, window: Window): Promise<ReaderArticle[]> {
  return withSaved(ctx, (await findArticles(ctx.db, await archiveFilter(ctx, query), window)).items);
}

/** The archive's filter vocabulary with counts, for the articles `query` matches. */
export async function facetArchive(ctx: Ctx, query: ArchiveQuery): Promise<ArticleFacets> {
  return facetArticles(ctx.db, await archiveFilter(ctx, query));
}

/** Every article `query` matches, streamed in keyset batches (the CSV export; no row cap). */
export async function* exportArchive(ctx: Ctx, query: ArchiveQuery): AsyncGenerator<ArticleView> {
  yield* exportArticles(ctx.db, await archiveFilter(ctx, query));
}

/** Articles mentioning the airport `airportId`, newest first, in the caller's archive scope. */
export async function listArticlesAtAirport(ctx: Ctx, airportId: string, window: Window): Promise<ReaderArticle[]> {
  return withSaved(ctx, (await findArticles(ctx.db, { allAirports: [airportId], ...(await archiveScope(ctx)) }, window)).items);
}

/** One window of the articles of edition `id` (edition order) with saved flags. @throws DomainError NOT_FOUND */
export async function listEditionArticles(ctx: Ctx, editionId: string, window: Window): Promise<ReaderArticle[]> {
  return withSaved(ctx, await getEditionArticles(ctx, editionId, window));
}

/** One article with the caller's saved flag. @throws DomainError NOT_FOUND (unknown, or a draft's for a non-admin) */
export async function getReaderArticle(ctx: Ctx, id: string): Promise<ReaderArticle> {
  const [article] = await withSaved(ctx, [await getArticle(ctx, id)]);
  return article!;
}

/** Articles related to article `id`, best first, with saved flags. @throws DomainError NOT_FOUND */
export async function listRelatedArticles(ctx: Ctx, id: string, limit: number): Promise<ReaderArticle[]> {
  return withSaved(ctx, await relatedArticles(ctx, id, limit));
}
