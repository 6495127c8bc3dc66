/**
 * The query parameters of the reader's three lists, `/v1/search`, `/v1/projects` and
 * `/v1/tenders` (without paging and sort), declared once: the routes validate their query strings
 * with these schemas, and an alert rule's `query` is validated by the same ones. Each
 * comes with its translation into the domain's filter, which both the routes and alert matching use.
 */
import { Type, type Static } from 'typebox';
import { ArchiveFilter, type ArchiveQuery } from '../articles/index.js';
import { PROJECT_STATUSES, type ProjectFilter } from '../projects/index.js';
import { Amount, CommaList, COUNTRY_CODE, FilterText, StringEnum } from '../shared/input-schema.js';
import { TENDER_TYPES, type TenderFilter } from '../tenders/index.js';
import { LIVE_TENDER_STATUSES, TENDER_STATUSES, type TenderStatus } from '../tenders/index.js';

/** `a,b, c` → `['a', 'b', 'c']`; `undefined` when nothing is left. */
export function splitCommaList(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const items = value.split(',').map((v) => v.trim()).filter(Boolean);
  return items.length ? items : undefined;
}
const commaList = (description: string) => Type.Optional(CommaList(description));
const year = (description: string) => Type.Optional(Type.Integer({ minimum: 1900, maximum: 2200, description }));

/** The parameters of `/v1/search` (the archive filter with `terms` comma-separated). */
export const searchParams = { ...ArchiveFilter.properties, terms: commaList('Topic or tag slugs; ALL must match') };
/** {@link searchParams} as an object schema. */
export const SearchParams = Type.Object(searchParams);
/** Parameters of `/v1/search`, as {@link SearchParams} validates them. */
export type SearchParams = Static<typeof SearchParams>;
/** The search parameters as the domain's archive query. */
export const searchParamsToQuery = ({ terms, ...rest }: SearchParams): ArchiveQuery => ({ ...rest, terms: splitCommaList(terms) });

/** The filter parameters of `/v1/projects` (its facets and export take the same). */
export const projectParams = {
  q: FilterText('Web-search syntax over title (A), airport, IATA code and contractor (B), description (C)'),
  country: Type.Optional(Type.String({ pattern: COUNTRY_CODE, maxLength: 2, description: 'ISO 3166-1 alpha-2, e.g. SA' })),
  status: Type.Optional(StringEnum(PROJECT_STATUSES, { description: 'Project status' })),
  region: FilterText('Region slug as the facets report, e.g. middle-east'),
  type: FilterText('Project type slug from the facets, e.g. terminal'),
  terms: commaList('Topic or tag slugs; ALL must match'),
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

const STATUS_LIST = `^(${TENDER_STATUSES.join('|')})(,(${TENDER_STATUSES.join('|')}))*$`;
/** The filter parameters of `/v1/tenders`. */
export const tenderParams = {
  q: FilterText('Web-search syntax over title (A), buyer and reference (B), description (C)'),
  region: FilterText('Region slug, e.g. europe'),
  country: Type.Optional(Type.String({ pattern: COUNTRY_CODE, maxLength: 2, description: 'ISO 3166-1 alpha-2' })),
  type: Type.Optional(StringEnum(TENDER_TYPES, { description: 'Notice type' })),
  status: Type.Optional(Type.String({
    pattern: STATUS_LIST,
    maxLength: 200,
    description: `Derived statuses, comma-separated: ${TENDER_STATUSES.join(', ')}. Default: open,closing_soon`,
  })),
  terms: commaList('Topic or tag slugs; ALL must match (topics stand in for categories; there is no category parameter)'),
};
/** {@link tenderParams} as an object schema. */
export const TenderParams = Type.Object(tenderParams);
/** Filter parameters of `/v1/tenders`, as {@link TenderParams} validates them. */
export type TenderParams = Static<typeof TenderParams>;
/** The edition's query dialect (slugs, comma lists, live statuses by default) as the domain filter. */
export const tenderParamsToFilter = (q: TenderParams): TenderFilter => ({
  q: q.q,
  region: q.region,
  country: q.country,
  type: q.type,
  statuses: (splitCommaList(q.status) as TenderStatus[] | undefined) ?? LIVE_TENDER_STATUSES,
  terms: splitCommaList(q.terms),
});
