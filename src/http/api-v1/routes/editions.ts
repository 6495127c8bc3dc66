/**
 * /api/v1 editions (seed 000, section 4):
 * | GET | /editions          | page (default 1), limit (default 20, max 50) | published editions, newest first |
 * | GET | /editions/latest   |                                               | latest published edition + articles |
 * | GET | /editions/:number  |                                               | that edition + articles |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { getEditionByNumber, getLatestEdition, listPublishedEditions, type EditionWithArticles as Full } from '../../../domain/editions/index.js';
import { Int4Id } from '../../../domain/shared/input-schema.js';
import { pagedListRoute } from '../paged-list-route.js';
import { ctxOf } from '../../types.js';
import { presentArticle } from '../records/article.js';
import { Edition, EditionWithArticles, presentEdition } from '../records/edition.js';
import { Envelope } from '../schemas.js';

const tags = ['Editions'];
const full = (e: Full) => ({ data: { ...presentEdition(e), articles: e.articles.map(presentArticle) } });

export default async function editionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  pagedListRoute(r, '/editions', {
    operationId: 'apiV1ListEditions', summary: 'List published editions, newest first', tags,
    filter: Type.Object({}), item: Edition, defaultLimit: 20, maxLimit: 50,
    list: (ctx, _none, w) => listPublishedEditions(ctx, w), present: presentEdition,
  });

  r.get('/editions/latest', {
    schema: {
      operationId: 'apiV1GetLatestEdition', summary: 'The most recent published edition with all its articles', tags,
      response: { 200: Envelope(EditionWithArticles) },
    },
  }, async (req) => full(await getLatestEdition(ctxOf(req))));

  r.get('/editions/:number', {
    schema: {
      operationId: 'apiV1GetEdition', summary: 'One edition by issue number, with its articles and executive summary', tags,
      params: Type.Object({ number: Int4Id('Issue number') }),
      response: { 200: Envelope(EditionWithArticles) },
    },
  }, async (req) => full(await getEditionByNumber(ctxOf(req), req.params.number)));
}
