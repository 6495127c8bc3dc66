/**
 * Searching the archive (/api/v1/search: published editions, archived ones on request), through
 * the one engine of every face (./search-engine.ts). The reader's search is ./search-archive.ts;
 * both need `archive` and keep a trial preview to the latest published edition.
 */
import type { Ctx } from '../context.js';
import { gated, GATES } from '../entitlements.js';
import { archiveScope } from './archive-scope.js';
import type { Page, Window } from '../pagination.js';
import type { ArticleView } from './repository.js';
import type { ArticleSearchInput } from './schemas.js';
import { findArticles } from './search-engine.js';

/**
 * One window of the articles of published editions (and archived ones when `include_archived`)
 * matching `input`, with the total that match; by relevance then recency when `q` is given, else
 * newest edition first in edition order; in the caller's archive scope (a trial preview: the latest
 * published edition only, so `include_archived` adds nothing there).
 * @throws DomainError FORBIDDEN without `archive` (full or preview)
 */
export const searchArticles = gated(GATES.archive, async function searchArticles(ctx: Ctx, input: ArticleSearchInput, window: Window): Promise<Page<ArticleView>> {
  return findArticles(ctx.db, {
    q: input.q,
    region: input.region,
    anyRegions: input.any_regions,
    year: input.year,
    allTags: input.tag ? [input.tag] : undefined,
    allTopics: input.topic ? [input.topic] : undefined,
    allAirports: input.airport ? [input.airport] : undefined,
    anyTags: input.any_tags,
    anyTopics: input.any_topics,
    anyAirports: input.any_airports,
    excludeTags: input.exclude_tags,
    editionStatuses: input.include_archived ? ['published', 'archived'] : ['published'],
    ...(await archiveScope(ctx)),
  }, window);
});
