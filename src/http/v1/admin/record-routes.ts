/**
 * The routes every record an editor keeps has in common on `/v1/admin`, declared once: for a
 * collection (`articles`, `editions`, `projects`, `tenders`, `calendar`, `companies`) its create,
 * read, update and delete and, when given, its list in any state ({@link recordRoutes}); for a
 * record with links (projects, tenders) the three replace-the-set writes and the read of the links
 * ({@link linkRoutes}). Each handler reads the input, calls ONE
 * ctx-first domain operation and presents the result, as every route does (src/http/README.md):
 * - GET of the collection answers `{ <name>: [...] }`, paged with `limit` (default 50) and `offset`;
 * - POST answers 201 with the record as stored and `Location`, the URL of its GET (../../respond.ts);
 * - GET answers the record in any state, its `ETag` the record's `version`;
 * - PATCH changes the fields sent; `If-Match` (the `version` it was edited from)
 *   makes a stale write a 409 (docs/decisions/0050);
 * - DELETE answers 200 with the record as it was (audit and undo; docs/decisions/0040).
 * Writes may answer 409 (a stale version, a name taken, a race); the scope's other answers come
 * from ../../route-defaults.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static, TObject, TSchema } from 'typebox';
import type { Ctx } from '../../../domain/context.js';
import type { IfMatch } from '../../../domain/admin/preconditions.js';
import type { Page, Window } from '../../../domain/pagination.js';
import { created, deletedAnswer } from '../../respond.js';
import { ctxOf } from '../../types.js';
import { namedListRoute, UuidParam } from '../named.js';
import { problemResponses } from '../problem.js';
import { IfMatchHeaders, ifMatchOf, withETag } from './preconditions.js';
import { v1AdminUrl } from './records.js';

/** An operation's documentation: its literal `v1Admin…` operationId, summary and description. */
export type RouteDoc = readonly [operationId: string, summary: string, description: string];

type Typed = FastifyInstance | ReturnType<FastifyInstance['withTypeProvider']>;

/** What the description of every replace-the-set write says of its items. */
export const SETS = 'Items are strings (an id, a code, a slug or a name) or the objects the links read returns, so a read can be written back unchanged.';

const doc = ([operationId, summary, description]: RouteDoc, tags: string[]) => ({ operationId, summary, tags, description });
const writeErrors = problemResponses(409);

/**
 * What the routes of a collection share: their tags, the name of the id parameter (`what`:
 * "Project" gives "Project id (UUID)"), the answer's schema (`record`) and the presenter that
 * turns the operations' view into it.
 */
interface Presented<View, Out> {
  tags: string[];
  what: string;
  record: TSchema;
  present: (view: View) => Out;
}

/**
 * Registers `POST /<collection>`, `GET`, `PATCH` and `DELETE /<collection>/{id}` of a record, and
 * with `list` the `GET /<collection>` of the records in any state.
 */
export function recordRoutes<View, Rec extends { id: string; version: string }, C extends TSchema, P extends TSchema, L extends TObject = TObject>(
  app: Typed,
  collection: string,
  spec: Presented<View, Rec> & {
    /** The collection's list: the answer's array `name`, its filter parameters and operation. */
    list?: { doc: RouteDoc; name: string; filter: L; run: (ctx: Ctx, filter: Static<L>, window: Window) => Promise<View[] | Page<View>> };
    create: { doc: RouteDoc; body: C; run: (ctx: Ctx, body: Static<C>) => Promise<View> };
    read: { doc: RouteDoc; run: (ctx: Ctx, id: string) => Promise<View> };
    update: { doc: RouteDoc; body: P; run: (ctx: Ctx, id: string, body: Static<P>, options: { ifMatch?: IfMatch }) => Promise<View> };
    remove: { doc: RouteDoc; run: (ctx: Ctx, id: string) => Promise<View> };
  },
): void {
  const r = (app as FastifyInstance).withTypeProvider<TypeBoxTypeProvider>();
  const { tags, record, present } = spec;
  const params = UuidParam(spec.what);

  if (spec.list) {
    const { doc: listDoc, name, filter, run } = spec.list;
    namedListRoute(r, `/${collection}`, { ...doc(listDoc, tags), name, item: record, filter, defaultLimit: 50, list: run, present });
  }

  r.post(`/${collection}`, {
    schema: { ...doc(spec.create.doc, tags), body: spec.create.body, response: { 201: record, ...writeErrors } },
  }, async (req, reply) => {
    const rec = present(await spec.create.run(ctxOf(req), req.body as Static<C>));
    return created(reply, rec, v1AdminUrl(collection, rec.id));
  });

  r.get(`/${collection}/:id`, {
    schema: { ...doc(spec.read.doc, tags), params, response: { 200: record } },
  }, async (req, reply) => withETag(reply, present(await spec.read.run(ctxOf(req), req.params.id))));

  r.patch(`/${collection}/:id`, {
    schema: { ...doc(spec.update.doc, tags), params, headers: IfMatchHeaders, body: spec.update.body, response: { 200: record, ...writeErrors } },
  }, async (req, reply) => withETag(reply, present(await spec.update.run(ctxOf(req), req.params.id, req.body as Static<P>, { ifMatch: ifMatchOf(req.headers['if-match']) }))));

  r.delete(`/${collection}/:id`, {
    schema: { ...doc(spec.remove.doc, tags), params, response: { ...deletedAnswer(record), ...writeErrors } },
  }, async (req) => present(await spec.remove.run(ctxOf(req), req.params.id)));
}

/** One replace-the-set write of a record's links: its documentation, body schema and operation. */
interface LinkWrite<Links, B extends TSchema> {
  doc: RouteDoc;
  body: B;
  run: (ctx: Ctx, id: string, body: Static<B>) => Promise<Links>;
}

/**
 * Registers `PUT /<collection>/{id}/airports`, `…/companies`, `…/terms` and `GET …/links`: each
 * write replaces one set and answers every link as stored, in the shape the writes accept back
 * (docs/decisions/0041).
 */
export function linkRoutes<Links, Out, A extends TSchema, C extends TSchema, T extends TSchema>(
  app: Typed,
  collection: string,
  spec: Presented<Links, Out> & {
    airports: LinkWrite<Links, A>;
    companies: LinkWrite<Links, C>;
    terms: LinkWrite<Links, T>;
    read: { doc: RouteDoc; run: (ctx: Ctx, id: string) => Promise<Links> };
  },
): void {
  const r = (app as FastifyInstance).withTypeProvider<TypeBoxTypeProvider>();
  const params = UuidParam(spec.what);
  for (const set of ['airports', 'companies', 'terms'] as const) {
    const write = spec[set] as LinkWrite<Links, TSchema>;
    r.put(`/${collection}/:id/${set}`, {
      schema: { ...doc(write.doc, spec.tags), params, body: write.body, response: { 200: spec.record, ...writeErrors } },
    }, async (req) => spec.present(await write.run(ctxOf(req), req.params.id, req.body as never)));
  }
  r.get(`/${collection}/:id/links`, {
    schema: { ...doc(spec.read.doc, spec.tags), params, response: { 200: spec.record } },
  }, async (req) => spec.present(await spec.read.run(ctxOf(req), req.params.id)));
}
