/**
 * A filtered collection of /v1 (projects, tenders): its list `GET /v1/<collection>`, the facets of
 * what the list matches `GET /v1/<collection>/facets` and its CSV export
 * `GET /v1/<collection>/export` take ONE set of filter parameters. They are declared in the
 * entity's domain schemas (`params`, which alert rules validate with too) plus `updated_since`, and
 * turned into the domain's filter once (`toFilter`); the list adds `sort`, `limit` and `offset`.
 * Each route calls ONE gated domain operation and carries its `gates` (a refusal comes before
 * validation and the quota).
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static, type TObject, type TProperties, type TSchema } from 'typebox';
import type { Ctx } from '../../domain/context.js';
import type { CsvExport } from '../../domain/csv-export.js';
import type { Gated } from '../../domain/entitlements.js';
import type { Page, Window } from '../../domain/pagination.js';
import { UpdatedSince } from '../../domain/shared/input-schema.js';
import { csvExportRoute } from '../csv.js';
import { StringEnum, type OperationDoc } from '../schema.js';
import { facetsRoute, namedListRoute } from './named.js';

/** What one of the three routes documents; the tags are the collection's. */
type Doc = Omit<OperationDoc, 'tags'>;

/**
 * Registers the list, facets and export of `collection` (`projects` gives `/projects`,
 * `/projects/facets` and `/projects/export`, the file `projects-YYYY-MM-DD.csv`, and the list's
 * array `projects`).
 * - `params` and `toFilter`: the filter parameters and their domain filter; `updated_since`
 *   becomes the filter's `updatedSince`.
 * - `sort`: the list's orders, its default and what the parameter says.
 * - `list`: the list's row schema (`item`), presenter and operation `run(ctx, filter, sort, window)`.
 * - `facets`: the facet names answered and the operation `run(ctx, filter)`.
 * - `export`: the operation `run(ctx, filter, columns)` with its `columns`.
 */
export function collectionRoutes<K extends string, P extends TProperties, F, S extends string, Row, Out, N extends string, C>(
  app: FastifyInstance,
  collection: K,
  spec: {
    tags: string[];
    params: P;
    toFilter: (params: Static<TObject<P>>) => F;
    sort: { values: readonly S[]; default: S; description: string };
    list: Doc & { item: TSchema; present: (row: Row) => Out; run: Gated<(ctx: Ctx, filter: F & { updatedSince?: string }, sort: S, window: Window) => Promise<Page<Row>>> };
    facets: Doc & { names: readonly N[]; run: Gated<(ctx: Ctx, filter: F & { updatedSince?: string }) => Promise<unknown>> };
    export: Doc & { columns: C; run: Gated<(ctx: Ctx, filter: F & { updatedSince?: string }, columns: C) => Promise<CsvExport>> };
  },
): void {
  const { tags, list, facets } = spec;
  const Filters = Type.Object({ ...spec.params, updated_since: UpdatedSince });
  type Query = Static<TObject<P>> & { updated_since?: string };
  const toFilter = ({ updated_since, ...rest }: Query) => ({ ...spec.toFilter(rest as Static<TObject<P>>), updatedSince: updated_since });
  const sort = Type.Optional(StringEnum(spec.sort.values, { description: spec.sort.description, default: spec.sort.default }));

  namedListRoute(app, `/${collection}`, {
    operationId: list.operationId, summary: list.summary, tags, description: list.description,
    name: collection, item: list.item, defaultLimit: 50, config: { gates: list.run.gates },
    filter: Type.Object({ ...Filters.properties, sort }),
    list: (ctx, query, w) => {
      const { sort: order, ...rest } = query as Query & { sort?: S };
      return list.run(ctx, toFilter(rest as Query), order ?? spec.sort.default, w);
    },
    present: list.present,
  });

  facetsRoute(app, `/${collection}/facets`, {
    operationId: facets.operationId, summary: facets.summary, tags, ...(facets.description ? { description: facets.description } : {}),
    names: facets.names, querystring: Filters, gates: facets.run.gates, run: (ctx, q) => facets.run(ctx, toFilter(q as Query)),
  });

  csvExportRoute(app, `/${collection}/export`, {
    operationId: spec.export.operationId, summary: spec.export.summary, tags, ...(spec.export.description ? { description: spec.export.description } : {}),
    querystring: Filters, file: collection, gates: spec.export.run.gates,
    run: (ctx, q) => spec.export.run(ctx, toFilter(q as Query), spec.export.columns),
  });
}
