/**
 * /api/v1 admin: editions (seed 000, section 4). Registered in the admin scope (`/api/v1/admin`, administrators only).
 * | GET    | /admin/editions             | status, page, limit | every edition incl. drafts and archived |
 * | POST   | /admin/editions             | EditionCreate       | create (draft by default); 409 on a taken number |
 * | GET    | /admin/editions/:id         |                     | one edition in any status |
 * | PATCH  | /admin/editions/:id         | EditionPatch        | metadata, executive summary, status |
 * | DELETE | /admin/editions/:id         |                     | delete, cascading to its articles |
 * | POST   | /admin/editions/:id/publish |                     | publish and recompute the rollups |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { adminListEditions, createEdition, deleteEdition, EditionCreate, getAdminEdition, EditionPatch, EditionStatusQuery, publishEdition, updateEdition } from '../../../domain/editions/index.js';
import { pageWindow } from '../../../domain/pagination.js';
import { ctxOf } from '../../types.js';
import { Edition, presentEdition } from '../records/edition.js';
import { ErrorBody, created, Deleted, Envelope, PagedEnvelope, PageQuery, paged } from '../schemas.js';
import { component } from '../../schema.js';

const tags = ['Admin: editions'];
const IdParams = Type.Object({ id: Type.String({ format: 'uuid', maxLength: 36, description: 'Edition id (UUID)' }) });
const responses = { 409: ErrorBody };
const deleted = (id: string) => ({ data: { id, deleted: true as const } });

export default async function adminEditionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/editions', {
    schema: {
      operationId: 'apiV1AdminListEditions', summary: 'List editions in every status (drafts, published, archived), newest first', tags,
      querystring: Type.Object({ ...EditionStatusQuery.properties, ...PageQuery(20, 100) }),
      response: { 200: PagedEnvelope(Edition), ...responses },
    },
  }, async (req) => {
    const { page, limit, status } = req.query;
    const result = await adminListEditions(ctxOf(req), status ? [status] : [], pageWindow(page, limit));
    return paged(result.items.map(presentEdition), page, limit, result.total);
  });

  r.post('/editions', {
    schema: {
      operationId: 'apiV1AdminCreateEdition', summary: 'Create an edition (a draft unless status says otherwise)', tags,
      body: component('EditionCreate', EditionCreate),
      response: { 201: Envelope(Edition), ...responses },
    },
  }, async (req, reply) => created(reply, presentEdition(await createEdition(ctxOf(req), req.body))));

  r.get('/editions/:id', {
    schema: {
      operationId: 'apiV1AdminGetEdition', summary: 'Read an edition in any status (what Location of its creation points at)', tags,
      description: 'One edition whatever its status (draft, published, archived), as the admin writes answer it: where `Location` of its creation points. Administrators only (any other token: 403).',
      params: IdParams,
      response: { 200: Envelope(Edition) },
    },
  }, async (req) => ({ data: presentEdition(await getAdminEdition(ctxOf(req), req.params.id)) }));

  r.patch('/editions/:id', {
    schema: {
      operationId: 'apiV1AdminUpdateEdition', summary: 'Update metadata, executive summary and/or status', tags,
      params: IdParams, body: component('EditionPatch', EditionPatch),
      response: { 200: Envelope(Edition), ...responses },
    },
  }, async (req) => ({ data: presentEdition(await updateEdition(ctxOf(req), req.params.id, req.body)) }));

  r.delete('/editions/:id', {
    schema: {
      operationId: 'apiV1AdminDeleteEdition', summary: 'Delete an edition and its articles', tags,
      params: IdParams,
      response: { 200: Envelope(Deleted), ...responses },
    },
  }, async (req) => deleted(await deleteEdition(ctxOf(req), req.params.id).then(() => req.params.id)));

  r.post('/editions/:id/publish', {
    schema: {
      operationId: 'apiV1AdminPublishEdition', summary: 'Publish an edition and recompute the rollups (article count, projects\u2019 last_seen_edition)', tags,
      params: IdParams,
      response: { 200: Envelope(Edition), ...responses },
    },
  }, async (req) => ({ data: presentEdition(await publishEdition(ctxOf(req), req.params.id)) }));
}
