/**
 * /api/v1 search (seed 000, section 4): GET with a query string (lists comma-separated) and POST
 * with the same parameters as a JSON body (lists as arrays). One engine with /v1/search.
 * q, region, year, tag, topic, airport, any_tags, any_topics, any_airports, any_regions,
 * exclude_tags, include_archived, page, limit (default 30, max 100).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static, type TSchema } from 'typebox';
import { searchArticles } from '../../../domain/articles/index.js';
import { pageWindow } from '../../../domain/pagination.js';
import { ctxOf } from '../../types.js';
import { Article, presentArticle } from '../records/article.js';
import { errorResponses, PagedEnvelope, PageQuery, paged } from '../schemas.js';

const tags = ['Search'];
const security = [{ bearerAuth: [] }];
const text = (description: string) => Type.Optional(Type.String({ minLength: 1, maxLength: 500, description }));

/**
 * Parameters shared by both forms; `list` is how a list-valued parameter is written in that form,
 * `year` and `flag` how a year and the include_archived flag are.
 */
const searchParams = <L extends TSchema, Y extends TSchema, F extends TSchema>(list: (description: string) => L, year: Y, flag: F) => ({
  q: text('Keyword query, web-search syntax: "quoted phrase", OR, -exclusion'),
  region: text('Exact region name (or slug), e.g. "Europe"'),
  year: Type.Optional(year),
  tag: text('One required tag (name or slug)'),
  topic: text('One required topic (name or slug)'),
  airport: text('One required airport: IATA code or airport name'),
  any_tags: Type.Optional(list('At least one of these tags')),
  any_topics: Type.Optional(list('At least one of these topics')),
  any_airports: Type.Optional(list('At least one of these airports')),
  any_regions: Type.Optional(list('Any of these regions')),
  exclude_tags: Type.Optional(list('None of these tags')),
  include_archived: Type.Optional(flag),
  ...PageQuery(30, 100),
});

const commaList = (description: string) => Type.String({ minLength: 1, maxLength: 2000, description: `${description}; comma-separated` });
const arrayList = (description: string) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { maxItems: 50, description });

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

const listOf = (value: string | string[] | undefined): string[] | undefined => {
  if (value === undefined) return undefined;
  const items = (Array.isArray(value) ? value : value.split(',')).map((v) => v.trim()).filter(Boolean);
  return items.length ? items : undefined;
};

export default async function searchRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  const run = async (req: Parameters<typeof ctxOf>[0], input: SearchInput) => {
    const result = await searchArticles(
      ctxOf(req),
      {
        q: input.q,
        region: input.region,
        anyRegions: listOf(input.any_regions),
        year: input.year ? Number(input.year) : undefined,
        allTags: input.tag ? [input.tag] : undefined,
        allTopics: input.topic ? [input.topic] : undefined,
        allAirports: input.airport ? [input.airport] : undefined,
        anyTags: listOf(input.any_tags),
        anyTopics: listOf(input.any_topics),
        anyAirports: listOf(input.any_airports),
        excludeTags: listOf(input.exclude_tags),
      },
      pageWindow(input.page, input.limit),
      { includeArchived: [true, 1, '1', 'true'].includes(input.include_archived as never) },
    );
    return paged(result.items.map(presentArticle), input.page, input.limit, result.total);
  };

  r.get('/search', {
    schema: {
      operationId: 'apiV1SearchGet', summary: 'Search the article archive (query string)', tags, security,
      querystring: SearchQuery,
      response: { 200: PagedEnvelope(Article), ...errorResponses },
    },
  }, (req) => run(req, req.query));

  r.post('/search', {
    schema: {
      operationId: 'apiV1SearchPost', summary: 'Search the article archive (JSON body, lists as arrays)', tags, security,
      body: SearchBody,
      response: { 200: PagedEnvelope(Article), ...errorResponses },
    },
  }, (req) => run(req, req.body));
}
