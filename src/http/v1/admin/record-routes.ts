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
import { AirportSet, TermSet, type AirportSetInput, type TermSetInput } from '../../../domain/shared/link-refs.js';
import { created, deletedAnswer } from '../../respond.js';
import { component } from '../../schema.js';
import { ctxOf } from '../../types.js';
import { namedListRoute, UuidParam } from '../named.js';
import { problemResponses } from '../problem.js';
import { IfMatchHeaders, ifMatchOf, withETag } from './preconditions.js';
import { airportSetExample, termSetExample } from './examples.js';
import { v1AdminUrl } from './records.js';

/** An operation's documentation: its literal `v1Admin…` operationId, summary and description. */
export type RouteDoc = readonly [operationId: string, summary: string, description: string];

type Typed = FastifyInstance | ReturnType<FastifyInstance['withTypeProvider']>;

/** What the description of every replace-the-set write says of its items. */
const SETS = 'Items are strings (an id, a code, a slug or a name) or the objects the links read returns, so a read can be written back unchanged.';

const doc = ([operationId, summary, description]: RouteDoc, tags: string[]) => ({ operationId, summary, tags, description });
const writeErrors = problemResponses(409);

/**
 * What the routes of a collection share: their tags, the name of the id parameter (`what`:
 * "Project" gives "Project id (UUID)"), the answer's schema (`record`) and the presenter that
 * turns the operations' view into it.
 */
interface Presented<View, Out> {
  /** The OpenAPI tags; `Admin: <collection>` when left out. */
  tags?: string[];
  what: string;
  record: TSchema;
  present: (view: View) => Out;
}

/**
 * Registers `POST /<collection>`, `GET`, `PATCH` and `DELETE /<collection>/{id}` of a record,
 * with `list` the `GET /<collection>` of the records in any state, and with `links` the routes of
 * its links ({@link linkRoutes}).
 */
export function recordRoutes<View, Rec extends { id: string; version: string }, C extends TSchema, P extends TSchema, L extends TObject = TObject, Links = unknown, LinksOut = unknown, CS extends TSchema = TSchema>(
  app: Typed,
  collection: string,
  spec: Presented<View, Rec> & {
    /** The collection's list: the answer's array `name`, its filter parameters and operation. */
    list?: { doc: RouteDoc; name: string; filter: L; run: (ctx: Ctx, filter: Static<L>, window: Window) => Promise<View[] | Page<View>> };
    create: { doc: RouteDoc; body: C; run: (ctx: Ctx, body: Static<C>) => Promise<View> };
    read: { doc: RouteDoc; run: (ctx: Ctx, id: string) => Promise<View> };
    update: { doc: RouteDoc; body: P; run: (ctx: Ctx, id: string, body: Static<P>, options: { ifMatch?: IfMatch }) => Promise<View> };
    remove: { doc: RouteDoc; run: (ctx: Ctx, id: string) => Promise<View> };
    /** The record's links (projects, tenders): the record that answers them and their writes. */
    links?: LinkSpec<Links, LinksOut, CS>;
  },
): void {
  const r = (app as FastifyInstance).withTypeProvider<TypeBoxTypeProvider>();
  const { record, present } = spec;
  const tags = spec.tags ?? [`Admin: ${collection}`];
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

  if (spec.links) linkRoutes(r, collection, spec.what, tags, spec.links);
}

/** One replace-the-set write of a record's links: its body schema and operation. */
interface LinkWrite<Links, B extends TSchema> {
  body: B;
  run: (ctx: Ctx, id: string, body: Static<B>) => Promise<Links>;
}
/** An operation that replaces one set of a record's links with `body` and answers every link. */
type SetLinks<Links, Body> = (ctx: Ctx, id: string, body: Body) => Promise<Links>;

/** The body of every airports write: ids, IATA codes or names, or the objects the links read returns. */
const AirportSetBody = component('V1AdminAirportSet', AirportSet, airportSetExample);
/** The body of every terms write: topics and tags. */
const TermSetBody = component('V1AdminTermSet', TermSet, termSetExample);

/**
 * A record's links: the record that answers every link read and write (`record`, presented by
 * `present`), what the main airport fills in (`mainAirportSets`), the operations that replace each
 * set, the companies' body with how its items are written (`items`), whether the topics are the
 * record's categories, and the read of the links.
 */
interface LinkSpec<Links, Out, C extends TSchema> {
  record: TSchema;
  present: (links: Links) => Out;
  mainAirportSets: string;
  airports: SetLinks<Links, AirportSetInput>;
  companies: LinkWrite<Links, C> & { items: string };
  terms: SetLinks<Links, TermSetInput>;
  categories?: boolean;
  read: (ctx: Ctx, id: string) => Promise<Links>;
}

/**
 * Registers `PUT /<collection>/{id}/airports`, `…/companies`, `…/terms` and `GET …/links`: each
 * write replaces one set and answers every link as stored, in the shape the writes accept back
 * (docs/decisions/0041). The operations are documented alike for every collection: `what`
 * ("Project") names them (`v1AdminSetProjectAirports`, "Replace the airports of a project").
 */
function linkRoutes<Links, Out, C extends TSchema>(
  app: Typed,
  collection: string,
  what: string,
  tags: string[],
  spec: LinkSpec<Links, Out, C>,
): void {
  const r = (app as FastifyInstance).withTypeProvider<TypeBoxTypeProvider>();
  const params = UuidParam(what);
  const a = what.toLowerCase();
  const topics = spec.categories ? 'topics (categories)' : 'topics';
  const writes = {
    airports: {
      doc: [`v1AdminSet${what}Airports`, `Replace the airports of a ${a}`, `The whole set of airports (ids, IATA codes or names). When the main airport is not in it, the first becomes the main airport and sets the ${spec.mainAirportSets}. ${SETS} Audited.`],
      body: AirportSetBody, run: spec.airports,
    },
    companies: {
      doc: [`v1AdminSet${what}Companies`, `Replace the companies of a ${a}`, `The whole set of companies${spec.companies.items}. ${SETS} Audited.`],
      body: spec.companies.body, run: spec.companies.run as SetLinks<Links, never>,
    },
    terms: {
      doc: [`v1AdminSet${what}Terms`, `Replace the ${topics} and tags of a ${a}`, `The whole set of topics (${spec.categories ? 'the categories; ' : ''}slugs or names) and tags (slugs; unknown tags are created); a list left out keeps its links. ${SETS} Audited.`],
      body: TermSetBody, run: spec.terms,
    },
  } satisfies Record<string, { doc: RouteDoc; body: TSchema; run: SetLinks<Links, never> }>;
  for (const [set, write] of Object.entries(writes)) {
    r.put(`/${collection}/:id/${set}`, {
      schema: { ...doc(write.doc, tags), params, body: write.body, response: { 200: spec.record, ...writeErrors } },
    }, async (req) => spec.present(await write.run(ctxOf(req), req.params.id, req.body as never)));
  }
  const read: RouteDoc = [`v1AdminGet${what}Links`, `Read the airports, companies, topics and tags of a ${a}`, `The links of a ${a} in any state, in the shape the three PUT operations accept back.`];
  r.get(`/${collection}/:id/links`, {
    schema: { ...doc(read, tags), params, response: { 200: spec.record } },
  }, async (req) => spec.present(await spec.read(ctxOf(req), req.params.id)));
}
