/**
 * Input schemas of the "replace the set" writes of projects and tenders (airports, companies,
 * topics and tags): every item is either a string (an id, a code, a slug or a name) or the object
 * the record's links read returns (`{ id, iata_code, name }`, `{ slug, name }`, `{ id, name, role }`),
 * so a links read can be written back unchanged. The values are resolved against the vocabularies
 * by the resolvers of src/domain/admin/taxonomy.ts and src/domain/companies/.
 */
import { Type, type Static } from 'typebox';
import { StringEnum } from './input-schema.js';

const text = (description: string) => Type.String({ minLength: 1, maxLength: 500, description });
const list = <T extends Parameters<typeof Type.Array>[0]>(item: T, description: string) => Type.Array(item, { maxItems: 100, description });

/** An airport: its id, IATA code or name, or `{ id, iata_code, name }` as the links read returns it. */
export const AirportRef = Type.Union([
  text('Airport id, IATA code or name'),
  Type.Object({
    id: Type.Optional(text('Airport id')),
    iata_code: Type.Optional(text('IATA code')),
    name: Type.Optional(text('Airport name')),
  }, { additionalProperties: false, minProperties: 1 }),
]);
/** One airport reference. */
export type AirportRef = Static<typeof AirportRef>;

/** A topic or tag: its slug or name, or `{ slug, name }` as the links read returns it. */
export const TermRef = Type.Union([
  text('Slug or name'),
  Type.Object({ slug: Type.Optional(text('Slug')), name: Type.Optional(text('Name')) }, { additionalProperties: false, minProperties: 1 }),
]);
/** One topic or tag reference. */
export type TermRef = Static<typeof TermRef>;

/** Roles a company plays in a project. */
export const PROJECT_COMPANY_ROLES = ['contractor', 'operator', 'investor', 'designer', 'owner'] as const;
/** One role of a company in a project. */
export type ProjectCompanyRole = (typeof PROJECT_COMPANY_ROLES)[number];

/**
 * A company: its id, slug, name or one of its aliases, or `{ id, slug, name }` as the links read and
 * the /v1 article and project records return it (the id decides when given; decision 0056).
 */
export const CompanyRef = Type.Union([
  text('Company id, slug, name or alias'),
  Type.Object({
    id: Type.Optional(text('Company id')),
    slug: Type.Optional(text('Company slug (when no id is given)')),
    name: Type.Optional(text('Company name or alias (when no id or slug is given)')),
  }, { additionalProperties: false, minProperties: 1 }),
]);
/** One company reference. */
export type CompanyRef = Static<typeof CompanyRef>;

/** A company with its role in a project, `{ id, slug, name, role }` as the project record returns it (role default contractor). */
export const ProjectCompanyRef = Type.Object({
  id: Type.Optional(text('Company id')),
  slug: Type.Optional(text('Company slug (when no id is given)')),
  name: Type.Optional(text('Company name or alias (when no id or slug is given)')),
  role: Type.Optional(StringEnum(PROJECT_COMPANY_ROLES, { description: 'Role in the project (default contractor)', default: 'contractor' })),
}, { additionalProperties: false, minProperties: 1 });
/** One company of a project. */
export type ProjectCompanyRef = Static<typeof ProjectCompanyRef>;

/** The body of `PUT …/airports`: the whole set. */
export const AirportSet = Type.Object({ airports: list(AirportRef, 'Every airport of the record (the whole set; [] clears it)') }, { additionalProperties: false });
/** The airports to set. */
export type AirportSetInput = Static<typeof AirportSet>;

/** The body of `PUT …/terms`: the whole set of topics and tags (a list left out keeps its links). */
export const TermSet = Type.Object({
  topics: Type.Optional(list(TermRef, 'Topic slugs or names (the whole set; [] clears it)')),
  tags: Type.Optional(list(TermRef, 'Tag slugs (unknown tags are created; the whole set; [] clears it)')),
}, { additionalProperties: false, minProperties: 1 });
/** The topics and tags to set. */
export type TermSetInput = Static<typeof TermSet>;

/** The body of `PUT /v1/admin/projects/{id}/companies`: the whole set with roles. */
export const ProjectCompanySet = Type.Object({ companies: list(ProjectCompanyRef, 'Every company of the project with its role (the whole set; [] clears it)') }, { additionalProperties: false });
/** The companies of a project to set. */
export type ProjectCompanySetInput = Static<typeof ProjectCompanySet>;

/** The body of `PUT /v1/admin/tenders/{id}/companies`: the whole set. */
export const CompanySet = Type.Object({ companies: list(CompanyRef, 'Every company of the tender (the whole set; [] clears it)') }, { additionalProperties: false });
/** The companies of a tender to set. */
export type CompanySetInput = Static<typeof CompanySet>;

/**
 * The string a reference stands for: the string itself, else the most specific key of its object
 * (an airport's IATA code, then an id, a slug, a name).
 */
export function refValue(ref: string | { id?: string | undefined; iata_code?: string | undefined; slug?: string | undefined; name?: string | undefined }): string {
  if (typeof ref === 'string') return ref;
  return ref.iata_code ?? ref.id ?? ref.slug ?? ref.name ?? '';
}

/** A term or airport as the links read returns it. */
export interface LinkedTerm {
  slug: string;
  name: string;
}
/** An airport as the links read returns it. */
export interface LinkedAirport {
  id: string;
  iata_code: string;
  name: string;
}
