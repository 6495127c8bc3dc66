/** The filter of the project reads (list, facets, export) as SQL conditions. */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { resolveCompanyIds } from '../companies/index.js';
import type { Ctx } from '../context.js';
import { carriesTerm, countryContains, hasAirport, likePattern, regionContains, regionEquals } from '../shared/sql-filters.js';
import type { ProjectFilter } from './schemas.js';

/**
 * The SQL conditions of `filter` over `projects p` (published projects only). A `companyId` is
 * expanded here through aliases and subsidiaries (src/domain/companies/resolve-company-ids.ts), a
 * `region` to its slug (`regionEquals`), a `topic` or term to its ids in `p.term_ids`
 * (`carriesTerm`, migration 0028); an unknown company, region or term matches nothing.
 */
export async function projectConditions(ctx: Ctx, filter: ProjectFilter): Promise<RawBuilder<SqlBool>[]> {
  const where: RawBuilder<SqlBool>[] = [sql<SqlBool>`p.published`];
  if (filter.q) where.push(sql<SqlBool>`p.search_vector @@ websearch_to_tsquery('english', ${filter.q})`);
  if (filter.regionContains) where.push(regionContains('p.region_slug', filter.regionContains));
  if (filter.region) where.push(await regionEquals(ctx.db, 'p.region_slug', filter.region));
  if (filter.countryContains) where.push(countryContains('p.country_code', filter.countryContains));
  if (filter.country) where.push(sql<SqlBool>`p.country_code = ${filter.country.toUpperCase()}`);
  if (filter.status) where.push(sql<SqlBool>`p.status = ${filter.status}`);
  if (filter.typeContains) {
    where.push(sql<SqlBool>`exists (select 1 from project_types pt where pt.slug = p.project_type_slug
      and (pt.name ilike ${likePattern(filter.typeContains)} or pt.slug = ${filter.typeContains.trim().toLowerCase()}))`);
  }
  if (filter.type) where.push(sql<SqlBool>`p.project_type_slug = ${filter.type}`);
  if (filter.topic) where.push(await carriesTerm(ctx.db, 'p.term_ids', filter.topic, ['topic']));
  for (const term of filter.terms ?? []) where.push(await carriesTerm(ctx.db, 'p.term_ids', term, ['topic', 'tag']));
  if (filter.minValueUsd !== undefined) where.push(sql<SqlBool>`p.value_usd >= ${filter.minValueUsd}`);
  if (filter.minAmount !== undefined) where.push(sql<SqlBool>`p.value_amount >= ${filter.minAmount}`);
  if (filter.maxAmount !== undefined) where.push(sql<SqlBool>`p.value_amount <= ${filter.maxAmount}`);
  if (filter.yearFrom !== undefined) where.push(sql<SqlBool>`p.expected_completion_year >= ${filter.yearFrom}`);
  if (filter.yearTo !== undefined) where.push(sql<SqlBool>`p.expected_completion_year <= ${filter.yearTo}`);
  if (filter.companyId) {
    const companyIds = await resolveCompanyIds(ctx, filter.companyId);
    where.push(sql<SqlBool>`exists (select 1 from project_companies pc where pc.project_id = p.id and pc.company_id = any(${companyIds}::uuid[]))`);
  }
  if (filter.articleId) where.push(sql<SqlBool>`exists (select 1 from article_projects ap where ap.project_id = p.id and ap.article_id = ${filter.articleId}::uuid)`);
  if (filter.parentProjectId) where.push(sql<SqlBool>`p.parent_project_id = ${filter.parentProjectId}::uuid`);
  if (filter.airports?.length) where.push(hasAirport('project', filter.airports, 'p'));
  if (filter.updatedSince) where.push(sql<SqlBool>`p.updated_at > ${filter.updatedSince}::timestamptz`);
  return where;
}
