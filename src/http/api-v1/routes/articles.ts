/**
 * /api/v1 articles (seed 000, section 4). The list, a filtered query across editions, is an archive
 * query: `archive`, a trial preview sees the latest published edition; one article by id is open
 * like /v1/articles/{id} (docs/entitlements.md):
 * | GET | /articles     | q, region, country, tag, topic, airport, edition, page, limit (default 20, max 100) |
 * | GET | /articles/:id | one article (UUID)                                                                 |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ArticleListFilter, getArticle, listArticles } from '../../../domain/articles/index.js';
import { pageWindow } from '../../../domain/pagination.js';
import { ctxOf } from '../../types.js';
import { Article, presentArticle } from '../records/article.js';
import { Envelope, PagedEnvelope, PageQuery, paged } from '../schemas.js';

const tags = ['Articles'];

export default async function articleRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/articles', {
    config: { gates: listArticles.gates },
    schema: {
      operationId: 'apiV1ListArticles', summary: 'List articles of published editions, newest first', tags,
      querystring: Type.Object({ ...ArticleListFilter.properties, ...PageQuery(20, 100) }),
      response: { 200: PagedEnvelope(Article) },
    },
  }, async (req) => {
    const { page, limit, ...filters } = req.query;
    const result = await listArticles(ctxOf(req), filters, pageWindow(page, limit));
    return paged(result.items.map(presentArticle), page, limit, result.total);
  });

  r.get('/articles/:id', {
    schema: {
      operationId: 'apiV1GetArticle', summary: 'One article with takeaways, why it matters and source', tags,
      params: Type.Object({ id: Type.String({ format: 'uuid', maxLength: 36, description: 'Article id (UUID)' }) }),
      response: { 200: Envelope(Article) },
    },
  }, async (req) => ({ data: presentArticle(await getArticle(ctxOf(req), req.params.id)) }));
}
