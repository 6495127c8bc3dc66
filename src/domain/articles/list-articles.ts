/**
 * Listing articles of published editions (/api/v1/articles), newest edition first, in edition
 * order. A filtered query across editions is an archive query: it needs `archive`, and a trial
 * preview of it sees only the latest published edition, as /v1/search does (docs/entitlements.md).
 */
import type { Ctx } from '../context.js';
import { gated, GATES } from '../entitlements.js';
import { archiveScope } from './archive-scope.js';
import type { Page, Window } from '../pagination.js';
import type { ArticleView } from './repository.js';
import type { ArticleListInput } from './schemas.js';
import { findArticles } from './search-engine.js';

/**
 * One window of the articles of published editions matching every given filter of `input`
 * (region and country by part of the name, tag, topic and airport each one required value),
 * with the total that match; by relevance then recency when `q` is given; in the caller's archive
 * scope (a trial preview: the latest published edition only).
 * @throws DomainError FORBIDDEN without `archive` (full or preview)
 */
export const listArticles = gated(GATES.archive, async function listArticles(ctx: Ctx, input: ArticleListInput, window: Window): Promise<Page<ArticleView>> {
  return findArticles(ctx.db, {
    q: input.q,
    regionContains: input.region,
    countryContains: input.country,
    allTags: input.tag ? [input.tag] : undefined,
    allTopics: input.topic ? [input.topic] : undefined,
    allAirports: input.airport ? [input.airport] : undefined,
    editionNumber: input.edition,
    editionStatuses: ['published'],
    ...(await archiveScope(ctx)),
  }, window);
});
