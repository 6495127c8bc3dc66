/** Listing articles of published editions (/api/v1/articles), newest edition first, in edition order. */
import type { Ctx } from '../context.js';
import type { Page, Window } from '../pagination.js';
import type { ArticleView } from './repository.js';
import type { ArticleListInput } from './schemas.js';
import { findArticles } from './search-engine.js';

/**
 * One window of the articles of published editions matching every given filter of `input`
 * (region and country by part of the name, tag, topic and airport each one required value),
 * with the total that match; by relevance then recency when `q` is given.
 */
export function listArticles(ctx: Ctx, input: ArticleListInput, window: Window): Promise<Page<ArticleView>> {
  return findArticles(ctx.db, {
    q: input.q,
    regionContains: input.region,
    countryContains: input.country,
    allTags: input.tag ? [input.tag] : undefined,
    allTopics: input.topic ? [input.topic] : undefined,
    allAirports: input.airport ? [input.airport] : undefined,
    editionNumber: input.edition,
    editionStatuses: ['published'],
  }, window);
}
