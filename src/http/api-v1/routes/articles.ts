/**
 * /api/v1 articles (seed 000, section 4):
 * | GET | /articles     | q, region, country, tag, topic, airport, edition, page, limit (default 20, max 100) |
 * | GET | /articles/:id | one article (UUID)                                                                 |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { getArticle, searchArticles, type ArticleFilter } from '../../../domain/articles/index.js';
import { pageWindow } from '../../../domain/pagination.js';
import { ctxOf } from '../../types.js';
import { Article, presentArticle } from '../records/article.js';
import { Envelope, errorResponses, PagedEnvelope, PageQuery, paged } from '../schemas.js';

const tags = ['Articles'];
const security = [{ bearerAuth: [] }];
const text = (description: string) => Type.Optional(Type.String({ minLength: 1, maxLength: 500, description }));

/** The list's parameters (names and single values of this edition) as the engine's filter. */
const toFilter = (q: { q?: string; region?: string; country?: string; tag?: string; topic?: string; airport?: string; edition?: number }): ArticleFilter => ({
  q: q.q,
  regionContains: q.region,
  countryContains: q.country,
  allTags: q.tag ? [q.tag] : undefined,
  allTopics: q.topic ? [q.topic] : undefined,
  allAirports: q.airport ? [q.airport] : undefined,
  editionNumber: q.edition,
});

export default async function articleRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/articles', {
    schema: {
      operationId: 'apiV1ListArticles', summary: 'List articles of published editions, newest first', tags, security,
      querystring: Type.Object({
        q: text('Full-text query, web-search syntax: "quoted phrase", OR, -exclusion'),
        region: text('Region name contains this (case-insensitive), e.g. "middle"'),
        country: text('Country name contains this, or equals an ISO 3166-1 alpha-2 code'),
        tag: text('One tag (name or slug) the article must carry'),
        topic: text('One topic (name or slug) the article must carry'),
        airport: text('One airport the article must mention: IATA code or part of the name'),
        edition: Type.Optional(Type.Integer({ minimum: 1, description: 'Edition (issue) number' })),
        ...PageQuery(20, 100),
      }),
      response: { 200: PagedEnvelope(Article), ...errorResponses },
    },
  }, async (req) => {
    const { page, limit, ...filters } = req.query;
    const result = await searchArticles(ctxOf(req), toFilter(filters), pageWindow(page, limit));
    return paged(result.items.map(presentArticle), page, limit, result.total);
  });

  r.get('/articles/:id', {
    schema: {
      operationId: 'apiV1GetArticle', summary: 'One article with takeaways, why it matters and source', tags, security,
      params: Type.Object({ id: Type.String({ format: 'uuid', description: 'Article id (UUID)' }) }),
      response: { 200: Envelope(Article), ...errorResponses },
    },
  }, async (req) => ({ data: presentArticle(await getArticle(ctxOf(req), req.params.id)) }));
}
