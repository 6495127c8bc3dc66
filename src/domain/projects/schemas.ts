/**
 * The projects' vocabulary and input schemas (TypeBox, i.e. JSON Schema; not HTTP): the states and
 * sorts, the filter every face translates its query into, and the bodies an administrator writes.
 * The domain input types are derived from the schemas with `Static<>`, so the contract is declared once.
 */
import { Type, type Static } from 'typebox';
import { Amount, COUNTRY_CODE, createOf, CURRENCY_CODE, FilterText, IATA_CODE, MAX_AMOUNT, NullableInteger, NullableString, patchOf, splitCommaList, StringEnum, Strings, Text, OptionalCommaList } from '../shared/input-schema.js';

/** Project states (seed: planned, ongoing, complete, cancelled, on_hold). */
export const PROJECT_STATUSES = ['planned', 'ongoing', 'complete', 'cancelled', 'on_hold'] as const;
/** One project state. */
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** Orders a project list can take; `relevance` (ranked by `q`, else by title) is chosen by the operation's caller. */
export const PROJECT_SORTS = ['title_asc', 'value_desc', 'value_asc', 'year_desc', 'year_asc', 'airport_asc', 'updated_desc'] as const;
/** One order of a project list. */
export type ProjectSort = (typeof PROJECT_SORTS)[number] | 'relevance';

/** Filters over projects, as the domain names them; all given members must hold. */
export const ProjectFilter = Type.Object({
  q: Type.Optional(Type.String({ description: 'Web-search syntax over title (A), airport, IATA code and contractor (B), description (C)' })),
  regionContains: Type.Optional(Type.String({ description: 'Region name contains this, or equals the slug' })),
  region: Type.Optional(Type.String({ description: 'Region slug or exact name' })),
  countryContains: Type.Optional(Type.String({ description: 'Country name contains this, or equals the ISO code' })),
  country: Type.Optional(Type.String({ description: 'ISO 3166-1 alpha-2' })),
  status: Type.Optional(StringEnum(PROJECT_STATUSES)),
  typeContains: Type.Optional(Type.String({ description: 'Project type name contains this, or equals the slug' })),
  type: Type.Optional(Type.String({ description: 'Project type slug' })),
  topic: Type.Optional(Type.String({ description: 'One topic (slug or name)' })),
  terms: Type.Optional(Type.Array(Type.String(), { description: 'Topic or tag slugs; all must match' })),
  minValueUsd: Type.Optional(Type.Integer({ minimum: 0, description: 'Minimum value_usd, whole US dollars' })),
  minAmount: Type.Optional(Type.Integer({ minimum: 0, description: 'Lower bound on value_amount as stated (not converted); excludes projects without a value' })),
  maxAmount: Type.Optional(Type.Integer({ minimum: 0, description: 'Upper bound on value_amount as stated (not converted); excludes projects without a value' })),
  yearFrom: Type.Optional(Type.Integer({ description: 'Expected completion year, inclusive lower bound' })),
  yearTo: Type.Optional(Type.Integer({ description: 'Expected completion year, inclusive upper bound' })),
  companyId: Type.Optional(Type.String({
    format: 'uuid',
    description: 'Linked to this company, to a company that is the same organisation under another name, or to any of their subsidiaries (expanded by the operation)',
  })),
  parentProjectId: Type.Optional(Type.String({ format: 'uuid', description: 'The packages of this programme' })),
  articleId: Type.Optional(Type.String({ format: 'uuid', description: 'Linked to this article (the projects it mentions)' })),
  airports: Type.Optional(Type.Array(Type.String(), { description: 'Linked to one of these airports (id, IATA code or part of the name)' })),
  updatedSince: Type.Optional(Type.String({ format: 'date-time', description: 'Changed (updated_at) after this instant' })),
});
/** Filters over projects; all given members must hold. */
export type ProjectFilter = Static<typeof ProjectFilter>;

