/**
 * The airport projects database: one filter model, the sorts and the query that selects
 * `ProjectView`s, shared by every face (/api/v1/projects, /v1/projects, exports, MCP).
 * Source: table `projects` with its taxonomy links; `value_usd` is derived at write time from the
 * dated `fx_rates` table (src/domain/fx.ts), never at request time.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { DB } from '../../db/types.js';
import type { Term } from '../articles/article-view.js';
import { allOf, countryContains, hasAirport, hasTerm, hasTopicOrTag, likePattern, regionContains, regionIn, termsJson } from '../search/sql-filters.js';

/** Project states (seed: planned, ongoing, complete, cancelled, on_hold). */
export const PROJECT_STATUSES = ['planned', 'ongoing', 'complete', 'cancelled', 'on_hold'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** Orders a project list can take. `relevance` needs `q`. */
export const PROJECT_SORTS = ['title_asc', 'value_desc', 'value_asc', 'year_desc', 'year_asc', 'airport_asc', 'updated_desc'] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number] | 'relevance';

/** Filters over projects; all given members must hold. */
export interface ProjectFilter {
  /** Web-search syntax over title (A), airport, IATA code and contractor (B), description (C). */
  q?: string | undefined;
  /** Region name contains this, or equals the slug. */
  regionContains?: string | undefined;
  /** Region slug or exact name. */
  region?: string | undefined;
  /** Country name contains this, or equals the ISO code. */
  countryContains?: string | undefined;
  /** ISO 3166-1 alpha-2. */
  country?: string | undefined;
  status?: ProjectStatus | undefined;
  /** Project type name contains this, or equals the slug. */
  typeContains?: string | undefined;
  /** Project type slug. */
  type?: string | undefined;
  /** One topic (slug or name). */
  topic?: string | undefined;
  /** Topic or tag slugs; all must match. */
  terms?: string[] | undefined;
  /** Minimum `value_usd`, whole US dollars. */
  minValueUsd?: number | undefined;
  /** Bounds on the stated `value_amount` (not converted); projects without a stated value are excluded. */
  minAmount?: number | undefined;
  maxAmount?: number | undefined;
  /** Expected completion year, inclusive bounds. */
  yearFrom?: number | undefined;
  yearTo?: number | undefined;
  /** Linked to one of these companies (ids already expanded through aliases and subsidiaries). */
  companyIds?: string[] | undefined;
  parentProjectId?: string | undefined;
  /** Linked to one of these airports (id, IATA code or part of the name). */
  airports?: string[] | undefined;
}

/** A project with its place, type, taxonomy and last mention. */
export interface ProjectView {
  id: string;
  title: string;
  description: string;
  airport_id: string | null;
  airport_name: string | null;
  iata_code: string | null;
  country_code: string | null;
  country_name: string | null;
  region_slug: string | null;
  region_name: string | null;
  project_type_slug: string | null;
  project_type_name: string | null;
  status: ProjectStatus;
  /** As stated, in `value_currency` units. */
  value_amount: number | null;
  value_currency: string | null;
  value_basis: string | null;
  /** Whole US dollars, from the FX rate of `value_fx_date`. */
  value_usd: number | null;
  value_fx_date: string | null;
  contractor: string | null;
  announced_on: string | null;
  expected_completion_year: number | null;
  parent_project_id: string | null;
  last_seen_edition_number: number | null;
  last_seen_edition_date: string | null;
  updated_at: Date;
  topics: Term[];
  tags: Term[];
  companies: { id: string; name: string; role: string }[];
}

