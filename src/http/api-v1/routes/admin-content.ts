/**
 * /api/v1 admin: articles, projects and tenders (seed 000, section 4). Registered in the admin
 * scope (`/api/v1/admin`, administrators only: src/http/api-v1/index.ts).
 * | POST   | /admin/articles      | ArticleCreate | add an article to an edition |
 * | GET    | /admin/articles/:id  |               | one article in any edition status |
 * | PATCH  | /admin/articles/:id  | ArticlePatch  | update any field (takeaways, why_it_matters, content, topics, tags, airports, …) |
 * | DELETE | /admin/articles/:id  |               | delete an article |
 * | POST   | /admin/projects      | ProjectCreate | add a project |
 * | GET    | /admin/projects/:id  |               | one project in any state |
 * | PATCH  | /admin/projects/:id  | ProjectPatch  | update a project |
 * | DELETE | /admin/projects/:id  |               | delete a project |
 * | POST   | /admin/tenders       | TenderCreate  | add a tender |
 * | GET    | /admin/tenders/:id   |               | one tender in any state |
 * | PATCH  | /admin/tenders/:id   | TenderPatch   | update a tender |
 * | DELETE | /admin/tenders/:id   |               | delete a tender |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static, type TSchema } from 'typebox';
import type { Ctx } from '../../../domain/context.js';
import { ArticleCreate, ArticlePatch, createArticle, deleteArticle, getAdminArticle, updateArticle } from '../../../domain/articles/index.js';
import { createProject, deleteProject, getAdminProject, ProjectCreate, ProjectPatch, updateProject } from '../../../domain/projects/index.js';
import { createTender, deleteTender, getAdminTender, TenderCreate, TenderPatch, updateTender } from '../../../domain/tenders/index.js';
import { ctxOf } from '../../types.js';
import { Article, presentArticle } from '../records/article.js';
import { Project, presentProject } from '../records/project.js';
import { presentTenderWithBidders, TenderWithBidders } from '../records/tender.js';
import { ErrorBody, created, Deleted, Envelope } from '../schemas.js';
import { component } from '../../schema.js';
import { projectCreateExample, projectPatchExample } from '../../examples.js';

const responses = { 409: ErrorBody };

/** An operation's literal `apiV1Admin…` operationId, its summary and (optionally) its description. */
type RouteDoc = readonly [operationId: string, summary: string, description?: string];
const doc = ([operationId, summary, description]: RouteDoc, tags: string[]) => ({ operationId, summary, tags, ...(description ? { description } : {}) });

/**
 * Registers `POST /<collection>`, `GET`, `PATCH` and `DELETE /<collection>/{id}` of one entity in
 * this edition's words: the record in `{ data }`, 201 with `Location` on create, `{ id, deleted }`
 * on delete. `what` names the id parameter ("Project" gives "Project id (UUID)").
 */
function recordRoutes<View, Rec extends { id: string }, C extends TSchema, P extends TSchema>(
  app: FastifyInstance,
  collection: string,
  spec: {
    tags: string[];
    what: string;
    record: TSchema;
    present: (view: View) => Rec;
    create: { doc: RouteDoc; body: C; run: (ctx: Ctx, body: Static<C>) => Promise<View> };
    read: { doc: RouteDoc; run: (ctx: Ctx, id: string) => Promise<View> };
    update: { doc: RouteDoc; body: P; run: (ctx: Ctx, id: string, body: Static<P>) => Promise<View> };
    remove: { doc: RouteDoc; run: (ctx: Ctx, id: string) => Promise<unknown> };
  },
): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { tags, present } = spec;
  const params = Type.Object({ id: Type.String({ format: 'uuid', maxLength: 36, description: `${spec.what} id (UUID)` }) });
  const data = Envelope(spec.record);
  r.post(`/${collection}`, {
    schema: { ...doc(spec.create.doc, tags), body: spec.create.body, response: { 201: data, ...responses } },
  }, async (req, reply) => created(reply, present(await spec.create.run(ctxOf(req), req.body as Static<C>))));
  r.get(`/${collection}/:id`, {
    schema: { ...doc(spec.read.doc, tags), params, response: { 200: data } },
  }, async (req) => ({ data: present(await spec.read.run(ctxOf(req), req.params.id)) }));
  r.patch(`/${collection}/:id`, {
    schema: { ...doc(spec.update.doc, tags), params, body: spec.update.body, response: { 200: data, ...responses } },
  }, async (req) => ({ data: present(await spec.update.run(ctxOf(req), req.params.id, req.body as Static<P>)) }));
  r.delete(`/${collection}/:id`, {
    schema: { ...doc(spec.remove.doc, tags), params, response: { 200: Envelope(Deleted), ...responses } },
  }, async (req) => {
    await spec.remove.run(ctxOf(req), req.params.id);
    return { data: { id: req.params.id, deleted: true as const } };
  });
}

/** The read's description: what `Location` of a creation points at. */
const readDescription = (one: string, whatever: string) =>
  `${one} whatever ${whatever}, as the admin writes answer it: where \`Location\` of its creation points. Administrators only (any other token: 403).`;

export default async function adminContentRoutes(app: FastifyInstance): Promise<void> {
  recordRoutes(app, 'articles', {
    tags: ['Admin: articles'], what: 'Article', record: Article, present: presentArticle,
    create: { doc: ['apiV1AdminCreateArticle', 'Create an article'], body: component('ArticleCreate', ArticleCreate), run: createArticle },
    read: { doc: ['apiV1AdminGetArticle', 'Read an article in any edition status (what Location of its creation points at)', readDescription('One article', 'the status of its edition (drafts included)')], run: getAdminArticle },
    update: { doc: ['apiV1AdminUpdateArticle', 'Update an article (only the fields sent; lists replace the set)'], body: component('ArticlePatch', ArticlePatch), run: updateArticle },
    remove: { doc: ['apiV1AdminDeleteArticle', 'Delete an article'], run: deleteArticle },
  });

  recordRoutes(app, 'projects', {
    tags: ['Admin: projects'], what: 'Project', record: Project, present: presentProject,
    create: { doc: ['apiV1AdminCreateProject', 'Create a project'], body: component('ProjectCreate', ProjectCreate, projectCreateExample), run: createProject },
    read: { doc: ['apiV1AdminGetProject', 'Read a project in any state (what Location of its creation points at)', readDescription('One project', 'its state (unpublished included)')], run: getAdminProject },
    update: { doc: ['apiV1AdminUpdateProject', 'Update a project (only the fields sent; lists replace the set)'], body: component('ProjectPatch', ProjectPatch, projectPatchExample), run: updateProject },
    remove: { doc: ['apiV1AdminDeleteProject', 'Delete a project'], run: deleteProject },
  });

  recordRoutes(app, 'tenders', {
    tags: ['Admin: tenders'], what: 'Tender', record: TenderWithBidders, present: presentTenderWithBidders,
    create: { doc: ['apiV1AdminCreateTender', 'Create a tender'], body: component('TenderCreate', TenderCreate), run: createTender },
    read: { doc: ['apiV1AdminGetTender', 'Read a tender in any state (what Location of its creation points at)', readDescription('One tender', 'its state (unpublished included), with its bidders')], run: getAdminTender },
    update: { doc: ['apiV1AdminUpdateTender', 'Update a tender (only the fields sent; lists replace the set)'], body: component('TenderPatch', TenderPatch), run: updateTender },
    remove: { doc: ['apiV1AdminDeleteTender', 'Delete a tender'], run: deleteTender },
  });
}
