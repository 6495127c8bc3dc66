/**
 * The archive search engine: one filter model and one query for every face that lists or
 * searches articles (/api/v1/articles, /api/v1/search, /v1/search, the MCP tools).
 *
 * Full text uses PostgreSQL: `websearch_to_tsquery('english', q)` (quoted phrases, OR, -exclusion)
 * against the weighted `articles.search_vector` (headline A > takeaways and why_it_matters B >
 * content C, GIN-indexed), ranked by `ts_rank` then recency.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Page, Window } from '../pagination.js';
import { loadArticleViews, type ArticleView } from './repository.js';
import { matchesInterests } from './interests.js';
import type { EditionStatus } from '../editions/schemas.js';
import { allOf, countryContains, hasAirport, hasTerm, hasTopicOrTag, regionContains, regionIn } from '../shared/sql-filters.js';


/**
 * Filters over articles. Every member is optional; all given members must hold (AND).
 * Term values (tags, topics) match a slug or a name, case-insensitively. Airport values match an
 * IATA code, an airport id, or a part of the airport's name. Region values match a slug or a name.
 */
export interface ArticleFilter {
  /** Web-search syntax, e.g. `"third runway" OR expansion -cargo`. */
  q?: string | undefined;
  /** Editions whose articles are visible (default: published only). */
  editionStatuses?: EditionStatus[] | undefined;
  /** Region name contains this (case-insensitive), or equals the slug. */
  regionContains?: string | undefined;
  /** Country name contains this (case-insensitive), or equals the ISO code. */
  countryContains?: string | undefined;
  /** The article's region is this one (slug or exact name, case-insensitive). */
  region?: string | undefined;
  /** The article's region is one of these (slug or exact name). */
  anyRegions?: string[] | undefined;
  /** The article's country is one of these ISO 3166-1 alpha-2 codes. */
  countries?: string[] | undefined;
  /** Four-digit year of the edition's publish date. */
  year?: number | undefined;
  /** Edition number. */
  editionNumber?: number | undefined;
  /** Edition id. */
  editionId?: string | undefined;
  allTags?: string[] | undefined;
  allTopics?: string[] | undefined;
  /** Each value names a topic or a tag; all must match (the /v1 `terms`). */
  allTerms?: string[] | undefined;
  allAirports?: string[] | undefined;
  anyTags?: string[] | undefined;
  anyTopics?: string[] | undefined;
  anyAirports?: string[] | undefined;
  excludeTags?: string[] | undefined;
  /** Article kinds (default: articles only; `event` items are calendar items from reporting). */
  kinds?: ('article' | 'event')[] | undefined;
  /** Only articles matching the favourites of this user (the /v1 `mine=true`; see ./interests.ts). */
  interestsOf?: string | undefined;
}

/** The SQL conditions of `filter`, over `articles a` joined with `editions e`. */
export function filterConditions(filter: ArticleFilter): RawBuilder<SqlBool>[] {
  const where: RawBuilder<SqlBool>[] = [];
  const statuses = filter.editionStatuses ?? ['published'];
  // IN lists, not `= any($array)`: with one status the planner walks editions_status_date_idx in
  // date order and stops after a page (bench/README.md, "where the time goes").
  where.push(sql<SqlBool>`e.status in (${sql.join(statuses)})`);
  where.push(sql<SqlBool>`a.kind in (${sql.join(filter.kinds ?? ['article'])})`);
  if (filter.q) where.push(sql<SqlBool>`a.search_vector @@ websearch_to_tsquery('english', ${filter.q})`);
  if (filter.regionContains) where.push(regionContains('a.region_slug', filter.regionContains));
  if (filter.countryContains) where.push(countryContains('a.country_code', filter.countryContains));
  if (filter.region) where.push(regionIn('a.region_slug', [filter.region]));
  if (filter.anyRegions?.length) where.push(regionIn('a.region_slug', filter.anyRegions));
  if (filter.countries?.length) where.push(sql<SqlBool>`a.country_code = any(${filter.countries.map((c) => c.toUpperCase())}::text[])`);
  if (filter.year !== undefined) {
    where.push(sql<SqlBool>`e.publish_date >= make_date(${filter.year}, 1, 1) and e.publish_date < make_date(${filter.year + 1}, 1, 1)`);
  }
  if (filter.editionNumber !== undefined) where.push(sql<SqlBool>`e.number = ${filter.editionNumber}`);
  if (filter.editionId !== undefined) where.push(sql<SqlBool>`e.id = ${filter.editionId}::uuid`);
  for (const tag of filter.allTags ?? []) where.push(hasTerm('article', 'tag', [tag], 'a'));
  for (const topic of filter.allTopics ?? []) where.push(hasTerm('article', 'topic', [topic], 'a'));
  for (const term of filter.allTerms ?? []) where.push(hasTopicOrTag('article', term, 'a'));
  for (const airport of filter.allAirports ?? []) where.push(hasAirport('article', [airport], 'a'));
  if (filter.anyTags?.length) where.push(hasTerm('article', 'tag', filter.anyTags, 'a'));
  if (filter.anyTopics?.length) where.push(hasTerm('article', 'topic', filter.anyTopics, 'a'));
  if (filter.anyAirports?.length) where.push(hasAirport('article', filter.anyAirports, 'a'));
  if (filter.excludeTags?.length) where.push(sql<SqlBool>`not ${hasTerm('article', 'tag', filter.excludeTags, 'a')}`);
  if (filter.interestsOf) where.push(matchesInterests(filter.interestsOf, 'a'));
  return where;
}

/** Counts the articles that match `filter`. */
export async function countArticles(db: Kysely<DB>, filter: ArticleFilter): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from articles a join editions e on e.id = a.edition_id
     where ${allOf(filterConditions(filter))}`.execute(db);
  return rows[0]?.n ?? 0;
}

/**
 * Ids of one window of matching articles: by relevance then recency when `q` is given,
 * else newest edition first and in the edition's own order.
 */
export async function matchingArticleIds(db: Kysely<DB>, filter: ArticleFilter, window: Window): Promise<string[]> {
  const order = articleOrder(filter);
  const { rows } = await sql<{ id: string }>`
    select a.id from articles a join editions e on e.id = a.edition_id
     where ${allOf(filterConditions(filter))}
     order by ${order}
     limit ${window.limit} offset ${window.offset}`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * The engine's order over `articles a join editions e`: by rank for a text query, else newest
 * edition first; every order ends with the id.
 */
export function articleOrder(filter: ArticleFilter): RawBuilder<unknown> {
  return filter.q
    ? sql`ts_rank(a.search_vector, websearch_to_tsquery('english', ${filter.q})) desc, e.publish_date desc, a.sort_order, a.id`
    : sql`e.publish_date desc, e.number desc, a.sort_order, a.id`;
}

/**
 * Lists or searches articles: one window of `ArticleView`s plus the total that match.
 * The page and the total are read concurrently (in parallel on a PostgreSQL pool).
 */
export async function findArticles(db: Kysely<DB>, filter: ArticleFilter, window: Window): Promise<Page<ArticleView>> {
  const [items, total] = await Promise.all([
    matchingArticleIds(db, filter, window).then((ids) => loadArticleViews(db, ids)),
    countArticles(db, filter),
  ]);
  return { items, total };
}
