/**
 * The baseline of the benchmark: a minimal, hand-written Fastify app that answers
 * `GET /api/v1/articles?region=…&topic=…` and `GET /api/v1/search?q=…` with the same `{ data, meta }`
 * envelope as the real service, by running the same SQL statements the domain runs for those
 * requests (src/domain/articles/search-engine.ts and src/domain/articles/repository.ts):
 * the page of ids, then the views of those ids, concurrently with the exact count.
 *
 * What it leaves out is everything else the service does per request: authentication, the plan
 * gate, the daily-quota write, schema validation and serialization, the query builder. The SQL is
 * written out here by hand; run.ts checks, before measuring, that it is statement for statement the
 * SQL the real app sends (modulo whitespace, identifier quotes and alias names) and that both answer
 * the same.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';

/** Runs one statement with positional parameters and returns its rows. */
export type Query = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** Type OIDs parsed the way src/db/client.ts parses them, so both apps see the same values. */
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;

/**
 * A `pg` pool of `max` connections set up like the service's (src/db/client.ts): JIT off, and its
 * type parsing (int8, numeric → number; date → `YYYY-MM-DD`). run.ts checks that the sessions'
 * planner settings match the app's.
 */
export function createPool(url: string, max: number): pg.Pool {
  return new pg.Pool({
    connectionString: url,
    max,
    options: '-c jit=off',
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8 || oid === NUMERIC) return (v: string) => Number(v);
        if (oid === DATE) return (v: string) => v;
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
}

/** A `Query` over a `pg` pool (one unnamed statement per call, as Kysely's PostgreSQL driver sends them). */
export const poolQuery =
  (pool: pg.Pool): Query =>
  async (text, params) =>
    (await pool.query(text, params)).rows as Record<string, unknown>[];

/** The filter conditions shared by the page and the count: published editions, articles only. */
const VISIBLE = `e.status in ($1) and a.kind in ($2)`;

/** `articles?region=…&topic=…`: region name contains / slug equals, and one topic by slug or name. */
const LIST_WHERE = `
  from articles a join editions e on e.id = a.edition_id
 where ${VISIBLE}
   and exists (select 1 from regions r where r.slug = a.region_slug and (r.name ilike $3 or r.slug = $4))
   and exists (select 1 from article_topics at join topics t on t.id = at.topic_id
                where at.article_id = a.id and (t.slug = any($5::text[]) or lower(t.name) = any($6::text[])))`;

/** `search?q=…`: web-search syntax against the weighted document. */
const SEARCH_WHERE = `
  from articles a join editions e on e.id = a.edition_id
 where ${VISIBLE} and a.search_vector @@ websearch_to_tsquery('english', $3)`;

/** A subquery that aggregates the rows of `select` as a JSON array. */
const jsonArray = (select: string) => `(select coalesce(json_agg(agg), '[]') from (${select}) as agg)`;

/** The article's terms of `vocabulary` (topic, tag) as a JSON array of `{ slug, name }`, by name. */
const termsJson = (vocabulary: string) => `coalesce((
    select json_agg(json_build_object('slug', term.slug, 'name', term.name) order by term.name)
      from article_${vocabulary}s link join ${vocabulary}s term on term.id = link.${vocabulary}_id
     where link.article_id = a.id), '[]'::json)`;

/** The statements, as the domain writes them. */
export const SQL = {
  listIds: `select a.id ${LIST_WHERE}
   order by e.publish_date desc, e.number desc, a.sort_order, a.id
   limit $7 offset $8`,
  listCount: `select count(*)::int as n ${LIST_WHERE}`,
  searchCount: `select count(*)::int as n ${SEARCH_WHERE}`,
  views: `select a.id, a.kind, a.headline, a.slug, a.content, a.takeaways, a.why_it_matters,
       a.region_slug, r.name as region_name, a.country_code, c.name as country_name,
       a.source_name, a.source_url, a.sort_order, a.featured, a.module, a.edition_id,
       e.number as edition_number, e.status as edition_status, e.publish_date,
       ${termsJson('topic')} as topics,
       ${termsJson('tag')} as tags,
       ${jsonArray('select ap.id, ap.iata, ap.name from article_airports as aa inner join airports as ap on ap.id = aa.airport_id where aa.article_id = a.id order by ap.iata')} as airports,
       ${jsonArray('select co.id, co.name from article_companies as ac inner join companies as co on co.id = ac.company_id where ac.article_id = a.id order by co.name')} as companies
  from articles as a
 inner join editions as e on e.id = a.edition_id
  left join regions as r on r.slug = a.region_slug
  left join countries as c on c.code = a.country_code
 where a.id = any($1::uuid[])`,
} as const;

/**
 * The minimal hand-written route (the default baseline): what a developer writes first — ONE
 * statement per request that selects the page with its taxonomy and the exact total through
 * `count(*) OVER()`, same filters, same order, same window, same JSON.
 */
const VIEW_COLUMNS = SQL.views.slice(SQL.views.indexOf('select ') + 7, SQL.views.indexOf('\n  from articles as a'));

/**
 * `search?q=…` as the domain sends it (src/domain/articles/search-engine.ts, rankedPage): the
 * window of ranked ids with the total (`count(*) over ()`, rank fenced in a subquery), joined to
 * the page's views (LATERAL), in one statement. Parameters: q (rank), status, kind, q (match), limit, offset.
 */
export const SEARCH_PAGE_SQL = `select v.*, w.total
  from (
    select m.id, m.rank, m.publish_date, m.sort_order, count(*) over ()::int as total
      from (select a.id, ts_rank(a.search_vector, websearch_to_tsquery('english', $1)) as rank, e.publish_date, a.sort_order
              from articles a join editions e on e.id = a.edition_id
             where e.status in ($2) and a.kind in ($3) and a.search_vector @@ websearch_to_tsquery('english', $4)
            offset 0) m
     order by m.rank desc, m.publish_date desc, m.sort_order, m.id
     limit $5 offset $6) as w
 cross join lateral (${SQL.views.slice(0, SQL.views.lastIndexOf('\n where '))} where a.id = w.id) as v
 order by w.rank desc, w.publish_date desc, w.sort_order, w.id`;
export const MINIMAL_SQL = {
  list: `select ${VIEW_COLUMNS}, count(*) over() as total
  from articles as a
 inner join editions as e on e.id = a.edition_id
  left join regions as r on r.slug = a.region_slug
  left join countries as c on c.code = a.country_code
 where ${VISIBLE}
   and exists (select 1 from regions r2 where r2.slug = a.region_slug and (r2.name ilike $3 or r2.slug = $4))
   and exists (select 1 from article_topics at join topics t on t.id = at.topic_id
                where at.article_id = a.id and (t.slug = any($5::text[]) or lower(t.name) = any($6::text[])))
 order by e.publish_date desc, e.number desc, a.sort_order, a.id
 limit $7 offset $8`,
  search: `select ${VIEW_COLUMNS}, count(*) over() as total
  from articles as a
 inner join editions as e on e.id = a.edition_id
  left join regions as r on r.slug = a.region_slug
  left join countries as c on c.code = a.country_code
 where ${VISIBLE} and a.search_vector @@ websearch_to_tsquery('english', $3)
 order by ts_rank(a.search_vector, websearch_to_tsquery('english', $3)) desc, e.publish_date desc, a.sort_order, a.id
 limit $4 offset $5`,
} as const;

/**
 * Which baseline runs: `minimal` (the default, the target) is the hand-written single
 * statement above; `mirror` runs exactly the app's statements, so the ratio shows only what the
 * app adds around the SQL (authentication, quota, validation, serialization).
 */
export type BaselineMode = 'minimal' | 'mirror';

/** `%value%` for ILIKE, with `\`, `%` and `_` escaped. */
const contains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

interface Term {
  slug: string;
  name: string;
}
interface ViewRow {
  id: string;
  headline: string;
  slug: string;
  content: string;
  takeaways: string[];
  why_it_matters: string;
  region_slug: string | null;
  region_name: string | null;
  country_code: string | null;
  country_name: string | null;
  source_name: string | null;
  source_url: string | null;
  sort_order: number;
  featured: boolean;
  edition_number: number;
  publish_date: string;
  topics: Term[];
  tags: Term[];
  airports: { id: string; iata: string; name: string }[];
  companies: { id: string; name: string }[];
}

/** An article in the /api/v1 dialect. */
const present = (a: ViewRow) => ({
  id: a.id,
  headline: a.headline,
  slug: a.slug,
  content: a.content,
  takeaways: a.takeaways,
  why_it_matters: a.why_it_matters,
  region: a.region_name,
  region_slug: a.region_slug,
  country: a.country_name,
  country_code: a.country_code,
  airports: a.airports.map((x) => x.name),
  iata_codes: a.airports.map((x) => x.iata),
  topics: a.topics.map((x) => x.name),
  tags: a.tags.map((x) => x.name),
  companies: a.companies.map((x) => x.name),
  source_name: a.source_name,
  source_url: a.source_url,
  sort_order: a.sort_order,
  featured: a.featured,
  edition_number: a.edition_number,
  publish_date: a.publish_date,
});

/** A positive integer query parameter, or `fallback` when absent. */
function positive(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw Object.assign(new Error(`bad integer "${value}"`), { statusCode: 400 });
  return n;
}

/** The baseline app over `query`. */
export async function buildBaseline(query: Query, mode: BaselineMode = 'minimal'): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });

  /** One page and its total from a single statement with `count(*) OVER()`. */
  async function single(text: string, params: unknown[], pageNo: number, limit: number) {
    const rows = (await query(text, params)) as unknown as (ViewRow & { total: number | string })[];
    const total = Number(rows[0]?.total ?? 0);
    return { data: rows.map(present), meta: { page: pageNo, limit, total, pages: Math.ceil(total / limit) } };
  }

  /** One page of articles plus the exact total: ids → views, concurrently with the count. */
  async function page(ids: [string, unknown[]], count: [string, unknown[]], pageNo: number, limit: number) {
    const [items, countRows] = await Promise.all([
      query(...ids).then(async (rows) => {
        const order = rows.map((r) => r.id as string);
        if (order.length === 0) return [];
        const byId = new Map((await query(SQL.views, [order])).map((r) => [r.id as string, r as unknown as ViewRow]));
        return order.flatMap((id) => {
          const row = byId.get(id);
          return row ? [present(row)] : [];
        });
      }),
      query(...count),
    ]);
    const total = Number(countRows[0]?.n ?? 0);
    return { data: items, meta: { page: pageNo, limit, total, pages: Math.ceil(total / limit) } };
  }

  app.get<{ Querystring: Record<string, string | undefined> }>('/api/v1/articles', async (req, reply) => {
    const { region, topic } = req.query;
    if (!region || !topic) return reply.code(400).send({ error: 'the baseline serves only ?region=…&topic=…' });
    const pageNo = positive(req.query.page, 1);
    const limit = positive(req.query.limit, 20);
    const where = ['published', 'article', contains(region), region.toLowerCase(), [topic.toLowerCase()], [topic.toLowerCase()]];
    if (mode === 'minimal') return single(MINIMAL_SQL.list, [...where, limit, (pageNo - 1) * limit], pageNo, limit);
    return page([SQL.listIds, [...where, limit, (pageNo - 1) * limit]], [SQL.listCount, where], pageNo, limit);
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/api/v1/search', async (req, reply) => {
    const { q } = req.query;
    if (!q) return reply.code(400).send({ error: 'the baseline serves only ?q=…' });
    const pageNo = positive(req.query.page, 1);
    const limit = positive(req.query.limit, 30);
    const where = ['published', 'article', q];
    if (mode === 'minimal') return single(MINIMAL_SQL.search, [...where, limit, (pageNo - 1) * limit], pageNo, limit);
    return single(SEARCH_PAGE_SQL, [q, ...where, limit, (pageNo - 1) * limit], pageNo, limit);
  });

  return app;
}
