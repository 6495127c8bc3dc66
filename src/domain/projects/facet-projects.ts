/**
 * Facets of the projects database (/v1/projects/facets): for the projects that match a filter, the
 * statuses, regions, countries, project types, topics and tags they carry, with counts. The values
 * are what the list's parameters take (status, region slug, ISO code, type slug, term slugs).
 */
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { gated, GATES } from '../entitlements.js';
import { columnDimension, countryDimension, facetCounts, regionDimension, termDimension, type Facet } from '../shared/facets.js';
import { allOf } from '../shared/sql-filters.js';
import { projectConditions } from './project-conditions.js';
import type { ProjectFilter } from './schemas.js';

/** The vocabulary of a set of projects: `{ value, label, count }` per dimension. */
export interface ProjectFacets {
  statuses: Facet[];
  regions: Facet[];
  countries: Facet[];
  types: Facet[];
  topics: Facet[];
  tags: Facet[];
}

/**
 * Counts the vocabulary of the published projects matching `filter` (not narrowed in a preview).
 * @throws DomainError FORBIDDEN without `projects` (full or preview)
 */
export const facetProjects = gated(GATES.projects, async function facetProjects(ctx: Ctx, filter: ProjectFilter): Promise<ProjectFacets> {
  const matching = sql`select p.id, p.status, p.region_slug, p.country_code, p.project_type_slug from projects p
                        where ${allOf(await projectConditions(ctx, filter))}`;
  const count = (d: Parameters<typeof facetCounts>[2]) => facetCounts(ctx.db, matching, d);
  const [statuses, regions, countries, types, topics, tags] = await Promise.all([
    count(columnDimension('status')),
    count(regionDimension),
    count(countryDimension),
    count({ join: sql`join project_types pt on pt.slug = x.project_type_slug`, value: sql`pt.slug`, label: sql`pt.name` }),
    count(termDimension('project', 'topic')),
    count(termDimension('project', 'tag')),
  ]);
  return { statuses, regions, countries, types, topics, tags };
});