/** Every field an administrator may set, named as in the project record. Lists replace the whole set. */
const projectFields = {
  title: Type.String({ minLength: 1, maxLength: 500 }),
  description: Text(20_000),
  iata_code: NullableString({ pattern: IATA_CODE, maxLength: 3, description: 'IATA code of the airport; sets airport, country and region' }),
  project_type: NullableString({ minLength: 1, maxLength: 50, description: 'Project type slug (terminal, runway, new-airport, …)' }),
  status: StringEnum(PROJECT_STATUSES),
  value_amount: NullableInteger({ minimum: 0, maximum: MAX_AMOUNT, description: 'As stated, in value_currency units' }),
  value_currency: NullableString({ pattern: CURRENCY_CODE, maxLength: 3, description: 'ISO 4217' }),
  value_basis: NullableString({ minLength: 1, maxLength: 50, description: 'estimated, budget, contract, announced' }),
  announced_on: NullableString({ format: 'date' }),
  expected_completion_year: NullableInteger({ minimum: 1900, maximum: 2200 }),
  contractor: NullableString({ maxLength: 500 }),
  parent_project_id: NullableString({ format: 'uuid', description: 'The programme this project is a package of' }),
  topics: Strings('Topic slugs or names'),
  tags: Strings('Tag slugs'),
};

/** The body of a project create: strict, `title` required (status defaults to `planned`). */
export const ProjectCreate = createOf(projectFields, { title: projectFields.title });
/** A project to create, as {@link ProjectCreate} validates it. */
export type ProjectCreateInput = Static<typeof ProjectCreate>;

/** The body of a project update: strict, any field, at least one. */
export const ProjectPatch = patchOf(projectFields);
/** Fields of a project to change, as {@link ProjectPatch} validates them; absent fields stay as they are. */
export type ProjectInput = Static<typeof ProjectPatch>;

/** `/v1`'s list parameters (slugs, comma lists, amounts as stated); alert rules validate with them too. */
const year = (description: string) => Type.Optional(Type.Integer({ minimum: 1900, maximum: 2200, description }));
/** The filter parameters of `/v1/projects` (its facets and export take the same). */
export const projectParams = {
  q: FilterText('Web-search syntax over title (A), airport, IATA code and contractor (B), description (C)'),
  country: Type.Optional(Type.String({ pattern: COUNTRY_CODE, maxLength: 2, description: 'ISO 3166-1 alpha-2, e.g. SA' })),
  status: Type.Optional(StringEnum(PROJECT_STATUSES, { description: 'Project status' })),
  region: FilterText('Region slug as the facets report, e.g. middle-east'),
  type: FilterText('Project type slug from the facets, e.g. terminal'),
  terms: OptionalCommaList('Topic or tag slugs; ALL must match'),
  min_value: Type.Optional(Amount('Lower bound on value_amount as stated (no currency conversion); excludes projects without a value')),
  max_value: Type.Optional(Amount('Upper bound on value_amount as stated (no currency conversion); excludes projects without a value')),
  year_from: year('Expected completion year, inclusive lower bound'),
  year_to: year('Expected completion year, inclusive upper bound'),
  company_id: Type.Optional(Type.String({ format: 'uuid', maxLength: 36, description: 'Company UUID; also matches its aliases and subsidiaries. Malformed: 400; unknown: []' })),
  parent_project_id: Type.Optional(Type.String({ format: 'uuid', maxLength: 36, description: 'The packages of this programme' })),
};
/** {@link projectParams} as an object schema. */
export const ProjectParams = Type.Object(projectParams);
/** Filter parameters of `/v1/projects`, as {@link ProjectParams} validates them. */
export type ProjectParams = Static<typeof ProjectParams>;
/** The edition's query dialect (slugs, comma lists, amounts as stated) as the domain filter. */
export const projectParamsToFilter = (q: ProjectParams): ProjectFilter => ({
  q: q.q,
  country: q.country,
  status: q.status,
  region: q.region,
  type: q.type,
  terms: splitCommaList(q.terms),
  minAmount: q.min_value,
  maxAmount: q.max_value,
  yearFrom: q.year_from,
  yearTo: q.year_to,
  companyId: q.company_id,
  parentProjectId: q.parent_project_id,
});

