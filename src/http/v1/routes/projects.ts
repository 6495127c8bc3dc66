/**
 * /v1 projects (seed 001, section 4); every route needs `projects` (a trial preview shows five rows):
 * | GET | /v1/projects        | { projects }                                                        |
 * | GET | /v1/projects/facets | statuses, regions, countries, types, topics, tags with counts       |
 * | GET | /v1/projects/export | text/csv, streamed, no row cap; projects + exports                  |
 * | GET | /v1/projects/{id}   | one project with its companies and the articles that mention it     |
 * Parameters: q, country, status, region, type, terms, min_value, max_value, year_from, year_to,
 * sort, company_id, parent_project_id, limit (50), offset.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  exportProjectsForReader, facetProjects, getProject, listProjectsForReader, listProjectsOfArticle, PROJECT_SORTS,
} from '../../../domain/projects/index.js';
import { projectParams, projectParamsToFilter } from '../../../domain/projects/index.js';
import { StringEnum } from '../../schema.js';
import { ctxOf } from '../../types.js';
import { collectionRoutes } from '../collection-routes.js';
import { Named, namedList, Paging, UuidParam } from '../named.js';
import { problemResponses } from '../problem.js';
import { PROJECT_CSV_COLUMNS, Project, ProjectDetail, presentProject, presentProjectDetail } from '../records/project.js';

const tags = ['Projects'];

export default async function projectRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  collectionRoutes(r, 'projects', {
    tags, params: projectParams, toFilter: projectParamsToFilter,
    sort: { values: PROJECT_SORTS, default: 'title_asc', description: 'Order (value sorts by value_usd, unknown values last)' },
    list: { operationId: 'v1ListProjects', summary: 'Airport projects', description: 'Trial preview: the first five rows of the list only.', item: Project, present: presentProject, run: listProjectsForReader },
    facets: {
      operationId: 'v1ProjectFacets', summary: 'Filter vocabulary of the projects with counts', names: ['statuses', 'regions', 'countries', 'types', 'topics', 'tags'], run: facetProjects,
      description: 'For the projects the same parameters match: `{ value, label, count }` per status, region slug, country code, type slug, topic and tag slug.',
    },
    export: { operationId: 'v1ExportProjects', summary: 'Export matching projects as CSV (streamed, no row cap, by title)', columns: PROJECT_CSV_COLUMNS, run: exportProjectsForReader },
  });

  r.get('/projects/:id', {
    config: { gates: getProject.gates },
    schema: {
      operationId: 'v1GetProject', summary: 'One project with its companies and the articles that mention it', tags,
      description: 'The list\'s record plus `companies` (with their role) and `articles`: the articles of published or archived editions that mention it, newest edition first. Its packages: `GET /v1/projects?parent_project_id={id}`.',
      params: UuidParam('Project'),
      response: { 200: ProjectDetail, ...problemResponses(404) },
    },
  }, async (req) => presentProjectDetail(await getProject(ctxOf(req), req.params.id)));

  r.get('/articles/:id/projects', {
    config: { gates: listProjectsOfArticle.gates },
    schema: {
      operationId: 'v1ListArticleProjects', summary: 'The projects an article mentions', tags,
      description: 'Published projects linked to the article (by an editor or by the auto-linker), as the project list shows them (watch flags included). Needs `projects`; a trial preview shows the first five rows. An unknown article, or a draft\'s for a non-administrator, is 404.',
      params: UuidParam('Article'),
      querystring: Type.Object({ sort: Type.Optional(StringEnum(PROJECT_SORTS, { default: 'title_asc', description: 'Order' })), ...Paging(50) }),
      response: { 200: Named('projects', Project), ...problemResponses(404) },
    },
  }, async (req, reply) => {
    const { limit, offset, sort } = req.query;
    return namedList(reply, 'projects', { limit, offset }, (w) => listProjectsOfArticle(ctxOf(req), req.params.id, sort ?? 'title_asc', w), presentProject);
  });
}
