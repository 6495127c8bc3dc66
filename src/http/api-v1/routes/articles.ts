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
import { pagedListRoute } from '../paged-list-route.js';
import { ctxOf } from '../../types.js';
import { Article, presentArticle } from '../records/article.js';
import { Envelope } from '../schemas.js';

const tags = ['Articles'];

export default async function articleRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  pagedListRoute(r, '/articles', {
    operationId: 'apiV1ListArticles', summary: 'List articles of published editions, newest first', tags,
    filter: ArticleListFilter, item: Article, defaultLimit: 20, maxLimit: 100, gates: listArticles.gates,
    list: listArticles, present: presentArticle,
  });

  r.get('/articles/:id', {
    schema: {
      operationId: 'apiV1GetArticle', summary: 'One article with takeaways, why it matters and source', tags,
      params: Type.Object({ id: Type.String({ format: 'uuid', maxLength: 36, description: 'Article id (UUID)' }) }),
      response: { 200: Envelope(Article) },
    },
  }, async (req) => ({ data: presentArticle(await getArticle(ctxOf(req), req.params.id)) }));
}
