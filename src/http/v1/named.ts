/**
 * The /v1 dialect: one named array per list (`{ editions: [...] }`), limit/offset paging (limit
 * at most 200), comma-separated plural parameters, `[]` for an empty collection, and facet
 * entries `{ value, label, count }`. Declared once, these schemas validate, type and document
 * every route of the edition.
 */
import type { FastifyContextConfig, FastifyInstance, FastifyReply } from 'fastify';
import { Type, type Static, type TObject, type TSchema } from 'typebox';
import type { Ctx } from '../../domain/context.js';
import type { Feature } from '../../domain/entitlements.js';
import { readAhead, type Page, type Window } from '../../domain/pagination.js';
import type { Facet as FacetValue } from '../../domain/shared/facets.js';
import { offsetLinks, setLinks } from '../links.js';
import { component, type OperationDoc } from '../schema.js';
import { ctxOf } from '../types.js';
import { MAX_FILTER_TEXT, MAX_OFFSET, OptionalCommaList } from '../../domain/shared/input-schema.js';

/** Largest `limit` of any list (above it: 422). */
export const MAX_LIMIT = 200;

/** `{ <name>: T[] }` */
export const Named = <K extends string, T extends TSchema>(name: K, item: T, description?: string) =>
  Type.Object({ [name]: Type.Array(item, description ? { description } : {}) } as { [P in K]: ReturnType<typeof Type.Array<T>> });

/**
 * One window of a list as `{ <name>: [...] }` (the seed's shape, no metadata) with its `Link`
 * header: `read` (one domain operation) is asked for a row more than `window.limit` to know whether
 * a next window exists (`rel="next"`); `first` and `prev` follow from the offset.
 */
export async function namedList<K extends string, Row, Out>(
  reply: FastifyReply,
  name: K,
  window: Window,
  read: (window: Window) => Promise<Row[] | Page<Row>>,
  present: (row: Row) => Out,
): Promise<{ [P in K]: Out[] }> {
  const slice = await readAhead({ limit: window.limit, offset: window.offset }, read);
  setLinks(reply, offsetLinks(window.limit, window.offset, slice.hasMore));
  return { [name]: slice.items.map(present) } as { [P in K]: Out[] };
}

/**
 * {@link namedList} of a read that answers more than its rows, `{ items, ...rest }`: the rows are
 * paged and presented as `{ <name>: [...] }` with the `Link` header, and `rest` (read with the
 * window, e.g. the notifications' `unread` count) joins the body.
 */
export async function namedListWith<K extends string, Row, Out, Rest extends object>(
  reply: FastifyReply,
  name: K,
  window: Window,
  read: (window: Window) => Promise<Rest & { items: Row[] }>,
  present: (row: Row) => Out,
): Promise<{ [P in K]: Out[] } & Omit<Rest, 'items'>> {
  let rest = {} as Omit<Rest, 'items'>;
  const list = await namedList(reply, name, window, async (w) => {
    const { items, ...others } = await read(w);
    rest = others;
    return items;
  }, present);
  return { ...rest, ...list };
}

/**
 * Registers the `GET` of a named, paged list, the most common route of the edition: the query is
 * `filter`'s parameters plus `limit` (1–200, default `defaultLimit`) and `offset`; the handler
 * calls ONE domain operation, `list(ctx, filter, window)`, and answers `{ <name>: present(row)[] }`
 * with its `Link` header ({@link namedList}). `config` carries the route's access and gates
 * (src/http/v1/access.ts); `errors` the error answers particular to it (the scope's own come from
 * src/http/route-defaults.ts).
 */
export function namedListRoute<K extends string, F extends TObject, Row, Out>(
  app: FastifyInstance,
  url: string,
  spec: OperationDoc & {
    name: K;
    item: TSchema;
    filter: F;
    defaultLimit: number;
    list: (ctx: Ctx, filter: Static<F>, window: Window) => Promise<Row[] | Page<Row>>;
    present: (row: Row) => Out;
    config?: FastifyContextConfig;
    errors?: Record<string, unknown>;
  },
): void {
  const { name, item, filter, defaultLimit, list, present, config, errors, ...doc } = spec;
  app.get(url, {
    ...(config ? { config } : {}),
    schema: { ...doc, querystring: Type.Object({ ...filter.properties, ...Paging(defaultLimit) }), response: { 200: Named(name, item), ...errors } },
  }, async (req, reply) => {
    const { limit, offset, ...rest } = req.query as Static<F> & { limit: number; offset: number };
    return namedList(reply, name, { limit, offset }, (w) => list(ctxOf(req), rest as Static<F>, w), present);
  });
}

/** `limit` (1–200, default `def`) and `offset` (default 0). */
export const Paging = (def: number) => ({
  limit: Type.Integer({ minimum: 1, maximum: MAX_LIMIT, format: 'int32', default: def, description: `Rows to return (default ${def}, max ${MAX_LIMIT}; above: 422)` }),
  offset: Type.Integer({ minimum: 0, maximum: MAX_OFFSET, format: 'int32', default: 0, description: `Rows to skip (default 0, at most ${MAX_OFFSET})` }),
});

/** An optional free-text parameter. */
export const text = (description: string) => Type.Optional(Type.String({ minLength: 1, maxLength: MAX_FILTER_TEXT, description }));

/** An optional comma-separated list parameter. */
export const commaList = OptionalCommaList;

/** An optional boolean flag (`true` or `false`). */
export const flag = (description: string, def?: boolean) =>
  Type.Optional(Type.Boolean({ description, ...(def === undefined ? {} : { default: def }) }));

/** `a,b, c` → `['a', 'b', 'c']`; `undefined` when nothing is left. */
export function splitList(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const items = value.split(',').map((v) => v.trim()).filter(Boolean);
  return items.length ? items : undefined;
}

/** A facet entry. */
export const Facet = component('V1Facet', Type.Object(
  {
    value: Type.String({ description: 'What the list parameter takes (slug, code, status, year)' }),
    label: Type.String({ description: 'How to show it' }),
    count: Type.Integer({ minimum: 0, description: 'Matching records that carry it' }),
  },
  { title: 'Facet' },
));

/** An object of named facet arrays. */
export const Facets = <K extends string>(names: readonly K[]) =>
  Type.Object(Object.fromEntries(names.map((n) => [n, Type.Array(Facet)])) as { [P in K]: ReturnType<typeof Type.Array<typeof Facet>> });

export type { FacetValue };

/** A path parameter holding a UUID. */
export const UuidParam = (what: string) => Type.Object({ id: Type.String({ format: 'uuid', maxLength: 36, description: `${what} id (UUID)` }) });


/**
 * Registers the `GET` of a list's facets: the query is the list's filters (`querystring`), the
 * answer `{ <name>: [{ value, label, count }] }` for each of `names`, from ONE domain operation
 * `run(ctx, query)` that carries the list's gates.
 */
export function facetsRoute<K extends string, Q extends TObject>(
  app: FastifyInstance,
  url: string,
  spec: OperationDoc & { names: readonly K[]; querystring: Q; gates: readonly Feature[]; run: (ctx: Ctx, query: Static<Q>) => Promise<unknown> },
): void {
  const { names, querystring, gates, run, ...doc } = spec;
  app.get(url, {
    config: { gates },
    schema: { ...doc, querystring, response: { 200: Facets(names) } },
  }, async (req) => run(ctxOf(req), req.query as Static<Q>));
}
