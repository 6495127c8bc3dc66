/**
 * The project record of the /v1 edition (seed 001, section 2): the stated value in its own
 * currency (never converted), `is_watched` for the caller; plus `region_slug` and
 * `project_type_slug` (the values the filters take). The CSV columns of the export.
 */
import { Type, type Static } from 'typebox';
import { csvColumns, type CsvColumnSpec } from '../../../domain/csv-export.js';
import { PROJECT_STATUSES, type ProjectCsvField, type ProjectMention, type ProjectView, type WatchedProjectSummary } from '../../../domain/projects/index.js';
import { Nullable, StringEnum, component } from '../../schema.js';
import { v1ProjectDetailExample, v1ProjectExample } from '../../examples.js';

export const Project = component('V1Project', Type.Object({
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  description: Type.String(),
  airport: Nullable(Type.String({ description: 'Airport name' })),
  iata_code: Nullable(Type.String()),
  country_code: Nullable(Type.String({ description: 'ISO 3166-1 alpha-2' })),
  region: Nullable(Type.String({ description: 'Region name' })),
  region_slug: Nullable(Type.String()),
  project_type: Nullable(Type.String({ description: 'Project type name' })),
  project_type_slug: Nullable(Type.String()),
  status: StringEnum(PROJECT_STATUSES),
  value_amount: Nullable(Type.Integer({ description: 'As the source stated it, in value_currency; not converted' })),
  value_currency: Nullable(Type.String({ description: 'ISO 4217' })),
  value_basis: Nullable(Type.String({ description: 'estimated, budget, contract or announced' })),
  announced_on: Nullable(Type.String({ format: 'date' })),
  expected_completion_year: Nullable(Type.Integer()),
  parent_project_id: Nullable(Type.String({ format: 'uuid', description: 'The programme this project is a package of' })),
  is_watched: Type.Boolean({ description: 'The caller watches this project' }),
}, { title: 'Project' }), v1ProjectExample);
export type Project = Static<typeof Project>;

export const presentProject = (p: WatchedProjectSummary): Project => ({
  id: p.id,
  title: p.title,
  description: p.description,
  airport: p.airport_name,
  iata_code: p.iata_code,
  country_code: p.country_code,
  region: p.region_name,
  region_slug: p.region_slug,
  project_type: p.project_type_name,
  project_type_slug: p.project_type_slug,
  status: p.status,
  value_amount: p.value_amount,
  value_currency: p.value_currency,
  value_basis: p.value_basis,
  announced_on: p.announced_on,
  expected_completion_year: p.expected_completion_year,
  parent_project_id: p.parent_project_id,
  is_watched: p.is_watched,
});

const ProjectCompany = component('V1ProjectCompany', Type.Object({
  id: Type.String({ format: 'uuid' }),
  slug: Type.String({ description: 'The company\'s slug (GET /v1/companies/{ref}; the web app\'s page is /companies/{slug})' }),
  name: Type.String(),
  role: Type.String({ description: 'What the company does on the project (client, contractor, designer, …)' }),
}, { title: 'ProjectCompany' }));

const ProjectArticle = component('V1ProjectArticle', Type.Object({
  id: Type.String({ format: 'uuid', description: 'The article (GET /v1/articles/{id})' }),
  slug: Type.String({ description: 'The article\'s slug (the web app\'s page is /articles/{id}/{slug})' }),
  headline: Type.String(),
  edition_number: Type.Integer(),
  publish_date: Type.String({ format: 'date' }),
}, { title: 'ProjectArticle' }));

/** `GET /v1/projects/{id}`: the project with its companies (by name) and the articles that mention it (newest edition first). */
export const ProjectDetail = component('V1ProjectDetail', Type.Object({
  ...Project.properties,
  companies: Type.Array(ProjectCompany, { description: 'Companies on the project with their role, by name' }),
  articles: Type.Array(ProjectArticle, { description: 'Articles of published or archived editions that mention the project, newest edition first' }),
}, { title: 'ProjectDetail' }), v1ProjectDetailExample);
export type ProjectDetail = Static<typeof ProjectDetail>;

export const presentProjectDetail = (p: ProjectView & { is_watched: boolean; articles: ProjectMention[] }): ProjectDetail => ({
  ...presentProject(p),
  companies: p.companies.map((c) => ({ id: c.id, slug: c.slug, name: c.name, role: c.role })),
  articles: p.articles.map((a) => ({ id: a.article_id, slug: a.slug, headline: a.headline, edition_number: a.edition_number, publish_date: a.publish_date })),
});

/** Columns of `GET /v1/projects/export`: the record's fields, without the per-caller flag (header: the domain field it shows). */
export const PROJECT_CSV_COLUMNS: readonly CsvColumnSpec<ProjectCsvField>[] = csvColumns<ProjectCsvField>([
  'id', 'title', ['airport', 'airport_name'], 'iata_code', 'country_code', ['region', 'region_name'],
  ['project_type', 'project_type_name'], 'status', 'value_amount', 'value_currency', 'value_basis',
  'announced_on', 'expected_completion_year', 'parent_project_id',
]);
