/**
 * /api/v1 admin: articles, projects and tenders (seed 000, section 4). Administrators only.
 * | POST   | /admin/articles      | ArticleCreate | add an article to an edition |
 * | PATCH  | /admin/articles/:id  | ArticlePatch  | update any field (takeaways, why_it_matters, content, topics, tags, airports, …) |
 * | DELETE | /admin/articles/:id  |               | delete an article |
 * | POST   | /admin/projects      | ProjectCreate | add a project |
 * | PATCH  | /admin/projects/:id  | ProjectPatch  | update a project |
 * | DELETE | /admin/projects/:id  |               | delete a project |
 * | POST   | /admin/tenders       | TenderCreate  | add a tender |
 * | PATCH  | /admin/tenders/:id   | TenderPatch   | update a tender |
 * | DELETE | /admin/tenders/:id   |               | delete a tender |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import { createArticle, deleteArticle, updateArticle, type ArticleInput } from '../../../domain/articles/write-articles.js';
import type { Ctx } from '../../../domain/context.js';
import { createProject, deleteProject, updateProject, type ProjectInput } from '../../../domain/projects/index.js';
import { createTender, deleteTender, updateTender, type TenderInput } from '../../../domain/tenders/index.js';
import type { TenderType } from '../../../domain/tenders/index.js';
import { ctxOf } from '../../types.js';
import { Article, presentArticle } from '../records/article.js';
import { ArticleCreate, ArticlePatch, Deleted, ProjectCreate, ProjectPatch, TenderCreate, TenderPatch } from '../records/admin-inputs.js';
import { Project, presentProject } from '../records/project.js';
import { presentTenderWithBidders, TenderWithBidders } from '../records/tender.js';
import { Envelope, errorResponses } from '../schemas.js';

const security = [{ bearerAuth: [] }];
const config = { admin: true };
const responses = { ...errorResponses, 409: errorResponses[400] };

/** The three routes of one resource: POST, PATCH /:id, DELETE /:id. */
interface Resource<V, R> {
  path: string;
  name: string;
  tag: string;
  record: TSchema;
  create: TSchema;
  patch: TSchema;
  present: (v: V) => R;
  doCreate: (ctx: Ctx, body: never) => Promise<V>;
  doUpdate: (ctx: Ctx, id: string, body: never) => Promise<V>;
  doDelete: (ctx: Ctx, id: string) => Promise<void>;
}

function crud<V, R>(app: FastifyInstance, res: Resource<V, R>): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = [res.tag];
  const Name = res.name[0]!.toUpperCase() + res.name.slice(1);
  const params = Type.Object({ id: Type.String({ format: 'uuid', description: `${Name} id (UUID)` }) });

  r.post(`/admin/${res.path}`, {
    config,
    schema: { operationId: `apiV1AdminCreate${Name}`, summary: `Create ${res.name === 'article' ? 'an' : 'a'} ${res.name}`, tags, security, body: res.create, response: { 201: Envelope(res.record), ...responses } },
  }, async (req, reply) => reply.status(201).send({ data: res.present(await res.doCreate(ctxOf(req), req.body as never)) }));

  r.patch(`/admin/${res.path}/:id`, {
    config,
    schema: { operationId: `apiV1AdminUpdate${Name}`, summary: `Update ${res.name === 'article' ? 'an' : 'a'} ${res.name} (only the fields sent; lists replace the set)`, tags, security, params, body: res.patch, response: { 200: Envelope(res.record), ...responses } },
  }, async (req) => ({ data: res.present(await res.doUpdate(ctxOf(req), req.params.id, req.body as never)) }));

  r.delete(`/admin/${res.path}/:id`, {
    config,
    schema: { operationId: `apiV1AdminDelete${Name}`, summary: `Delete ${res.name === 'article' ? 'an' : 'a'} ${res.name}`, tags, security, params, response: { 200: Envelope(Deleted), ...responses } },
  }, async (req) => {
    await res.doDelete(ctxOf(req), req.params.id);
    return { data: { id: req.params.id, deleted: true as const } };
  });
}

export default async function adminContentRoutes(app: FastifyInstance): Promise<void> {
  crud(app, {
    path: 'articles', name: 'article', tag: 'Admin: articles', record: Article, create: ArticleCreate, patch: ArticlePatch, present: presentArticle,
    doCreate: (ctx, body: ArticleInput & { edition_id: string; headline: string }) => createArticle(ctx, body),
    doUpdate: (ctx, id, body: ArticleInput) => updateArticle(ctx, id, body),
    doDelete: deleteArticle,
  });
  crud(app, {
    path: 'projects', name: 'project', tag: 'Admin: projects', record: Project, create: ProjectCreate, patch: ProjectPatch, present: presentProject,
    doCreate: (ctx, body: ProjectInput & { title: string }) => createProject(ctx, body),
    doUpdate: (ctx, id, body: ProjectInput) => updateProject(ctx, id, body),
    doDelete: deleteProject,
  });
  crud(app, {
    path: 'tenders', name: 'tender', tag: 'Admin: tenders', record: TenderWithBidders, create: TenderCreate, patch: TenderPatch, present: presentTenderWithBidders,
    doCreate: (ctx, body: TenderInput & { title: string; buyer: string; type: TenderType }) => createTender(ctx, body),
    doUpdate: (ctx, id, body: TenderInput) => updateTender(ctx, id, body),
    doDelete: deleteTender,
  });
}
