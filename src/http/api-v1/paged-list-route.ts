/**
 * The paged list of the `/api/v1` dialect, declared once: `{ data: [...], meta: { page, limit,
 * total, … } }` with `page`/`limit` paging (seed 000).
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static, type TObject, type TSchema } from 'typebox';
import type { Ctx } from '../../domain/context.js';
import type { Feature } from '../../domain/entitlements.js';
import { pageWindow, type Page, type Window } from '../../domain/pagination.js';
import type { OperationDoc } from '../schema.js';
import { ctxOf } from '../types.js';
import { PagedEnvelope, PageQuery, paged } from './schemas.js';

/**
 * Registers the `GET` of a paged list: the query is `filter`'s parameters plus `page` and `limit`
 * (default `defaultLimit`, at most `maxLimit`); the route carries the operation's `gates`; the
 * handler calls ONE domain operation, `list(ctx, filter, window)`, and answers one page of
 * `present(item)` with its `meta`.
 */
export function pagedListRoute<F extends TObject, Row, Out>(
  app: FastifyInstance,
  url: string,
  spec: OperationDoc & {
    filter: F;
    item: TSchema;
    defaultLimit: number;
    maxLimit: number;
    gates?: readonly Feature[];
    list: (ctx: Ctx, filter: Static<F>, window: Window) => Promise<Page<Row>>;
    present: (row: Row) => Out;
  },
): void {
  const { filter, item, defaultLimit, maxLimit, gates, list, present, ...doc } = spec;
  app.get(url, {
    ...(gates ? { config: { gates } } : {}),
    schema: { ...doc, querystring: Type.Object({ ...filter.properties, ...PageQuery(defaultLimit, maxLimit) }), response: { 200: PagedEnvelope(item) } },
  }, async (req) => {
    const { page, limit, ...rest } = req.query as Static<F> & { page: number; limit: number };
    const result = await list(ctxOf(req), rest as Static<F>, pageWindow(page, limit));
    return paged(result.items.map(present), page, limit, result.total);
  });
}
