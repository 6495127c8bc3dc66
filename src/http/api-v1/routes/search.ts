/**
 * /api/v1 search (seed 000, section 4): GET with a query string (lists comma-separated) and POST
 * with the same parameters as a JSON body (lists as arrays). The two forms are this edition's
 * dialect of the domain's `ArticleSearch` (src/domain/articles/schemas.ts), mapped to it by
 * `toSearch`. One engine with /v1/search, and one gate: `archive` (a trial preview searches only
 * the latest published edition).
 * q, region, year, tag, topic, airport, any_tags, any_topics, any_airports, any_regions,
 * exclude_tags, include_archived, page, limit (default 30, max 100).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static, type TSchema } from 'typebox';
import { articleSearchTerms, searchArticles, type ArticleSearchInput } from '../../../domain/articles/index.js';
import { pageWindow } from '../../../domain/pagination.js';
import { CommaList, MAX_LIST_ITEMS } from '../../../domain/shared/input-schema.js';
import { ctxOf } from '../../types.js';
import { Article, presentArticle } from '../records/article.js';
import { PagedEnvelope, PageQuery, paged } from '../schemas.js';
import { component } from '../../schema.js';

const tags = ['Search'];
const { q, region, tag, topic, airport } = articleSearchTerms;

/**
 * Parameters shared by both forms; `list` is how a list-valued parameter is written in that form,
 * `year` and `flag` how a year and the include_archived flag are.
 */
const searchParams = <L extends TSchema, Y extends TSchema, F extends TSchema>(list: (description: string) => L, year: Y, flag: F) => ({
  q,
  region,
  year: Type.Optional(year),
  tag,
  topic,
  airport,
  any_tags: Type.Optional(list('At least one of these tags')),
  any_topics: Type.Optional(list('At least one of these topics')),
  any_airports: Type.Optional(list('At least one of these airports')),
  any_regions: Type.Optional(list('Any of these regions')),
  exclude_tags: Type.Optional(list('None of these tags')),
  include_archived: Type.Optional(flag),
  ...PageQuery(30, 100),
});

const commaList = (description: string) => CommaList(description);
const arrayList = (description: string) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { maxItems: MAX_LIST_ITEMS, description });

const yearDescription = 'Four-digit year of the edition publish date';
const flagDescription = '1 (or true) also returns articles of archived (older imported) editions';
const SearchQuery = Type.Object(
  searchParams(
    commaList,
    Type.String({ pattern: '^[0-9]{4}$', description: yearDescription }),
    Type.Union([Type.Literal('1'), Type.Literal('0'), Type.Literal('true'), Type.Literal('false')], { description: flagDescription }),
  ),
);
const SearchBody = Type.Object(
  searchParams(
    arrayList,
    Type.Integer({ minimum: 1000, maximum: 9999, description: yearDescription }),
    Type.Union([Type.Boolean(), Type.Literal(1), Type.Literal(0), Type.Literal('1'), Type.Literal('0')], { description: flagDescription }),
  ),
  { additionalProperties: false },
);

/** Either form, as its schema validated it. */
type SearchInput = Static<typeof SearchQuery> | Static<typeof SearchBody>;

/** A list in either form (`a,b` or `['a', 'b']`), trimmed; `undefined` when nothing is left. */
const listOf = (value: string | string[] | undefined): string[] | undefined => {
  if (value === undefined) return undefined;
  const items = (Array.isArray(value) ? value : value.split(',')).map((v) => v.trim()).filter(Boolean);
  return items.length ? items : undefined;
};

/** Either form as the domain's search: lists as arrays, the year as a number, the flag as a boolean. */
const toSearch = (input: SearchInput): ArticleSearchInput => ({
  q: input.q,
  region: input.region,
  year: input.year ? Number(input.year) : undefined,
  tag: input.tag,
  topic: input.topic,
  airport: input.airport,
  any_tags: listOf(input.any_tags),
  any_topics: listOf(input.any_topics),
  any_airports: listOf(input.any_airports),
  any_regions: listOf(input.any_regions),
  exclude_tags: listOf(input.exclude_tags),
  include_archived: [true, 1, '1', 'true'].includes(input.include_archived as never),
});

export default async function searchRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/search', {
    config: { gates: searchArticles.gates },
    schema: {
      operationId: 'apiV1SearchGet', summary: 'Search the article archive (query string)', tags,
      querystring: SearchQuery,
      response: { 200: PagedEnvelope(Article) },
    },
  }, async (req) => {
    const { page, limit } = req.query;
    const result = await searchArticles(ctxOf(req), toSearch(req.query), pageWindow(page, limit));
    return paged(result.items.map(presentArticle), page, limit, result.total);
  });

  r.post('/search', {
    config: { gates: searchArticles.gates },
    schema: {
      operationId: 'apiV1SearchPost', summary: 'Search the article archive (JSON body, lists as arrays)', tags,
      body: component('ApiV1SearchRequest', SearchBody),
      response: { 200: PagedEnvelope(Article) },
    },
  }, async (req) => {
    const { page, limit } = req.body;
    const result = await searchArticles(ctxOf(req), toSearch(req.body), pageWindow(page, limit));
    return paged(result.items.map(presentArticle), page, limit, result.total);
  });
}
