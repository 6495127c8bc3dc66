/**
 * The project record of the /api/v1 edition: its schema, how a `ProjectView` is presented, and the
 * columns of the CSV export.
 */
import { Type, type Static } from 'typebox';
import { csvColumns, type CsvColumnSpec } from '../../../domain/csv-export.js';
import { PROJECT_STATUSES, type ProjectCsvField, type ProjectMention, type ProjectView } from '../../../domain/projects/index.js';
import { pick } from '../../records/pick.js';
import { Nullable, StringEnum, component } from '../../schema.js';
import { projectExample } from '../../examples.js';

export const Project = component('ApiV1Project', Type.Object({
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  description: Type.String(),
  airport_name: Nullable(Type.String()),
  iata_code: Nullable(Type.String()),
  country: Nullable(Type.String({ description: 'Country name' })),
  country_code: Nullable(Type.String({ description: 'ISO 3166-1 alpha-2' })),
  region: Nullable(Type.String({ description: 'Region name' })),
  region_slug: Nullable(Type.String()),
  project_type: Nullable(Type.String({ description: 'Project type name' })),
  project_type_slug: Nullable(Type.String()),
  value_usd: Nullable(Type.Integer({ description: 'Whole US dollars, converted at write time from the stated value with a dated FX rate' })),
  value_amount: Nullable(Type.Integer({ description: 'The value as stated by the source, in value_currency' })),
  value_currency: Nullable(Type.String({ description: 'ISO 4217' })),
  value_basis: Nullable(Type.String({ description: 'estimated, budget, contract or announced' })),
  contractor: Nullable(Type.String()),
  status: StringEnum(PROJECT_STATUSES),
  expected_completion_year: Nullable(Type.Integer()),
  announced_on: Nullable(Type.String({ format: 'date' })),
  parent_project_id: Nullable(Type.String({ format: 'uuid', description: 'The programme this project is a package of' })),
  tags: Type.Array(Type.String()),
  topics: Type.Array(Type.String()),
  companies: Type.Array(Type.String()),
  last_seen_edition: Nullable(Type.Integer({ description: 'Number of the newest edition that mentioned the project' })),
  updated_at: Type.String({ format: 'date-time' }),
}), projectExample);
export type Project = Static<typeof Project>;

export const ProjectMentionRecord = component('ApiV1ProjectMention', Type.Object({
  article_id: Type.String({ format: 'uuid' }),
  headline: Type.String(),
  edition_number: Type.Integer(),
  publish_date: Type.String({ format: 'date' }),
}));

export const ProjectWithArticles = component('ApiV1ProjectWithArticles', Type.Intersect([
  Project,
  Type.Object({ articles: Type.Array(ProjectMentionRecord, { description: 'Editions and articles where the project was mentioned, newest first' }) }),
]));

/** A project in this edition's words. */
export function presentProject(p: ProjectView): Project {
  return {
    ...pick(p, 'id', 'title', 'description', 'airport_name', 'iata_code'),
    country: p.country_name,
    country_code: p.country_code,
    region: p.region_name,
    region_slug: p.region_slug,
    project_type: p.project_type_name,
    project_type_slug: p.project_type_slug,
    ...pick(p, 'value_usd', 'value_amount', 'value_currency', 'value_basis', 'contractor', 'status', 'expected_completion_year', 'announced_on', 'parent_project_id'),
    tags: p.tags.map((t) => t.name),
    topics: p.topics.map((t) => t.name),
    companies: p.companies.map((c) => c.name),
    last_seen_edition: p.last_seen_edition_number,
    updated_at: new Date(p.updated_at).toISOString(),
  };
}

/** A project with its mentions. */
export const presentProjectWithArticles = (p: ProjectView & { articles: ProjectMention[] }) => ({
  ...presentProject(p),
  articles: p.articles.map(({ article_id, headline, edition_number, publish_date }) => ({ article_id, headline, edition_number, publish_date })),
});

/** Columns of `GET /api/v1/projects/export`: header and the domain field it shows. */
export const PROJECT_CSV_COLUMNS: readonly CsvColumnSpec<ProjectCsvField>[] = csvColumns<ProjectCsvField>([
  'id', 'title', 'airport_name', 'iata_code', 'country_code', ['country', 'country_name'],
  ['region', 'region_name'], ['project_type', 'project_type_name'], 'status', 'value_amount',
  'value_currency', 'value_usd', 'contractor', 'expected_completion_year', 'announced_on',
  'parent_project_id', ['topics', 'topic_names'], ['tags', 'tag_names'], ['companies', 'company_names'],
  ['last_seen_edition', 'last_seen_edition_number'], 'updated_at',
]);
