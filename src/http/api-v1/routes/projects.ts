/**
 * /api/v1 projects (seed 000, sections 2 and 4); every route needs `projects` (a trial preview lists
 * the first five, `meta.total` at most 5), the export also `exports` (docs/entitlements.md):
 * | GET | /projects        | q, region, country, status, type, topic, min_value, page, limit (50, max 100) |
 * | GET | /projects/export | the same filters; text/csv, at most 1000 rows (admins: no cap)               |
 * | GET | /projects/:id    | one project plus the editions and articles that mentioned it                 |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { Amount, MAX_FILTER_TEXT, UpdatedSince } from '../../../domain/shared/input-schema.js';
import { exportProjects, getProject, listProjects, PROJECT_EXPORT_CAP, PROJECT_STATUSES, type ProjectFilter } from '../../../domain/projects/index.js';
import { csvExportRoute } from '../../csv.js';
import { pagedListRoute } from '../paged-list-route.js';
import { ctxOf } from '../../types.js';
import { PROJECT_CSV_COLUMNS, Project, ProjectWithArticles, presentProject, presentProjectWithArticles } from '../records/project.js';
import { StringEnum } from '../../schema.js';
import { Envelope } from '../schemas.js';

const tags = ['Projects'];
const text = (description: string) => Type.Optional(Type.String({ minLength: 1, maxLength: MAX_FILTER_TEXT, description }));

const filters = {
  q: text('Full-text query, web-search syntax, over title, airport, contractor and description'),
  region: text('Region name contains this (case-insensitive), or the region slug'),
  country: text('Country name contains this, or an ISO 3166-1 alpha-2 code'),
  status: Type.Optional(StringEnum(PROJECT_STATUSES, { description: 'Project status' })),
  type: text('Project type contains this (e.g. "terminal", "runway")'),
  topic: text('One topic (name or slug)'),
  min_value: Type.Optional(Amount('Minimum value, whole US dollars (value_usd)')),
  updated_since: UpdatedSince,
};
const Filters = Type.Object(filters);

/** The edition's query dialect (region, country and type match on "contains") as the domain filter. */
const toFilter = (q: Static<typeof Filters>): ProjectFilter => ({
  q: q.q,
  regionContains: q.region,
  countryContains: q.country,
  status: q.status,
  typeContains: q.type,
  topic: q.topic,
  minValueUsd: q.min_value,
  updatedSince: q.updated_since,
});

export default async function projectRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  pagedListRoute(r, '/projects', {
    operationId: 'apiV1ListProjects', summary: 'List airport projects (by relevance with q, else by title)', tags,
    filter: Filters, item: Project, defaultLimit: 50, maxLimit: 100, gates: listProjects.gates,
    list: (ctx, q, w) => listProjects(ctx, toFilter(q), q.q ? 'relevance' : 'title_asc', w), present: presentProject,
  });

  csvExportRoute(r, '/projects/export', {
    operationId: 'apiV1ExportProjects', summary: `Export matching projects as CSV (RFC 4180, at most ${PROJECT_EXPORT_CAP} rows, by title)`, tags,
    querystring: Filters, file: 'projects', gates: exportProjects.gates,
    run: (ctx, q) => exportProjects(ctx, toFilter(q), PROJECT_CSV_COLUMNS),
  });

  r.get('/projects/:id', {
    config: { gates: getProject.gates },
    schema: {
      operationId: 'apiV1GetProject', summary: 'One project with the editions and articles that mentioned it', tags,
      params: Type.Object({ id: Type.String({ format: 'uuid', maxLength: 36, description: 'Project id (UUID)' }) }),
      response: { 200: Envelope(ProjectWithArticles) },
    },
  }, async (req) => ({ data: presentProjectWithArticles(await getProject(ctxOf(req), req.params.id)) }));
}
