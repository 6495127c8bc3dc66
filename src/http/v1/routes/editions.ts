/**
 * /v1 publication (seed 001, section 4):
 * | GET | /v1/editions               | { editions }, newest first; limit (20), offset                         |
 * | GET | /v1/editions/{id}          | one edition                                                            |
 * | GET | /v1/editions/by-number/{number} | one edition by issue number (the web app's /editions/{number})    |
 * | GET | /v1/editions/{id}/articles | { articles } of the edition, in edition order; limit (50), offset      |
 * | GET | /v1/articles/{id}          | one article                                                            |
 * | GET | /v1/articles/{id}/related  | { articles }: shared topics, airports, tags, place; limit (4)          |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { getReaderArticle, listRelatedArticles } from '../../../domain/articles/index.js';
import { getEdition, getEditionOfNumber, listEditionArticles, listPublishedEditions } from '../../../domain/editions/index.js';
import { ctxOf } from '../../types.js';
import { Named, namedList, Paging, UuidParam } from '../named.js';
import { Int4Id } from '../../../domain/shared/input-schema.js';
import { problemResponses } from '../problem.js';
import { Article, presentArticle } from '../records/article.js';
import { Edition, presentEdition } from '../records/edition.js';

const errors = problemResponses(404);

export default async function editionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/editions', {
    schema: {
      operationId: 'v1ListEditions', summary: 'Published editions, newest first', tags: ['Publication'],
      querystring: Type.Object(Paging(20)),
      response: { 200: Named('editions', Edition), ...errors },
    },
  }, async (req, reply) => namedList(reply, 'editions', req.query, (w) => listPublishedEditions(ctxOf(req), w), presentEdition));

  r.get('/editions/:id', {
    schema: {
      operationId: 'v1GetEdition', summary: 'One edition (published or archived; drafts for admins)', tags: ['Publication'],
      params: UuidParam('Edition'),
      response: { 200: Edition, ...errors },
    },
  }, async (req) => presentEdition(await getEdition(ctxOf(req), req.params.id)));

  r.get('/editions/by-number/:number', {
    schema: {
      operationId: 'v1GetEditionByNumber', summary: 'One edition by issue number (published or archived; drafts for admins)', tags: ['Publication'],
      description: 'The same record as `GET /v1/editions/{id}`, found by its issue number (what the reader sees, and what the web app\'s `/editions/{number}` page names). Its articles: `GET /v1/editions/{id}/articles`.',
      params: Type.Object({ number: Int4Id('Issue number, e.g. 96') }),
      response: { 200: Edition, ...errors },
    },
  }, async (req) => presentEdition(await getEditionOfNumber(ctxOf(req), req.params.number)));

  r.get('/editions/:id/articles', {
    schema: {
      operationId: 'v1ListEditionArticles', summary: "The edition's articles, in edition order", tags: ['Publication'],
      params: UuidParam('Edition'),
      querystring: Type.Object(Paging(50)),
      response: { 200: Named('articles', Article), ...errors },
    },
  }, async (req, reply) => namedList(reply, 'articles', req.query, (w) => listEditionArticles(ctxOf(req), req.params.id, w), presentArticle));

  r.get('/articles/:id', {
    schema: {
      operationId: 'v1GetArticle', summary: 'One article', tags: ['Publication'],
      params: UuidParam('Article'),
      response: { 200: Article, ...errors },
    },
  }, async (req) => presentArticle(await getReaderArticle(ctxOf(req), req.params.id)));

  r.get('/articles/:id/related', {
    schema: {
      operationId: 'v1ListRelatedArticles', summary: 'Articles sharing topics, airports, tags and place, best first', tags: ['Publication'],
      description: 'Score: 3 per shared airport, 2 per shared topic or tag, 1 for the same country, 1 for the same region. An article with no topic, tag or airport links has no related articles (`[]`).',
      params: UuidParam('Article'),
      querystring: Type.Object({ limit: Paging(4).limit }),
      response: { 200: Named('articles', Article), ...errors },
    },
  }, async (req) => ({ articles: (await listRelatedArticles(ctxOf(req), req.params.id, req.query.limit)).map(presentArticle) }));
}
