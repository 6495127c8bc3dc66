/**
 * /v1/admin projects (docs/v1-admin.md): the same domain operations as /api/v1/admin (create, update,
 * delete: src/domain/projects), plus the three replace-the-set writes and the read of the links.
 * | GET    | /v1/admin/projects                | q, limit, offset      | { projects }, any state, last changed first |
 * | POST   | /v1/admin/projects                | ProjectCreate         | 201, the project as stored |
 * | GET    | /v1/admin/projects/{id}           |                       | the project, any state     |
 * | PATCH  | /v1/admin/projects/{id}           | ProjectPatch, If-Match | the project as stored; 409 when stale |
 * | DELETE | /v1/admin/projects/{id}           |                       | the project as it was      |
 * | PUT    | /v1/admin/projects/{id}/airports  | { airports }          | the links as stored        |
 * | PUT    | /v1/admin/projects/{id}/companies | { companies }         | the links as stored        |
 * | PUT    | /v1/admin/projects/{id}/terms     | { topics?, tags? }    | the links as stored        |
 * | GET    | /v1/admin/projects/{id}/links     |                       | airports, companies, topics, tags |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AdminProjectFilter, createProject, deleteProject, getAdminProject, getProjectLinks, listAdminProjects, ProjectCreate, ProjectPatch, setProjectAirports, setProjectCompanies, setProjectTerms, updateProject,
} from '../../../../domain/projects/index.js';
import { AirportSet, ProjectCompanySet, TermSet } from '../../../../domain/shared/link-refs.js';
import { projectCreateExample, projectPatchExample } from '../../../examples.js';
import { component } from '../../../schema.js';
import { ctxOf } from '../../../types.js';
import { Named, namedList, Paging, UuidParam } from '../../named.js';
import { IfMatchHeaders, ifMatchOf, withETag } from '../preconditions.js';
import { problemResponses } from '../../problem.js';
import { AdminProject, presentAdminProject, presentProjectLinks, ProjectLinksRecord } from '../../records/admin-project.js';
import { airportSetExample, projectCompanySetExample, termSetExample } from '../examples.js';
import { created, deletedAnswer } from '../../../respond.js';
import { v1AdminUrl } from '../records.js';

const tags = ['Admin: projects'];
const params = UuidParam('Project');
const writeErrors = problemResponses(409);
const SETS = 'Items are strings (an id, a code, a slug or a name) or the objects the links read returns, so a read can be written back unchanged.';

export default async function adminProjectRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/projects', {
    schema: {
      operationId: 'v1AdminListProjects', summary: 'List projects in any state', tags,
      description: 'Every project, unpublished ones included, most recently changed first (then by title). `q` keeps those whose title, main airport name or IATA code contains it.',
      querystring: Type.Object({ ...AdminProjectFilter.properties, ...Paging(50) }),
      response: { 200: Named('projects', AdminProject) },
    },
  }, async (req, reply) => {
    const { limit, offset, ...filter } = req.query;
    return namedList(reply, 'projects', { limit, offset }, (w) => listAdminProjects(ctxOf(req), filter, w), presentAdminProject);
  });

  r.post('/projects', {
    schema: {
      operationId: 'v1AdminCreateProject', summary: 'Create a project', tags,
      description: 'Creates a project (status `planned` unless given); place and `value_usd` are derived from `iata_code` and the stated value. `parent_project_id` names its programme. Audited.',
      body: component('ProjectCreate', ProjectCreate, projectCreateExample),
      response: { 201: AdminProject, ...writeErrors },
    },
  }, async (req, reply) => {
    const project = presentAdminProject(await createProject(ctxOf(req), req.body));
    return created(reply, project, v1AdminUrl('projects', project.id));
  });

  r.get('/projects/:id', {
    schema: {
      operationId: 'v1AdminGetProject', summary: 'Read a project in any state', tags, params,
      description: 'The project, published or not, as the writes answer it: what `Location` of its creation points at. `ETag` is its `version`.',
      response: { 200: AdminProject },
    },
  }, async (req, reply) => withETag(reply, presentAdminProject(await getAdminProject(ctxOf(req), req.params.id))));

  r.patch('/projects/:id', {
    schema: {
      operationId: 'v1AdminUpdateProject', summary: 'Update a project (only the fields sent)', tags, params,
      description: 'Changes the fields sent; lists (`topics`, `tags`) replace the set. A programme (`parent_project_id`) must exist and must not be the project or one of its packages at any depth (400 naming the field). With `If-Match` (the `version` it was edited from) a change made meanwhile by someone else is refused with 409 and nothing is written. Audited.',
      headers: IfMatchHeaders,
      body: component('ProjectPatch', ProjectPatch, projectPatchExample),
      response: { 200: AdminProject, ...writeErrors },
    },
  }, async (req, reply) => withETag(reply, presentAdminProject(await updateProject(ctxOf(req), req.params.id, req.body, { ifMatch: ifMatchOf(req.headers['if-match']) }))));

  r.delete('/projects/:id', {
    schema: {
      operationId: 'v1AdminDeleteProject', summary: 'Delete a project', tags, params,
      description: 'Deletes the project in any state and answers it as it was; its packages stay, without a programme. Audited.',
      response: { ...deletedAnswer(AdminProject), ...writeErrors },
    },
  }, async (req) => presentAdminProject(await deleteProject(ctxOf(req), req.params.id)));

  r.put('/projects/:id/airports', {
    schema: {
      operationId: 'v1AdminSetProjectAirports', summary: 'Replace the airports of a project', tags, params,
      description: `The whole set of airports (ids, IATA codes or names). When the main airport is not in it, the first becomes the main airport and sets the place. ${SETS} Audited.`,
      body: component('V1AdminAirportSet', AirportSet, airportSetExample),
      response: { 200: ProjectLinksRecord, ...writeErrors },
    },
  }, async (req) => presentProjectLinks(await setProjectAirports(ctxOf(req), req.params.id, req.body)));

  r.put('/projects/:id/companies', {
    schema: {
      operationId: 'v1AdminSetProjectCompanies', summary: 'Replace the companies of a project', tags, params,
      description: `The whole set of companies, each \`{ id }\` or \`{ name }\` (a name or an alias) with its \`role\` (contractor by default). ${SETS} Audited.`,
      body: component('V1AdminProjectCompanySet', ProjectCompanySet, projectCompanySetExample),
      response: { 200: ProjectLinksRecord, ...writeErrors },
    },
  }, async (req) => presentProjectLinks(await setProjectCompanies(ctxOf(req), req.params.id, req.body)));

  r.put('/projects/:id/terms', {
    schema: {
      operationId: 'v1AdminSetProjectTerms', summary: 'Replace the topics and tags of a project', tags, params,
      description: `The whole set of topics (slugs or names) and tags (slugs; unknown tags are created); a list left out keeps its links. ${SETS} Audited.`,
      body: component('V1AdminTermSet', TermSet, termSetExample),
      response: { 200: ProjectLinksRecord, ...writeErrors },
    },
  }, async (req) => presentProjectLinks(await setProjectTerms(ctxOf(req), req.params.id, req.body)));

  r.get('/projects/:id/links', {
    schema: {
      operationId: 'v1AdminGetProjectLinks', summary: 'Read the airports, companies, topics and tags of a project', tags, params,
      description: 'The links of a project in any state, in the shape the three PUT operations accept back.',
      response: { 200: ProjectLinksRecord },
    },
  }, async (req) => presentProjectLinks(await getProjectLinks(ctxOf(req), req.params.id)));
}
