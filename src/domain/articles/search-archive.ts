/**
 * The reader's archive (/v1/search, and the filter of its facets and export): a reader's query in
 * the caller's archive scope (a trial preview of `archive` sees only the latest published edition,
 * src/domain/previews.ts), through the one engine of every face (./search-engine.ts).
 */
import type { Ctx } from '../context.js';
import { gated, GATES } from '../entitlements.js';
import type { Window } from '../pagination.js';
import { archiveScope } from './archive-scope.js';
import { withSaved, type ReaderArticle } from './saved-articles.js';
import type { ArchiveQuery } from './schemas.js';
import { findArticles, type ArticleFilter } from './search-engine.js';
import { highlightArticles, type ArticleHighlight } from './highlight.js';

/** The engine's filter of a reader's `query`, narrowed to the caller's archive scope. */
export async function archiveFilter(ctx: Ctx, query: ArchiveQuery): Promise<ArticleFilter> {
  return {
    q: query.q,
    region: query.region,
    allTerms: query.terms,
    allAirports: query.airport ? [query.airport] : undefined,
    year: query.year,
    editionNumber: query.edition,
    interestsOf: query.mine && ctx.identity ? ctx.identity.userId : undefined,
    kinds: query.include_events ? ['article', 'event'] : ['article'],
    ...(await archiveScope(ctx)),
  };
}

/** Options of {@link searchArchive}. */
export interface SearchArchiveOptions {
  /** With a text query: each article carries `highlight` (./highlight.ts; decision 0044). */
  highlight?: boolean | undefined;
}

/** A result of {@link searchArchive}: `highlight` when asked for with a text query. */
export type ArchiveHit = ReaderArticle & { highlight?: ArticleHighlight };

/**
 * One window of the caller's archive matching `query`, by relevance (with `q`) else newest first, with saved flags
 * and, when `options.highlight` is set and `q` given, each article's highlighted headline and snippet.
 * @throws DomainError FORBIDDEN without `archive` (full or preview)
 */
export const searchArchive = gated(GATES.archive, async function searchArchive(ctx: Ctx, query: ArchiveQuery, window: Window, options: SearchArchiveOptions = {}): Promise<ArchiveHit[]> {
  const rows = await withSaved(ctx, (await findArticles(ctx.db, await archiveFilter(ctx, query), window)).items);
  if (!options.highlight || !query.q) return rows;
  const highlights = await highlightArticles(ctx.db, query.q, rows.map((r) => r.id));
  return rows.map((r) => {
    const highlight = highlights.get(r.id);
    return highlight ? { ...r, highlight } : r;
  });
});
