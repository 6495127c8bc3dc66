/**
 * Facets of the archive search (/v1/search/facets): for the articles that match a filter, the
 * regions, countries, topics, tags, airports, years and editions they carry, with counts.
 * `facetArchive` is the reader's operation (in the caller's archive scope); `facetArticles` counts
 * over any engine filter.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { airportDimension, columnDimension, countryDimension, facetCounts, regionDimension, termDimension, type Facet } from '../shared/facets.js';
import type { Ctx } from '../context.js';
import { gated, GATES } from '../entitlements.js';
import { allOf } from '../shared/sql-filters.js';
import type { ArchiveQuery } from './schemas.js';
import { archiveFilter } from './search-archive.js';
import { filterConditions, type ArticleFilter } from './search-engine.js';

/** The facets of the archive search. */
export interface ArticleFacets {
  regions: Facet[];
  countries: Facet[];
  topics: Facet[];
  tags: Facet[];
  airports: Facet[];
  /** Four-digit years of the edition publish date. */
  years: Facet[];
  /** Edition numbers (label `Edition <n>, <YYYY-MM-DD>`). */
  editions: Facet[];
}

/** Counts the vocabulary of the articles matching `filter`. */
export async function facetArticles(db: Kysely<DB>, filter: ArticleFilter): Promise<ArticleFacets> {
  const matching = sql`select a.id, a.region_slug, a.country_code, extract(year from e.publish_date)::int as year,
                              e.number as edition, e.publish_date
                         from articles a join editions e on e.id = a.edition_id where ${allOf(filterConditions(filter))}`;
  const count = (d: Parameters<typeof facetCounts>[2]) => facetCounts(db, matching, d);
  const [regions, countries, topics, tags, airports, years, editions] = await Promise.all([
    count(regionDimension),
    count(countryDimension),
    count(termDimension('article', 'topic')),
    count(termDimension('article', 'tag')),
    count(airportDimension('article')),
    count(columnDimension('year')),
    count({ join: sql``, value: sql`x.edition`, label: sql`'Edition ' || x.edition || ', ' || to_char(x.publish_date, 'YYYY-MM-DD')` }),
  ]);
  return { regions, countries, topics, tags, airports, years, editions };
}

/**
 * The archive's filter vocabulary with counts, for the articles of the caller's archive that `query` matches.
 * @throws DomainError FORBIDDEN without `archive` (full or preview)
 */
export const facetArchive = gated(GATES.archive, async function facetArchive(ctx: Ctx, query: ArchiveQuery): Promise<ArticleFacets> {
  return facetArticles(ctx.db, await archiveFilter(ctx, query));
});
