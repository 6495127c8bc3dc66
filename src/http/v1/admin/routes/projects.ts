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
import {
  AdminProjectFilter, createProject, deleteProject, getAdminProject, getProjectLinks, listAdminProjects, ProjectCreate, ProjectPatch, setProjectAirports, setProjectCompanies, setProjectTerms, updateProject,
} from '../../../../domain/projects/index.js';
import { ProjectCompanySet } from '../../../../domain/shared/link-refs.js';
import { projectCreateExample, projectPatchExample } from '../../../examples.js';
import { component } from '../../../schema.js';
import { AdminProject, presentAdminProject, presentProjectLinks, ProjectLinksRecord } from '../../records/admin-project.js';
import { projectCompanySetExample } from '../examples.js';
import { recordRoutes } from '../record-routes.js';

export default async function adminProjectRoutes(app: FastifyInstance): Promise<void> {
  recordRoutes(app, 'projects', {
    what: 'Project', record: AdminProject, present: presentAdminProject,
    list: { doc: ['v1AdminListProjects', 'List projects in any state', 'Every project, unpublished ones included, most recently changed first (then by title). `q` keeps those whose title, main airport name or IATA code contains it.'], name: 'projects', filter: AdminProjectFilter, run: listAdminProjects },
    create: { doc: ['v1AdminCreateProject', 'Create a project', 'Creates a project (status `planned` unless given); place and `value_usd` are derived from `iata_code` and the stated value. `parent_project_id` names its programme. Audited.'], body: component('ProjectCreate', ProjectCreate, projectCreateExample), run: createProject },
    read: { doc: ['v1AdminGetProject', 'Read a project in any state', 'The project, published or not, as the writes answer it: what `Location` of its creation points at. `ETag` is its `version`.'], run: getAdminProject },
    update: { doc: ['v1AdminUpdateProject', 'Update a project (only the fields sent)', 'Changes the fields sent; lists (`topics`, `tags`) replace the set. A programme (`parent_project_id`) must exist and must not be the project or one of its packages at any depth (400 naming the field). With `If-Match` (the `version` it was edited from) a change made meanwhile by someone else is refused with 409 and nothing is written. Audited.'], body: component('ProjectPatch', ProjectPatch, projectPatchExample), run: updateProject },
    remove: { doc: ['v1AdminDeleteProject', 'Delete a project', 'Deletes the project in any state and answers it as it was; its packages stay, without a programme. Audited.'], run: deleteProject },
    links: {
      record: ProjectLinksRecord, present: presentProjectLinks, mainAirportSets: 'place',
      airports: setProjectAirports, terms: setProjectTerms, read: getProjectLinks,
      companies: { body: component('V1AdminProjectCompanySet', ProjectCompanySet, projectCompanySetExample), items: ', each `{ id }` or `{ name }` (a name or an alias) with its `role` (contractor by default)', run: setProjectCompanies },
    },
  });
}
