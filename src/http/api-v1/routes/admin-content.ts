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
import { Type } from 'typebox';
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
const idOf = (what: string) => Type.Object({ id: Type.String({ format: 'uuid', maxLength: 36, description: `${what} id (UUID)` }) });
const deleted = (id: string) => ({ data: { id, deleted: true as const } });

export default async function adminContentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  // ------------------------------------------------------------------ articles
  const articleTags = ['Admin: articles'];
  r.post('/articles', {
    schema: { operationId: 'apiV1AdminCreateArticle', summary: 'Create an article', tags: articleTags, body: component('ArticleCreate', ArticleCreate), response: { 201: Envelope(Article), ...responses } },
  }, async (req, reply) => created(reply, presentArticle(await createArticle(ctxOf(req), req.body))));

  r.get('/articles/:id', {
    schema: { operationId: 'apiV1AdminGetArticle', summary: 'Read an article in any edition status (what Location of its creation points at)', tags: articleTags, description: 'One article whatever the status of its edition (drafts included), as the admin writes answer it: where `Location` of its creation points. Administrators only (any other token: 403).', params: idOf('Article'), response: { 200: Envelope(Article) } },
  }, async (req) => ({ data: presentArticle(await getAdminArticle(ctxOf(req), req.params.id)) }));

  r.patch('/articles/:id', {
    schema: { operationId: 'apiV1AdminUpdateArticle', summary: 'Update an article (only the fields sent; lists replace the set)', tags: articleTags, params: idOf('Article'), body: component('ArticlePatch', ArticlePatch), response: { 200: Envelope(Article), ...responses } },
  }, async (req) => ({ data: presentArticle(await updateArticle(ctxOf(req), req.params.id, req.body)) }));

  r.delete('/articles/:id', {
    schema: { operationId: 'apiV1AdminDeleteArticle', summary: 'Delete an article', tags: articleTags, params: idOf('Article'), response: { 200: Envelope(Deleted), ...responses } },
  }, async (req) => deleted(await deleteArticle(ctxOf(req), req.params.id).then(() => req.params.id)));

  // ------------------------------------------------------------------ projects
  const projectTags = ['Admin: projects'];
  r.post('/projects', {
    schema: { operationId: 'apiV1AdminCreateProject', summary: 'Create a project', tags: projectTags, body: component('ProjectCreate', ProjectCreate, projectCreateExample), response: { 201: Envelope(Project), ...responses } },
  }, async (req, reply) => created(reply, presentProject(await createProject(ctxOf(req), req.body))));

  r.get('/projects/:id', {
    schema: { operationId: 'apiV1AdminGetProject', summary: 'Read a project in any state (what Location of its creation points at)', tags: projectTags, description: 'One project whatever its state (unpublished included), as the admin writes answer it: where `Location` of its creation points. Administrators only (any other token: 403).', params: idOf('Project'), response: { 200: Envelope(Project) } },
  }, async (req) => ({ data: presentProject(await getAdminProject(ctxOf(req), req.params.id)) }));

  r.patch('/projects/:id', {
    schema: { operationId: 'apiV1AdminUpdateProject', summary: 'Update a project (only the fields sent; lists replace the set)', tags: projectTags, params: idOf('Project'), body: component('ProjectPatch', ProjectPatch, projectPatchExample), response: { 200: Envelope(Project), ...responses } },
  }, async (req) => ({ data: presentProject(await updateProject(ctxOf(req), req.params.id, req.body)) }));

  r.delete('/projects/:id', {
    schema: { operationId: 'apiV1AdminDeleteProject', summary: 'Delete a project', tags: projectTags, params: idOf('Project'), response: { 200: Envelope(Deleted), ...responses } },
  }, async (req) => deleted(await deleteProject(ctxOf(req), req.params.id).then(() => req.params.id)));

  // ------------------------------------------------------------------ tenders
  const tenderTags = ['Admin: tenders'];
  r.post('/tenders', {
    schema: { operationId: 'apiV1AdminCreateTender', summary: 'Create a tender', tags: tenderTags, body: component('TenderCreate', TenderCreate), response: { 201: Envelope(TenderWithBidders), ...responses } },
  }, async (req, reply) => created(reply, presentTenderWithBidders(await createTender(ctxOf(req), req.body))));

  r.get('/tenders/:id', {
    schema: { operationId: 'apiV1AdminGetTender', summary: 'Read a tender in any state (what Location of its creation points at)', tags: tenderTags, description: 'One tender whatever its state (unpublished included), with its bidders, as the admin writes answer it: where `Location` of its creation points. Administrators only (any other token: 403).', params: idOf('Tender'), response: { 200: Envelope(TenderWithBidders) } },
  }, async (req) => ({ data: presentTenderWithBidders(await getAdminTender(ctxOf(req), req.params.id)) }));

  r.patch('/tenders/:id', {
    schema: { operationId: 'apiV1AdminUpdateTender', summary: 'Update a tender (only the fields sent; lists replace the set)', tags: tenderTags, params: idOf('Tender'), body: component('TenderPatch', TenderPatch), response: { 200: Envelope(TenderWithBidders), ...responses } },
  }, async (req) => ({ data: presentTenderWithBidders(await updateTender(ctxOf(req), req.params.id, req.body)) }));

  r.delete('/tenders/:id', {
    schema: { operationId: 'apiV1AdminDeleteTender', summary: 'Delete a tender', tags: tenderTags, params: idOf('Tender'), response: { 200: Envelope(Deleted), ...responses } },
  }, async (req) => deleted(await deleteTender(ctxOf(req), req.params.id).then(() => req.params.id)));
}