/** The SQL conditions of `filter` over `projects p` (published projects only). */
export function projectConditions(filter: ProjectFilter): RawBuilder<SqlBool>[] {
  const where: RawBuilder<SqlBool>[] = [sql<SqlBool>`p.published`];
  if (filter.q) where.push(sql<SqlBool>`p.search_vector @@ websearch_to_tsquery('english', ${filter.q})`);
  if (filter.regionContains) where.push(regionContains('p.region_slug', filter.regionContains));
  if (filter.region) where.push(regionIn('p.region_slug', [filter.region]));
  if (filter.countryContains) where.push(countryContains('p.country_code', filter.countryContains));
  if (filter.country) where.push(sql<SqlBool>`p.country_code = ${filter.country.toUpperCase()}`);
  if (filter.status) where.push(sql<SqlBool>`p.status = ${filter.status}`);
  if (filter.typeContains) {
    where.push(sql<SqlBool>`exists (select 1 from project_types pt where pt.slug = p.project_type_slug
      and (pt.name ilike ${likePattern(filter.typeContains)} or pt.slug = ${filter.typeContains.trim().toLowerCase()}))`);
  }
  if (filter.type) where.push(sql<SqlBool>`p.project_type_slug = ${filter.type}`);
  if (filter.topic) where.push(hasTerm('project', 'topic', [filter.topic], 'p'));
  for (const term of filter.terms ?? []) where.push(hasTopicOrTag('project', term, 'p'));
  if (filter.minValueUsd !== undefined) where.push(sql<SqlBool>`p.value_usd >= ${filter.minValueUsd}`);
  if (filter.minAmount !== undefined) where.push(sql<SqlBool>`p.value_amount >= ${filter.minAmount}`);
  if (filter.maxAmount !== undefined) where.push(sql<SqlBool>`p.value_amount <= ${filter.maxAmount}`);
  if (filter.yearFrom !== undefined) where.push(sql<SqlBool>`p.expected_completion_year >= ${filter.yearFrom}`);
  if (filter.yearTo !== undefined) where.push(sql<SqlBool>`p.expected_completion_year <= ${filter.yearTo}`);
  if (filter.companyIds) {
    where.push(sql<SqlBool>`exists (select 1 from project_companies pc where pc.project_id = p.id and pc.company_id = any(${filter.companyIds}::uuid[]))`);
  }
  if (filter.parentProjectId) where.push(sql<SqlBool>`p.parent_project_id = ${filter.parentProjectId}::uuid`);
  if (filter.airports?.length) where.push(hasAirport('project', filter.airports, 'p'));
  return where;
}

/** ORDER BY of a sort; every order ends with the id so pages are stable. */
export function projectOrder(sort: ProjectSort, q: string | undefined): RawBuilder<unknown> {
  switch (sort) {
    case 'relevance':
      return q ? sql`ts_rank(p.search_vector, websearch_to_tsquery('english', ${q})) desc, p.title, p.id` : sql`p.title, p.id`;
    case 'value_desc':
      return sql`p.value_usd desc nulls last, p.title, p.id`;
    case 'value_asc':
      return sql`p.value_usd asc nulls last, p.title, p.id`;
    case 'year_desc':
      return sql`p.expected_completion_year desc nulls last, p.title, p.id`;
    case 'year_asc':
      return sql`p.expected_completion_year asc nulls last, p.title, p.id`;
    case 'airport_asc':
      return sql`p.airport_name asc nulls last, p.title, p.id`;
    case 'updated_desc':
      return sql`p.updated_at desc, p.id`;
    default:
      return sql`p.title, p.id`;
  }
}

/** Selects `ProjectView` rows of the projects `p` that satisfy `where`. */
export function selectProjectViews(db: Kysely<DB>, where: RawBuilder<SqlBool>) {
  return db
    .selectFrom('projects as p')
    .leftJoin('countries as c', 'c.code', 'p.country_code')
    .leftJoin('regions as r', 'r.slug', 'p.region_slug')
    .leftJoin('project_types as pt', 'pt.slug', 'p.project_type_slug')
    .leftJoin('editions as le', 'le.id', 'p.last_seen_edition_id')
    .where(where)
    .select((eb) => [
      'p.id', 'p.title', 'p.description', 'p.airport_id', 'p.airport_name', 'p.iata_code', 'p.country_code',
      'c.name as country_name', 'p.region_slug', 'r.name as region_name', 'p.project_type_slug', 'pt.name as project_type_name',
      'p.status', 'p.value_amount', 'p.value_currency', 'p.value_basis', 'p.value_usd', 'p.value_fx_date', 'p.contractor',
      'p.announced_on', 'p.expected_completion_year', 'p.parent_project_id', 'le.number as last_seen_edition_number',
      'le.publish_date as last_seen_edition_date', 'p.updated_at',
      termsJson('project', 'topic', 'p').as('topics'),
      termsJson('project', 'tag', 'p').as('tags'),
      jsonArrayFrom(
        eb.selectFrom('project_companies as x').innerJoin('companies as co', 'co.id', 'x.company_id').select(['co.id', 'co.name', 'x.role'])
          .whereRef('x.project_id', '=', 'p.id').orderBy('co.name'),
      ).as('companies'),
    ]);
}
