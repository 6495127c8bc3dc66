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
import { totalFor, wantsTotal, type Page, type Window } from '../pagination.js';
import { articleViewsSql, loadArticleViews, type ArticleView } from './repository.js';
import { matchesInterests } from './interests.js';
import { commonWordOf } from './common-words.js';
import type { EditionStatus } from '../editions/index.js';
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
  /** Articles naming one of these companies (ids as given, not expanded). */
  anyCompanies?: string[] | undefined;
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
  if (filter.anyCompanies) where.push(sql<SqlBool>`exists (select 1 from article_companies x where x.article_id = a.id and x.company_id = any(${filter.anyCompanies}::uuid[]))`);
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
 * The engine's order over `articles a join editions e`: by rank for a text query, else newest
 * edition first; every order ends with the id.
 */
export function articleOrder(filter: ArticleFilter): RawBuilder<unknown> {
  return filter.q
    ? sql`ts_rank(a.search_vector, websearch_to_tsquery('english', ${filter.q})) desc, e.publish_date desc, a.sort_order, a.id`
    : sql`e.publish_date desc, e.number desc, a.sort_order, a.id`;
}

/**
 * Ids of one window of matching articles: by relevance then recency when `q` is given,
 * else newest edition first and in the edition's own order.
 */
export async function matchingArticleIds(db: Kysely<DB>, filter: ArticleFilter, window: Window): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select a.id from articles a join editions e on e.id = a.edition_id
     where ${allOf(filterConditions(filter))}
     order by ${articleOrder(filter)}
     limit ${window.limit} offset ${window.offset}`.execute(db);
  return rows.map((r) => r.id);
}

/** The members of {@link ArticleFilter} the narrow search table can answer by itself. */
const NARROW_MEMBERS = new Set<string>(['q', 'editionStatuses', 'kinds', 'year']);

/**
 * The matches of a text query with their rank, date and order, read from the narrow
 * `article_search` table (migration 0020, decision 0042) — the same stored vector, edition status
 * and date, order and kind as `articles a join editions e`, kept in step by triggers, so the same
 * rank, order and total, without joining editions and over narrow rows; `undefined` when `filter`
 * holds a member only the wide query answers (region, terms, airports, interests …).
 */
function narrowSearch(filter: ArticleFilter & { q: string }): RawBuilder<unknown> | undefined {
  for (const [member, value] of Object.entries(filter)) {
    if (value !== undefined && !(Array.isArray(value) && value.length === 0) && !NARROW_MEMBERS.has(member)) return undefined;
  }
  const where: RawBuilder<SqlBool>[] = [
    sql<SqlBool>`s.edition_status in (${sql.join(filter.editionStatuses ?? ['published'])})`,
    sql<SqlBool>`s.kind in (${sql.join(filter.kinds ?? ['article'])})`,
    sql<SqlBool>`s.search_vector @@ websearch_to_tsquery('english', ${filter.q})`,
  ];
  if (filter.year !== undefined) {
    where.push(sql<SqlBool>`s.publish_date >= make_date(${filter.year}, 1, 1) and s.publish_date < make_date(${filter.year + 1}, 1, 1)`);
  }
  return sql`select s.article_id as id, ts_rank(s.search_vector, websearch_to_tsquery('english', ${filter.q})) as rank, s.publish_date, s.sort_order
               from article_search s
              where ${allOf(where)}`;
}

/**
 * Whether the postings of a common word can answer `filter` (./common-words.ts): a text query in
 * the reader's default scope (published editions, articles only) with no other filter.
 */
function readsPostings(filter: ArticleFilter & { q: string }): boolean {
  for (const [member, value] of Object.entries(filter)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0) || member === 'q') continue;
    const only = member === 'editionStatuses' ? 'published' : member === 'kinds' ? 'article' : undefined;
    if (!(only !== undefined && Array.isArray(value) && value.every((v) => v === only))) return false;
  }
  return true;
}

/**
 * The window of a one-word query for a common `word`, read off its postings in the search's order
 * (rank desc, edition date desc, order in the edition, id). The postings hold every published
 * article with the word that sorts at or before the word's floor, and every other match sorts
 * after it, so when they fill the window it is exactly the ranked matches' window; when they do
 * not, the caller ranks the matches instead.
 */
function postingsWindow(word: string, window: Window): RawBuilder<RankedRow> {
  return sql`(
    select p.article_id as id, p.rank, p.publish_date, p.sort_order
      from article_search_postings p
     where p.lexeme = ${word}
     order by p.rank desc, p.publish_date desc, p.sort_order, p.article_id
     limit ${window.limit} offset ${window.offset})`;
}

/**
 * A ranked page (`q` given) with its total, in ONE statement:
 * - ranking already reads every match to sort them, so `count(*) over ()` costs little more than
 *   the page alone, while a separate count would read every match's row a second time; a window
 *   read with `counted: false` (the /v1 search, which reports no total) leaves the count out, and
 *   the statement is then a top-N sort of the ranked matches (a third less work for a common word:
 *   bench/README.md, "Search without a total, measured");
 * - the rank is computed in a subquery fenced by `offset 0`, so the window buffers narrow rows
 *   (id, rank, date, order) instead of each match's `search_vector` (which spilled to disk), and
 *   the planner keeps the serial plan (a parallel one was slower on two cores);
 * - the page's views are joined LATERAL to the window of ids in the same statement (the window,
 *   with its LIMIT, is computed first; the taxonomy is read for the page's rows only), one round
 *   trip instead of two, and the views' SQL text is compiled once per process
 *   ({@link articleViewsSql}) (bench/README.md, "Where the time goes").
 * - a query whose other filters the narrow `article_search` table answers reads that table
 *   ({@link narrowSearch}) instead of `articles join editions`;
 * - a query of one common word in the reader's default scope, read without a total (the /v1
 *   search), reads the window off that word's postings ({@link postingsWindow}, migration 0030)
 *   instead of ranking every match, when the postings fill it.
 * Same order and the same total as {@link matchingArticleIds} and {@link countArticles}. A page past
 * the last match has no row to carry the total: then the total is counted apart.
 */
async function rankedPage(db: Kysely<DB>, filter: ArticleFilter & { q: string }, window: Window): Promise<Page<ArticleView>> {
  const counted = wantsTotal(window);
  const word = !counted && readsPostings(filter) ? await commonWordOf(db, filter.q) : undefined;
  if (word !== undefined) {
    // A full window off the postings is exact; a short one may have been cut at the word's floor.
    const rows = await viewsOf(db, postingsWindow(word, window), false);
    if (rows.length === window.limit) return { items: rows, total: Number.NaN };
  }
  const ranked = sql<RankedRow>`(
    select m.id, m.rank, m.publish_date, m.sort_order${counted ? sql`, count(*) over ()::int as total` : sql``}
      from (${narrowSearch(filter) ?? sql`select a.id, ts_rank(a.search_vector, websearch_to_tsquery('english', ${filter.q})) as rank, e.publish_date, a.sort_order
              from articles a join editions e on e.id = a.edition_id
             where ${allOf(filterConditions(filter))}`}
            offset 0) m
     order by m.rank desc, m.publish_date desc, m.sort_order, m.id
     limit ${window.limit} offset ${window.offset})`;
  const rows = await viewsOf(db, ranked, counted);
  const items = rows.map(({ total: _total, ...view }) => view);
  if (!counted) return { items, total: Number.NaN };
  const total = rows[0]?.total ?? (window.offset === 0 ? 0 : await countArticles(db, filter));
  return { items, total };
}

/** One ranked row of a window: the article, its rank and the tie-breaks (and the total, when counted). */
type RankedRow = { id: string; rank: number; publish_date: string; sort_order: number; total?: number };

/**
 * The views of a window of ranked rows in the window's order, joined LATERAL in the same statement
 * (with each row's `total` when `counted`).
 */
async function viewsOf(db: Kysely<DB>, ranked: RawBuilder<RankedRow>, counted: boolean): Promise<(ArticleView & { total?: number })[]> {
  const { rows } = await sql<ArticleView & { total?: number }>`
    select v.*${counted ? sql`, w.total` : sql``}
      from ${ranked} as w
     cross join lateral (${sql.raw(articleViewsSql(db))} where "a"."id" = w.id) as v
     order by w.rank desc, w.publish_date desc, w.sort_order, w.id`.execute(db);
  return rows;
}

/**
 * Lists or searches articles: one window of `ArticleView`s plus the total that match (`NaN` when
 * `window.counted` is `false`: the count is skipped).
 * A search reads its page and total in one statement ({@link rankedPage}); a list reads the
 * page (an index walk that stops after the page) and the count concurrently (in parallel on a
 * PostgreSQL pool).
 */
export async function findArticles(db: Kysely<DB>, filter: ArticleFilter, window: Window): Promise<Page<ArticleView>> {
  if (filter.q) return rankedPage(db, { ...filter, q: filter.q }, window);
  const [items, total] = await Promise.all([
    matchingArticleIds(db, filter, window).then((ids) => loadArticleViews(db, ids)),
    totalFor(window, () => countArticles(db, filter)),
  ]);
  return { items, total };
}
