/**
 * The project record of `/v1/admin` (any state): the /v1 project (its presenter) without the
 * per-reader flag, plus what an editor writes and checks (converted value, contractor, topics, tags,
 * companies, last mention); and the record of its links (`GET /v1/admin/projects/{id}/links`).
 */
import { Type, type Static } from 'typebox';
import type { ProjectLinks, ProjectView } from '../../../domain/projects/index.js';
import { Nullable, component } from '../../schema.js';
import { presentProject, Project } from './project.js';
import { adminProjectExample, projectLinksExample } from '../admin/examples.js';
import { RecordVersion } from '../admin/preconditions.js';

const Term = Type.Object({ slug: Type.String(), name: Type.String() });
const LinkedAirport = Type.Object({
  id: Type.String({ format: 'uuid' }),
  iata_code: Type.String(),
  name: Type.String(),
  is_main: Type.Boolean({ description: "The record's main airport (sets its place)" }),
});

const { is_watched: _perReader, ...readerFields } = Project.properties;

export const AdminProject = component('V1AdminProject', Type.Object({
  ...readerFields,
  airport_id: Nullable(Type.String({ format: 'uuid' })),
  value_usd: Nullable(Type.Integer({ description: 'Whole US dollars, converted at the rate of value_fx_date' })),
  value_fx_date: Nullable(Type.String({ format: 'date' })),
  contractor: Nullable(Type.String()),
  topics: Type.Array(Type.String(), { description: 'Topic slugs' }),
  tags: Type.Array(Type.String(), { description: 'Tag slugs' }),
  companies: Type.Array(Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String(), role: Type.String() })),
  last_seen_edition_number: Nullable(Type.Integer({ description: 'The newest published edition that mentions it' })),
  updated_at: Type.String({ format: 'date-time' }),
  version: RecordVersion,
}, { title: 'AdminProject' }), adminProjectExample);
export type AdminProject = Static<typeof AdminProject>;

/** The admin record of a project view: the reader's record (without the per-reader flag) plus the editor's fields. */
export const presentAdminProject = (p: ProjectView): AdminProject => {
  const { is_watched: _perReader, ...reader } = presentProject({ ...p, is_watched: false });
  return {
    ...reader,
    airport_id: p.airport_id,
    value_usd: p.value_usd,
    value_fx_date: p.value_fx_date,
    contractor: p.contractor,
    topics: p.topics.map((t) => t.slug),
    tags: p.tags.map((t) => t.slug),
    companies: p.companies.map(({ id, name, role }) => ({ id, name, role })),
    last_seen_edition_number: p.last_seen_edition_number,
    updated_at: p.updated_at.toISOString(),
    version: p.record_version,
  };
};

export const ProjectLinksRecord = component('V1AdminProjectLinks', Type.Object({
  airports: Type.Array(LinkedAirport, { description: 'The main airport first' }),
  companies: Type.Array(Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String(), role: Type.String() })),
  topics: Type.Array(Term),
  tags: Type.Array(Term),
}, { title: 'AdminProjectLinks' }), projectLinksExample);

export const presentProjectLinks = (l: ProjectLinks): Static<typeof ProjectLinksRecord> => l;
