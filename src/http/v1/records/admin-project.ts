/**
 * The project record of `/v1/admin` (any state): the /v1 project's fields without the per-reader
 * flag, plus what an editor writes and checks (converted value, contractor, topics, tags,
 * companies, last mention); and the record of its links (`GET /v1/admin/projects/{id}/links`).
 */
import { Type, type Static } from 'typebox';
import { PROJECT_STATUSES, type ProjectLinks, type ProjectView } from '../../../domain/projects/index.js';
import { Nullable, StringEnum, component } from '../../schema.js';
import { adminProjectExample, projectLinksExample } from '../admin/examples.js';
import { RecordVersion } from '../admin/preconditions.js';

const Term = Type.Object({ slug: Type.String(), name: Type.String() });
const LinkedAirport = Type.Object({
  id: Type.String({ format: 'uuid' }),
  iata_code: Type.String(),
  name: Type.String(),
  is_main: Type.Boolean({ description: "The record's main airport (sets its place)" }),
});

export const AdminProject = component('V1AdminProject', Type.Object({
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  description: Type.String(),
  airport_id: Nullable(Type.String({ format: 'uuid' })),
  airport: Nullable(Type.String({ description: 'Main airport name' })),
  iata_code: Nullable(Type.String()),
  country_code: Nullable(Type.String({ description: 'ISO 3166-1 alpha-2' })),
  region: Nullable(Type.String({ description: 'Region name' })),
  region_slug: Nullable(Type.String()),
  project_type: Nullable(Type.String({ description: 'Project type name' })),
  project_type_slug: Nullable(Type.String()),
  status: StringEnum(PROJECT_STATUSES),
  value_amount: Nullable(Type.Integer({ description: 'As stated, in value_currency' })),
  value_currency: Nullable(Type.String({ description: 'ISO 4217' })),
  value_basis: Nullable(Type.String()),
  value_usd: Nullable(Type.Integer({ description: 'Whole US dollars, converted at the rate of value_fx_date' })),
  value_fx_date: Nullable(Type.String({ format: 'date' })),
  contractor: Nullable(Type.String()),
  announced_on: Nullable(Type.String({ format: 'date' })),
  expected_completion_year: Nullable(Type.Integer()),
  parent_project_id: Nullable(Type.String({ format: 'uuid', description: 'The programme this project is a package of' })),
  topics: Type.Array(Type.String(), { description: 'Topic slugs' }),
  tags: Type.Array(Type.String(), { description: 'Tag slugs' }),
  companies: Type.Array(Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String(), role: Type.String() })),
  last_seen_edition_number: Nullable(Type.Integer({ description: 'The newest published edition that mentions it' })),
  updated_at: Type.String({ format: 'date-time' }),
  version: RecordVersion,
}, { title: 'AdminProject' }), adminProjectExample);
export type AdminProject = Static<typeof AdminProject>;

const isoDay = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'string' ? v.slice(0, 10) : (v as Date).toISOString().slice(0, 10));

export const presentAdminProject = (p: ProjectView): AdminProject => ({
  id: p.id,
  title: p.title,
  description: p.description,
  airport_id: p.airport_id,
  airport: p.airport_name,
  iata_code: p.iata_code,
  country_code: p.country_code,
  region: p.region_name,
  region_slug: p.region_slug,
  project_type: p.project_type_name,
  project_type_slug: p.project_type_slug,
  status: p.status,
  value_amount: p.value_amount === null ? null : Number(p.value_amount),
  value_currency: p.value_currency,
  value_basis: p.value_basis,
  value_usd: p.value_usd === null ? null : Number(p.value_usd),
  value_fx_date: isoDay(p.value_fx_date),
  contractor: p.contractor,
  announced_on: isoDay(p.announced_on),
  expected_completion_year: p.expected_completion_year,
  parent_project_id: p.parent_project_id,
  topics: p.topics.map((t) => t.slug),
  tags: p.tags.map((t) => t.slug),
  companies: p.companies.map(({ id, name, role }) => ({ id, name, role })),
  last_seen_edition_number: p.last_seen_edition_number,
  updated_at: new Date(p.updated_at).toISOString(),
  version: p.record_version,
});

export const ProjectLinksRecord = component('V1AdminProjectLinks', Type.Object({
  airports: Type.Array(LinkedAirport, { description: 'The main airport first' }),
  companies: Type.Array(Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String(), role: Type.String() })),
  topics: Type.Array(Term),
  tags: Type.Array(Term),
}, { title: 'AdminProjectLinks' }), projectLinksExample);

export const presentProjectLinks = (l: ProjectLinks): Static<typeof ProjectLinksRecord> => l;
